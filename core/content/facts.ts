import type { Site } from '#schemas/index.ts';
import type { Messages } from '#src/contract/site.ts';
import { fillFacts, formatPhone } from '#src/lib/format.ts';
import { hoursText, translate, type MessageVars } from '#src/i18n/translate.ts';

/** The placeholders content text may use: the facts, and {price.<id>} for each price of site.yaml. */
export const placeholders = (facts: Pick<PageFacts, 'prices'>) => ['phone', 'hours', 'warranty', 'years', 'founded', 'business', 'city', ...Object.keys(facts.prices).map((id) => `price.${id}`)];

/**
 * The facts of site.yaml; `warranty` names an alternative reading (the Vu page's "vu"). With the
 * catalogue of the page's language, the hours are written in its words.
 */
export function pageFacts(site: Site, warranty: string | undefined, messages: Messages) {
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

/** The values {placeholders} in content text stand for, on one page. */
export type PageFacts = ReturnType<typeof pageFacts>;

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

/**
 * A JSON-like value with each part that `replace` gives another value for replaced (it gives the
 * part itself otherwise, and is asked again of each item or field of an array or object it kept).
 * Only the arrays and objects on the way to a replaced part are copied, the rest is shared: a build
 * does this to the front matter of every post, and most of it changes nothing. Treat the result
 * as read-only.
 */
export function mapDeep<T>(value: T, replace: (part: unknown) => unknown): T {
  const replaced = replace(value);
  if (replaced !== value) return replaced as T;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    value.forEach((v: unknown, i) => {
      const mapped = mapDeep(v, replace);
      if (mapped !== v) (out ??= [...value])[i] = mapped;
    });
    return (out ?? value) as T;
  }
  if (value && typeof value === 'object') {
    let out: Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(value)) {
      const mapped = mapDeep(v, replace);
      if (mapped !== v) (out ??= { ...(value as Record<string, unknown>) })[k] = mapped;
    }
    return (out ?? value) as T;
  }
  return value;
}

/** Fill the placeholders in every string of a JSON-like value (mapDeep: what has none is shared, not copied). */
export function fillDeep<T>(value: T, facts: PageFacts): T {
  // A string with no "{" has no placeholder: most of a front matter, kept as it is.
  return mapDeep(value, (part) => (typeof part === 'string' && part.includes('{') ? fillFacts(part, facts) : part));
}

/** The message `key` of the content's language (content/messages/<code>.yaml), its {placeholders} filled from `vars`. */
export function say(content: { messages: Messages }, key: string, vars?: MessageVars): string {
  return translate(content.messages, key, vars);
}
