// The business facts a page states (hours, warranty, prices, years), found in its visible text.
// Pure: page.ts runs it on each page as it reads it; facts.ts compares.

/** A value a page states, found in its visible text. */
export interface Statement {
  rule: 'fact-hours' | 'fact-warranty' | 'fact-price' | 'fact-years';
  /** Normalised value, compared with site.yaml ("08:00-21:00", "90", "399", "10"). */
  value: string;
  /** The text as the page writes it. */
  text: string;
  /** For prices, the sentence before the amount (facts.ts finds which price of site.yaml it names); for "since 2013", the 40 characters before. */
  before?: string;
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

const YEARS = /\b(\d+)\s*\+?\s*(?:years|yrs)\b(?:\s+of)?\s+(?:experience|expertise|in business|of service|repairing|serving)/gi;
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
  // Prices: each rupee amount, with its sentence up to it (which price it is, facts.ts decides).
  for (const sentence of text.matchAll(/[^.!?]+/g)) {
    const s = sentence[0];
    if (!/₹|\bRs\b|\bINR\b/.test(s)) continue;
    for (const p of s.matchAll(PRICE)) out.push({ rule: 'fact-price', value: p[1]!.replace(/,/g, ''), text: p[0], before: s.slice(0, p.index) });
  }
  for (const m of text.matchAll(YEARS)) out.push({ rule: 'fact-years', value: m[1]!, text: m[0] });
  for (const m of text.matchAll(FOUNDED)) out.push({ rule: 'fact-years', value: `since ${m[1]}`, text: m[0], before: /^since/i.test(m[0]) ? text.slice(Math.max(0, m.index! - 40), m.index!) : undefined });
  return out;
}
