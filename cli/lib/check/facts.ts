import type { Site } from '#schemas/index.ts';
import type { Problem } from '#core/content/problems.ts';
import { pageProblem, type RuleContext } from './site.ts';
import type { Statement } from './statements.ts';

const PRICE_LABELS: Record<string, string> = { powerSupply: 'power supply', motherboard: 'motherboard', audio: 'audio' };

const HOURS_LABEL = (h: Site['hours']['primary']) => `${h.opens}-${h.closes}`;

/**
 * Business facts: a page stating hours, warranty, a price or the years of experience differently
 * from the primary value in content/site.yaml is reported; a warning when site.yaml declares that
 * value as an accepted alternative reading, an error otherwise.
 */
export function checkFacts(ctx: RuleContext): Problem[] {
  const site = ctx.facts;
  if (!site) return [];
  const problems: Problem[] = [];
  const hoursAlt = new Map(Object.entries(site.hours.alternatives).map(([name, h]) => [HOURS_LABEL(h), { name, usedOn: h.usedOn }]));
  const warrantyAlt = new Map(Object.entries(site.warranty.alternatives).map(([name, w]) => [String(w.days), { name, usedOn: w.usedOn }]));
  const prices = site.prices as Record<string, number>;
  const priceValues = new Set(Object.values(prices).map(String));
  const years = site.stats.years.replace(/\D/g, '');

  for (const page of ctx.site.all) {
    const seen = new Set<string>();
    for (const st of page.facts.statements) {
      const key = `${st.rule}:${st.key ?? ''}:${st.value}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const report = (expected: string, message: string, alt?: { name: string; usedOn?: string }) =>
        problems.push(
          pageProblem(ctx, page, {
            rule: st.rule,
            message,
            expected,
            received: JSON.stringify(st.text),
            severity: alt ? 'warning' : 'error',
            hint: alt ? `site.yaml declares this as the "${alt.name}" reading${alt.usedOn ? ` (${alt.usedOn})` : ''}` : undefined,
            needles: [st.text],
          }),
        );
      switch (st.rule) {
        case 'fact-hours': {
          const primary = HOURS_LABEL(site.hours.primary);
          if (st.value !== primary) report(`${site.hours.primary.label}, ${primary}`, `the page states opening hours ${st.value}, not the primary reading of content/site.yaml`, hoursAlt.get(st.value));
          break;
        }
        case 'fact-warranty': {
          const primary = String(site.warranty.primary.days);
          if (st.value !== primary) report(`${site.warranty.primary.label} (${primary} days)`, `the page states a ${st.value}-day warranty, not the primary reading of content/site.yaml`, warrantyAlt.get(st.value));
          break;
        }
        case 'fact-price':
          if (st.key && String(prices[st.key]) !== st.value) {
            report(`₹${prices[st.key]} (prices.${st.key})`, `the page states a ${PRICE_LABELS[st.key] ?? st.key} price other than content/site.yaml`);
          } else if (!st.key && !priceValues.has(st.value)) {
            report(`one of ${[...priceValues].map((v) => `₹${v}`).join(', ')}`, 'the page states a starting price that is not in content/site.yaml');
          }
          break;
        case 'fact-years':
          if (st.value.startsWith('since ')) {
            if (st.value !== `since ${site.founded}`) report(`since ${site.founded} (founded)`, 'the page states a founding year other than content/site.yaml');
          } else if (st.value !== years) {
            report(`${site.stats.years} years (stats.years)`, 'the page states years of experience other than content/site.yaml');
          }
          break;
      }
    }
  }
  return problems;
}

export type { Statement };
