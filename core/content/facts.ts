import type { Site } from '#schemas/index.ts';
import type { Messages } from '#src/contract/site.ts';
import { fillFacts, formatPhone } from '#src/lib/format.ts';
import { hoursText, translate, type MessageVars } from '#src/i18n/translate.ts';

/** The values {placeholders} in content text stand for, on one page. */
export interface PageFacts {
  prices: Record<string, number>;
  warranty: string;
  hours: string;
  phone: string;
  years: string;
  founded: string;
  business: string;
  city: string;
}

/** The placeholders content text may use: the facts, and {price.<id>} for each price of site.yaml. */
export const placeholders = (facts: Pick<PageFacts, 'prices'>) => ['phone', 'hours', 'warranty', 'years', 'founded', 'business', 'city', ...Object.keys(facts.prices).map((id) => `price.${id}`)];

/**
 * The facts of site.yaml; `warranty` names an alternative reading (the Vu page's "vu"). With the
 * catalogue of the page's language, the hours are written in its words.
 */
export function pageFacts(site: Site, warranty: string | undefined, messages: Messages): PageFacts {
  const reading = (warranty && site.warranty.alternatives[warranty]) || site.warranty.primary;
  const hours = site.hours.primary;
  return {
    prices: Object.fromEntries(site.prices.map((p) => [p.id, p.amount])),
    warranty: reading.label,
    hours: hoursText(hours, messages),
    phone: formatPhone(site.contact.phone),
    years: site.stats.years,
    founded: String(site.founded),
    business: site.business.name,
    city: site.address.city,
  };
}

/** A language's facts by warranty reading, each made once, with its JSON (part of a body's cache key). */
export type FactsOf = (warranty: string | undefined) => { facts: PageFacts; json: string };

/** The facts of a language's content (its site.yaml and catalogue), made once per warranty reading a page names. */
export function factsOf(content: { site: Site; messages: Messages }): FactsOf {
  const made = new Map<string | undefined, { facts: PageFacts; json: string }>();
  return (warranty) => {
    let found = made.get(warranty);
    if (!found) {
      const facts = pageFacts(content.site, warranty, content.messages);
      made.set(warranty, (found = { facts, json: JSON.stringify(facts) }));
    }
    return found;
  };
}

/** Replace every {placeholder} of `text` with its fact; unknown ones are left as they are. */
export function fill(text: string, facts: PageFacts): string {
  return fillFacts(
    text.replace(/\{(founded|business|city)\}/g, (_, key: 'founded' | 'business' | 'city') => facts[key]),
    facts,
  );
}

/**
 * Fill the placeholders in every string of a JSON-like value. What has none is returned as it is,
 * not copied (a build fills the front matter of every post, and most of it has no placeholder):
 * treat the result as read-only.
 */
export function fillDeep<T>(value: T, facts: PageFacts): T {
  // A string with no "{" has no placeholder: most of a front matter, kept as it is.
  if (typeof value === 'string') return (value.includes('{') ? fill(value, facts) : value) as T;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    value.forEach((v: unknown, i) => {
      const filled = fillDeep(v, facts);
      if (filled !== v) (out ??= [...value])[i] = filled;
    });
    return (out ?? value) as T;
  }
  if (value && typeof value === 'object') {
    let out: Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(value)) {
      const filled = fillDeep(v, facts);
      if (filled !== v) (out ??= { ...(value as Record<string, unknown>) })[k] = filled;
    }
    return (out ?? value) as T;
  }
  return value;
}

/** The message `key` of the content's language (content/messages/<code>.yaml), its {placeholders} filled from `vars`. */
export function say(content: { messages: Messages }, key: string, vars?: MessageVars): string {
  return translate(content.messages, key, vars);
}
