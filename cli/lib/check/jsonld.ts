import type { Site } from '#schemas/index.ts';
import type { Problem } from '#core/content/problems.ts';
import { localBusinessJsonLd } from '#core/page-data/seo.ts';
import { pageProblem, type BuiltPage, type RuleContext } from './site.ts';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const typesOf = (o: Json): string[] => (Array.isArray(o['@type']) ? (o['@type'] as string[]) : typeof o['@type'] === 'string' ? [o['@type']] : []);

/** Dotted paths of the LocalBusiness values that must equal content/site.yaml. */
const BUSINESS_FIELDS = [
  'name',
  'url',
  'telephone',
  'email',
  'address.streetAddress',
  'address.addressLocality',
  'address.addressRegion',
  'address.addressCountry',
  'address.postalCode',
  'geo.latitude',
  'geo.longitude',
  'priceRange',
];

function get(o: unknown, dotted: string): unknown {
  return dotted.split('.').reduce<unknown>((v, k) => (isObject(v) ? v[k] : undefined), o);
}

/** Every "Mo-Su 08:00-21:00" reading of site.yaml, with its name. */
function hoursReadings(site: Site): { name: string; value: string }[] {
  const fmt = (h: Site['hours']['primary']) => `${h.days} ${h.opens}-${h.closes}`;
  return [{ name: 'primary', value: fmt(site.hours.primary) }, ...Object.entries(site.hours.alternatives).map(([name, h]) => ({ name, value: fmt(h) }))];
}

/**
 * Structured data: each block parses, has @context and @type; the LocalBusiness values equal
 * content/site.yaml; any telephone or email anywhere equals the configured one.
 */
export function checkJsonLd(ctx: RuleContext): Problem[] {
  const problems: Problem[] = [];
  const site = ctx.facts;
  const expected = site ? localBusinessJsonLd(site) : undefined;
  for (const page of ctx.site.all) {
    page.facts.jsonLd.forEach((raw, i) => {
      const where = `JSON-LD block ${i + 1}`;
      let data: unknown;
      try {
        data = JSON.parse(raw);
      } catch (err) {
        problems.push(pageProblem(ctx, page, { rule: 'json-ld', message: `${where} is not valid JSON`, expected: 'JSON', received: (err as Error).message }));
        return;
      }
      const roots = Array.isArray(data) ? data : [data];
      for (const root of roots) {
        if (!isObject(root)) {
          problems.push(pageProblem(ctx, page, { rule: 'json-ld', message: `${where} is not an object`, expected: 'an object with @context and @type', received: JSON.stringify(root).slice(0, 60) }));
          continue;
        }
        if (typeof root['@context'] !== 'string' || !/schema\.org/.test(root['@context'])) {
          problems.push(pageProblem(ctx, page, { rule: 'json-ld', message: `${where} has no schema.org @context`, expected: '"@context": "https://schema.org"', received: JSON.stringify(root['@context']) ?? 'none' }));
        }
        const items = Array.isArray(root['@graph']) ? (root['@graph'] as unknown[]).filter(isObject) : [root];
        for (const item of items) {
          if (!typesOf(item).length) {
            problems.push(pageProblem(ctx, page, { rule: 'json-ld', message: `${where} has an item with no @type`, expected: 'an "@type"', received: 'none' }));
          }
          if (site && expected) walk(ctx, page, item, site, expected, where, problems);
        }
      }
    });
  }
  return problems;
}

function walk(ctx: RuleContext, page: BuiltPage, node: unknown, site: Site, expected: Json, where: string, problems: Problem[]) {
  if (Array.isArray(node)) {
    for (const n of node) walk(ctx, page, n, site, expected, where, problems);
    return;
  }
  if (!isObject(node)) return;
  const isBusiness = typesOf(node).includes('LocalBusiness') || node['@id'] === expected['@id'];
  if (isBusiness) {
    for (const field of BUSINESS_FIELDS) {
      const got = get(node, field);
      if (got === undefined && node['@id'] === expected['@id'] && !typesOf(node).length) continue; // a reference by @id
      const want = get(expected, field);
      if (JSON.stringify(got) !== JSON.stringify(want)) {
        problems.push(pageProblem(ctx, page, {
          rule: 'json-ld-business',
          message: `${where}: LocalBusiness ${field} differs from content/site.yaml`,
          expected: JSON.stringify(want),
          received: got === undefined ? 'nothing (the field is missing)' : JSON.stringify(got),
        }));
      }
    }
    const hours = node.openingHours;
    if (hours !== undefined) {
      const readings = hoursReadings(site);
      for (const h of Array.isArray(hours) ? hours : [hours]) {
        const reading = readings.find((r) => r.value === h);
        const chosen = site.hours.structuredData;
        if (reading && (reading.name === 'primary' || reading.name === chosen)) continue;
        problems.push(pageProblem(ctx, page, {
          rule: 'json-ld-business',
          message: `${where}: openingHours ${reading ? `states the "${reading.name}" reading, not the one site.yaml names for structured data` : 'is not a reading of content/site.yaml'}`,
          expected: readings.find((r) => r.name === chosen)?.value ?? readings[0]!.value,
          received: JSON.stringify(h),
          severity: reading ? 'warning' : 'error',
        }));
      }
    }
  } else {
    for (const [key, want] of [['telephone', site.contact.phone], ['email', site.contact.email]] as const) {
      const got = node[key];
      if (typeof got === 'string' && got !== want) {
        problems.push(pageProblem(ctx, page, { rule: 'json-ld-contact', message: `${where}: ${key} differs from content/site.yaml`, expected: want, received: got, needles: [got] }));
      }
    }
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'address' || key === 'geo') continue;
    if (isObject(value) || Array.isArray(value)) walk(ctx, page, value, site, expected, where, problems);
  }
}
