import type { Site } from '#schemas/index.ts';
import type { Problem } from '#core/content/problems.ts';
import { pageProblem, type RuleContext } from './site.ts';

const STARTING = /\b(from|start|starting|starts|as low as)\b/i;
const FOUNDED_CONTEXT = /(repair|serving|business|experience|trusted|workshop|shop|operating)/i;

/** A phrase of a price's `covers` as a pattern: any case, a space also matching a hyphen or nothing ("main board", "mainboard"). */
const coverPattern = (phrase: string) => new RegExp(phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[\\s-]?'), 'gi');

/**
 * The price a sentence names close before an amount: the last phrase of a price's `covers` at most
 * 60 characters before it, and not as part of a list ("… audio repair, with prices from ₹399").
 */
function namedPrice(before: string, covers: { price: Site['prices'][number]; pattern: RegExp }[]): Site['prices'][number] | undefined {
  let found: { at: number; price: Site['prices'][number] } | undefined;
  for (const { price, pattern } of covers) {
    for (const m of before.matchAll(pattern)) {
      if (before.length - m.index <= 60 && !/\bprices\b/i.test(before.slice(m.index)) && (!found || m.index > found.at)) found = { at: m.index, price };
    }
  }
  return found?.price;
}

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
  const covers = site.prices.flatMap((price) => price.covers.map((phrase) => ({ price, pattern: coverPattern(phrase) })));
  const priceValues = new Set(site.prices.map((p) => String(p.amount)));
  const years = site.stats.years.replace(/\D/g, '');
  const city = `in ${site.address.city}`.toLowerCase();

  for (const page of ctx.site.all) {
    const seen = new Set<string>();
    for (const st of page.facts.statements) {
      const price = st.rule === 'fact-price' ? namedPrice(st.before!, covers) : undefined;
      // An amount is a price when it names one or says "from"; "since 2016" is the founding year only when it is about the business ("repairing … in <city> since 2016").
      if (st.rule === 'fact-price' && !price && !STARTING.test(st.before!)) continue;
      if (st.rule === 'fact-years' && st.before !== undefined && !FOUNDED_CONTEXT.test(st.before) && !st.before.toLowerCase().includes(city)) continue;
      const key = `${st.rule}:${price?.id ?? ''}:${st.value}`;
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
          if (price && String(price.amount) !== st.value) {
            report(`₹${price.amount} (prices: ${price.id})`, `the page states a ${price.label} price other than content/site.yaml`);
          } else if (!price && !priceValues.has(st.value)) {
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
