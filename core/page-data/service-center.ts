import { folderCollections } from '#schemas/index.ts';
import type { NavLink } from '#src/contract/site.ts';
import type { ServiceCenterBrandData } from '#src/contract/pages.ts';
import { say } from '../content/facts.ts';
import type { Content } from '../content/types.ts';
import { breadcrumbFromPath, ownPath, pageMeta } from './seo.ts';
import { inOrder } from './landing.ts';
import type { RouteEntry } from './route-entry.ts';

/** At most this many other brands under a brand (spec §9). */
const OTHER_BRANDS = 6;

/** The service-centre brands in their order, as the service-centre page lists them (and a brand's page the others). */
export function serviceCenterTiles(content: Content): NavLink[] {
  return inOrder(content.serviceCenter).map(({ data: b }) => ({ href: folderCollections.serviceCenter.route(b), label: b.name }));
}

/** One route per brand of content/service-center/, kind "service-center-brand" (home page tiles read them). */
export function serviceCenterRoutes(content: Content): RouteEntry[] {
  const tiles = serviceCenterTiles(content);
  return inOrder(content.serviceCenter).map(({ data: brand, file }): RouteEntry => {
    const defaultPath = folderCollections.serviceCenter.route(brand);
    const path = ownPath(content, defaultPath);
    // The products it offers, in site.yaml's order; the first one alone has words of its own (meta.productsDefault).
    const offered = Object.keys(content.site.products).filter((id) => brand.services[id]);
    const first = Object.keys(content.site.products)[0];
    const products = offered.length === 1 && offered[0] === first ? say(content, 'serviceCenter.brand.meta.productsDefault') : offered.map((id) => say(content, `serviceCenter.brand.meta.${id}`)).join(', ');
    const vars = { brand: brand.name, city: content.site.address.city, products };
    const meta = pageMeta(content, {
      path: defaultPath,
      title: say(content, 'serviceCenter.brand.meta.title', vars),
      description: say(content, 'serviceCenter.brand.meta.description', vars).slice(0, 160),
      breadcrumb: breadcrumbFromPath(defaultPath, brand.name),
    });
    const others = tiles.filter((t) => t.href !== defaultPath).slice(0, OTHER_BRANDS);
    const { id, name, description, services } = brand;
    const data: ServiceCenterBrandData = { kind: 'service-center-brand', meta, brand: { id, name, description, services }, others };
    return { path, source: { file, line: 1 }, sitemap: true, navLabel: brand.name, data };
  });
}
