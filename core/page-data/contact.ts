import type { RelatedLink } from '#schemas/index.ts';
import type { AreaCell } from '#src/contract/pages.ts';
import type { SiteData } from '#src/contract/site.ts';
import { say } from '../content/facts.ts';
import type { Content } from '../content/types.ts';
import { listName, routesOf, type RouteEntry } from './route-entry.ts';
import { nameKey as key } from './landing.ts';
import { ownPath } from './seo.ts';

/**
 * The areas-served grid: an entry links to the area page whose name it carries, or to its own
 * `link` when that is a route of the site; every other entry is plain text. Derived from the routes,
 * so an area page added in content/areas/ turns its grid entry into a link by itself.
 */
export function areaCells(content: Content, collected: RouteEntry[]): AreaCell[] {
  const byName = new Map(routesOf(collected, 'area').map((r) => [key(listName(r)), r.path]));
  const paths = new Set(collected.map((r) => r.path));
  return content.areasServed.map(({ name, link }) => {
    const href = link && paths.has(ownPath(content, link.split('#')[0]!)) ? link : byName.get(key(name));
    return href ? { name, href } : { name };
  });
}

/** "Our Services & Popular Repair Areas": the first four services, then up to four area pages. */
export function servicesAndAreas(content: Content, collected: RouteEntry[]): RelatedLink[] {
  const services: RelatedLink[] = content.services
    .filter((s) => s.main)
    .slice(0, 4)
    .map((s) => ({ href: `/services#${s.id}`, title: s.title, type: 'service' }));
  const areas: RelatedLink[] = routesOf(collected, 'area')
    .slice(0, 4)
    .map((r) => ({ href: r.path, title: say(content, 'links.areaRepair', { area: listName(r) }), type: 'location' }));
  return [...services, ...areas];
}

/**
 * The contact form's choices: the services site.yaml names, each sent as its title in the default
 * language (`base`) and shown in the page's (`content`), then "Other".
 */
export function contactServices(base: Content, content: Content): SiteData['contactServices'] {
  const title = (c: Content, id: string) => c.services.find((s) => s.id === id)!.title;
  const other = { value: say(base, 'forms.contact.service.other'), label: say(content, 'forms.contact.service.other') };
  return [...base.site.forms.services.map((id) => ({ value: title(base, id), label: title(content, id) })), other];
}
