import type { Site } from '#schemas/index.ts';
import type { Problem } from '#core/content/problems.ts';
import { pageProblem, type RuleContext } from './site.ts';

/** A value a page states, found in its visible text. */
interface Statement {
  rule: 'fact-hours' | 'fact-warranty' | 'fact-price' | 'fact-years';
  /** Normalised value, compared with site.yaml ("08:00-21:00", "90", "399", "10"). */
  value: string;
  /** The text as the page writes it. */
  text: string;
  /** For prices: which price (site.yaml prices key); undefined for "from ₹N" with no service named. */
  key?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

function to24(h: number, m: number, meridiem: string | undefined): string {
  const mer = meridiem?.toLowerCase().replace(/\./g, '');
  if (mer === 'pm' && h < 12) h += 12;
  if (mer === 'am' && h === 12) h = 0;
  return `${pad(h)}:${pad(m)}`;
}

const MERIDIEM = String.raw`(a\.?m\.?|p\.?m\.?)`;
const DASH = String.raw`\s*(?:–|—|-|to|until|till)\s*`;
const HOURS_12 = new RegExp(String.raw`\b(\d{1,2})(?::(\d{2}))?\s*${MERIDIEM}?${DASH}(\d{1,2})(?::(\d{2}))?\s*${MERIDIEM}(?![a-z])`, 'gi');
const HOURS_24 = /\b([01]?\d|2[0-3]):([0-5]\d)\s*(?:–|—|-|to)\s*([01]?\d|2[0-3]):([0-5]\d)\b/g;
/** A time range counts as opening hours only near one of these words. */
const HOURS_CONTEXT = /(open|hours|timing|daily|every ?day|monday|sunday|mon|sun|working)/i;

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, six: 6, twelve: 12, ninety: 90 };
const UNIT_DAYS: Record<string, number> = { day: 1, month: 30, year: 365 };
const WARRANTY_BEFORE = /\b(\d+|one|two|three|six|twelve|ninety)[\s-]*(day|month|year)s?\b[\s-]+(?:[a-z]+[\s-]+)?warranty/gi;
const WARRANTY_AFTER = /\bwarranty\s+(?:of|for)\s+(?:up to\s+)?(\d+|one|two|three|six|twelve|ninety)[\s-]*(day|month|year)s?\b/gi;

const PRICE = /(?:₹|\bRs\.?|\bINR)\s?(\d[\d,]*)/g;
const PRICE_KEYS: [key: keyof Site['prices'], pattern: RegExp][] = [
  ['powerSupply', /power[\s-]?supply|power (?:issue|problem|repair|fault)/gi],
  ['motherboard', /mother ?board|main ?board/gi],
  ['audio', /audio|sound|speaker/gi],
];
const PRICE_LABELS: Record<string, string> = { powerSupply: 'power supply', motherboard: 'motherboard', audio: 'audio' };
const STARTING = /\b(from|start|starting|starts|as low as)\b/i;

const YEARS = /\b(\d+)\s*\+?\s*(?:years|yrs)\b(?:\s+of)?\s+(?:experience|expertise|in business|of service|repairing|serving)/gi;
const FOUNDED_CONTEXT = /(repair|serving|business|experience|trusted|workshop|shop|operating|in jaipur)/i;
const FOUNDED = /\b(?:since|founded in|established in|est\.)\s+((?:19|20)\d\d)\b/gi;

/** Everything a page says about hours, warranty, prices and years, in document order. */
export function statements(text: string): Statement[] {
  const out: Statement[] = [];
  const masked: [number, number][] = [];
  const context = (i: number) => text.slice(Math.max(0, i - 60), i);
  for (const m of text.matchAll(HOURS_12)) {
    const [all, h1, m1, mer1, h2, m2, mer2] = m;
    if (!HOURS_CONTEXT.test(context(m.index!) + all)) continue;
    const open = Number(h1);
    const close = Number(h2);
    if (open > 12 || close > 12) continue;
    const openMer = mer1 ?? (open >= 5 && open < 12 ? 'am' : mer2);
    out.push({ rule: 'fact-hours', value: `${to24(open, Number(m1 ?? 0), openMer)}-${to24(close, Number(m2 ?? 0), mer2)}`, text: all.trim() });
    masked.push([m.index!, m.index! + all.length]);
  }
  for (const m of text.matchAll(HOURS_24)) {
    if (masked.some(([a, b]) => m.index! >= a && m.index! < b)) continue;
    if (!HOURS_CONTEXT.test(context(m.index!) + m[0])) continue;
    out.push({ rule: 'fact-hours', value: `${pad(Number(m[1]))}:${m[2]}-${pad(Number(m[3]))}:${m[4]}`, text: m[0] });
  }
  for (const re of [WARRANTY_BEFORE, WARRANTY_AFTER]) {
    for (const m of text.matchAll(re)) {
      const n = /^\d+$/.test(m[1]!) ? Number(m[1]) : NUMBER_WORDS[m[1]!.toLowerCase()]!;
      out.push({ rule: 'fact-warranty', value: String(n * UNIT_DAYS[m[2]!.toLowerCase()]!), text: m[0] });
    }
  }
  // Prices: a rupee amount belongs to the service named last before it in the same sentence.
  for (const sentence of text.matchAll(/[^.!?]+/g)) {
    const s = sentence[0];
    if (!/₹|\bRs\b|\bINR\b/.test(s)) continue;
    const mentions: { at: number; key: string }[] = [];
    for (const [key, re] of PRICE_KEYS) for (const k of s.matchAll(re)) mentions.push({ at: k.index!, key });
    for (const p of s.matchAll(PRICE)) {
      // The service must be named close before the amount, and not as part of a list ("… audio repair, with prices from ₹399").
      const before = mentions
        .filter((k) => k.at < p.index! && p.index! - k.at <= 60 && !/\bprices\b/i.test(s.slice(k.at, p.index!)))
        .sort((a, b) => b.at - a.at)[0];
      const value = p[1]!.replace(/,/g, '');
      if (before) out.push({ rule: 'fact-price', value, text: p[0], key: before.key });
      else if (STARTING.test(s.slice(0, p.index!))) out.push({ rule: 'fact-price', value, text: p[0] });
    }
  }
  for (const m of text.matchAll(YEARS)) out.push({ rule: 'fact-years', value: m[1]!, text: m[0] });
  for (const m of text.matchAll(FOUNDED)) {
    // "since 2016" is the founding year only when it is about the business ("repairing TVs in Jaipur since …").
    if (/^since/i.test(m[0]) && !FOUNDED_CONTEXT.test(text.slice(Math.max(0, m.index! - 40), m.index!))) continue;
    out.push({ rule: 'fact-years', value: `since ${m[1]}`, text: m[0] });
  }
  return out;
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
  const prices = site.prices as Record<string, number>;
  const priceValues = new Set(Object.values(prices).map(String));
  const years = site.stats.years.replace(/\D/g, '');

  for (const page of ctx.site.all) {
    const seen = new Set<string>();
    for (const st of statements(page.facts.text)) {
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
