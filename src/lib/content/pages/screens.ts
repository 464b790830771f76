import type { PageEntry, RelatedLink } from '../../../../schemas/index.ts';
import type { PageData, PageMeta } from '../../page-data.ts';
import type { Content } from '../load.ts';
import type { RouteEntry } from '../site-index.ts';
import type { StaticArgs } from './static.ts';

type Builder = (entry: PageEntry, meta: PageMeta, args: StaticArgs) => PageData;

/** One entry of the contact page's "Areas We Serve" grid: a link only when the area has a page. */
export interface AreaCell {
  name: string;
  href?: string;
}

const key = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** The name an area route is listed under (its nav label, else its page name). */
function areaName(route: RouteEntry): string {
  return route.navLabel ?? route.data.meta.name;
}

/**
 * The areas-served grid: an entry links to the area page whose name it carries, or to its own
 * `link` when that is a route of the site; every other entry is plain text. Derived from the routes,
 * so an area page added in content/areas/ turns its grid entry into a link by itself.
 */
export function areaCells(content: Content, collected: RouteEntry[]): AreaCell[] {
  const areaRoutes = collected.filter((r) => r.kind === 'area');
  const byName = new Map(areaRoutes.map((r) => [key(areaName(r)), r.path]));
  const paths = new Set(collected.map((r) => r.path));
  return content.areasServed.map(({ name, link }) => {
    const href = link && paths.has(link.split('#')[0]!) ? link : byName.get(key(name));
    return href ? { name, href } : { name };
  });
}

/** "Our Services & Popular Repair Areas": the first four services, then up to four area pages. */
export function servicesAndAreas(content: Content, collected: RouteEntry[]): RelatedLink[] {
  const services: RelatedLink[] = content.services
    .filter((s) => s.main)
    .slice(0, 4)
    .map((s) => ({ href: `/services#${s.id}`, title: s.title, type: 'service' }));
  const areas: RelatedLink[] = collected
    .filter((r) => r.kind === 'area')
    .slice(0, 4)
    .map((r) => ({ href: r.path, title: `TV Repair in ${areaName(r)}`, type: 'location' }));
  return [...services, ...areas];
}

/** Builders of the fixed pages of issue 4 (services, contact, testimonials), used by static.ts. */
export const screenBuilders: Partial<Record<PageEntry['kind'], Builder>> = {
  // All services: the main six (first four shown until "View All") and the extra sections.
  services: (entry, meta, { content }) => ({ kind: entry.kind, meta, services: content.services }) as PageData,
  contact: (entry, meta, { content, collected }) =>
    ({ kind: entry.kind, meta, areas: areaCells(content, collected), related: servicesAndAreas(content, collected) }) as PageData,
  testimonials: (entry, meta, { content }) => ({ kind: entry.kind, meta, testimonials: content.testimonials }) as PageData,
};
