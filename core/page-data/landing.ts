import { folderCollections, type LandingPage, type Site } from '#schemas/index.ts';
import { hoursText } from '#src/i18n/translate.ts';
import type { LandingData, ResolvedSection } from '#src/contract/pages.ts';
import type { NavLink } from '#src/contract/site.ts';
import { fillFacts } from '#src/lib/format.ts';
import { fillDeep, pageFacts, say } from '../content/facts.ts';
import type { Content, Entry } from '../content/types.ts';
import { breadcrumbFromPath, ownPath, pageMeta } from './seo.ts';
import type { RouteEntry } from './route-entry.ts';

/** Entries in the order content gives them (`order`, then the name). */
export const inOrder = <T extends { data: { order: number; name: string } }>(entries: readonly T[]): T[] => [...entries].sort((a, b) => a.data.order - b.data.order || a.data.name.localeCompare(b.data.name));
/** A name as a key: its letters and digits in lower case, in any script ("Malviya Nagar" → "malviyanagar", "मालवीय नगर" → "मालवीयनगर"). */
export const nameKey = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{M}\p{N}]+/gu, '');

/** schema.org Service offered by the business in the places the page names (spec: "local service with its area served"). */
function serviceJsonLd(site: Site, page: LandingPage, variant: 'brand' | 'area', path: string, hero: { heading: string; lead: string }, serviceType: string): Record<string, unknown> {
  const places = page.areaServed ?? (variant === 'area' ? [page.name] : site.serviceArea);
  // Only what the page shows: its H1 and the lead under it.
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: hero.heading,
    description: hero.lead,
    serviceType,
    url: `${site.origin}${path}`,
    provider: { '@id': `${site.origin}/#business` },
    areaServed: places.map((name) => ({
      '@type': 'Place',
      name: name === site.address.city ? name : `${name}, ${site.address.city}`,
      ...(variant === 'area' && 'pincode' in page && page.pincode && name === page.name
        ? { address: { '@type': 'PostalAddress', addressLocality: site.address.city, postalCode: page.pincode, addressCountry: site.address.country } }
        : {}),
    })),
  };
}

/**
 * The brand or area pages of content/brands and content/areas, as routes of kind "brand" / "area",
 * in the content's language (a page it has no twin of is the default language's page, for lists).
 */
export function landingRoutes(content: Content, variant: 'brand' | 'area'): RouteEntry[] {
  const entries = inOrder<Entry<LandingPage>>(variant === 'brand' ? content.brands : content.areas);
  const brandTiles: (NavLink & { slug: string })[] = inOrder(content.brands).map((e) => ({ href: folderCollections.brands.route(e.data), label: e.data.name, slug: e.data.slug }));
  const areaLinks = new Map(content.areas.map((e) => [nameKey(e.data.name), folderCollections.areas.route(e.data)]));
  const brandLinks = new Map(content.brands.map((e) => [nameKey(e.data.name), folderCollections.brands.route(e.data)]));
  const testimonials = new Map(content.testimonials.map((t) => [t.id, t]));
  const { site } = content;

  return entries.map((entry): RouteEntry => {
    const page = entry.data;
    const defaultPath = folderCollections[variant === 'brand' ? 'brands' : 'areas'].route(page);
    const path = ownPath(content, defaultPath);
    const facts = pageFacts(site, page.warranty, content.messages);
    const sections = page.sections.map((s): ResolvedSection => {
      switch (s.type) {
        case 'brand-grid': {
          const { count, ...rest } = s;
          return { ...rest, tiles: brandTiles.filter((t) => t.slug !== page.slug).slice(0, count).map(({ href, label }) => ({ href, label })) };
        }
        case 'testimonials': {
          const { ids, ...rest } = s;
          return { ...rest, items: [...ids.map((id) => testimonials.get(id)!).map(({ quote, name, location, rating, service }) => ({ quote, name, location, rating, service })), ...s.items] };
        }
        case 'areas':
          // An item with no href links to the area (or brand) page of the same name, when there is one.
          return { ...s, items: s.items.map((it) => ({ ...it, href: it.href ?? areaLinks.get(nameKey(it.name)) ?? brandLinks.get(nameKey(it.name)) })) };
        case 'service-info':
          return { ...s, hoursText: s.hours ? hoursText(site.hours.primary, content.messages) : undefined };
        default:
          return s;
      }
    });
    const body = entry.rendered?.html || undefined;
    if (body && !sections.some((s) => s.type === 'body')) sections.splice(1, 0, { type: 'body' });
    const filled = fillDeep(sections, facts);
    const hero = filled.find((s) => s.type === 'hero') as { heading: string; lead: string };
    const title = fillFacts(page.title, facts);
    const meta = pageMeta(content, {
      path: defaultPath,
      title,
      description: fillFacts(page.description, facts),
      // The URL is written in the default language's words: a crumb spelled from it reads right
      // there only (its words as the title spells them); in another language the page's crumb is its heading.
      breadcrumb: page.breadcrumb ?? breadcrumbFromPath(defaultPath, content.language.prefix ? hero.heading : undefined, title),
      scrollToTop: page.scrollToTop,
      jsonLd: [serviceJsonLd(site, page, variant, path, hero, say(content, 'seo.serviceType'))],
    });
    const data: LandingData = { kind: variant, meta, name: page.name, sections: filled, body };
    return {
      path,
      source: { file: entry.file, line: 1 },
      sitemap: true,
      lastmod: page.updated,
      navLabel: page.name,
      data,
    };
  });
}
