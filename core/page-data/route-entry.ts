import type { PageData, PageKind } from '#src/contract/pages.ts';
import type { Lang, SiteData } from '#src/contract/site.ts';

/** One URL of the built site; its page kind is `data.kind`. */
export interface RouteEntry<K extends PageKind = PageKind> {
  /** The URL path, no trailing slash ("/" for the home page). */
  path: string;
  /** Where the page comes from, for problems reported against the built page. */
  source: { file: string; line: number };
  /** Listed in sitemap.xml (false for noindex pages). */
  sitemap: boolean;
  /** YYYY-MM-DD of the content's last change, for the sitemap. */
  lastmod?: string;
  /** The name used in navigation lists (footer, grids). */
  navLabel?: string;
  /** Old or alternative paths that redirect (301) to this page. */
  aliases?: string[];
  /** The language of the page (set by buildSiteIndex; absent: the default); its shell is `SiteIndex.sites[lang]`. */
  lang?: Lang;
  data: PageData<K>;
}

/** A not-found page: the site's 404 (dir "/") or the nearest-404 page of a section. */
export interface NotFoundEntry extends RouteEntry<'not-found' | 'post-not-found' | 'brand-not-found'> {
  dir: string;
}

export interface SiteIndex {
  /** The default language's site data (the shell of its pages). */
  site: SiteData;
  /** The site data of each language the site has: the shell of its pages. */
  sites: Record<Lang, SiteData>;
  routes: RouteEntry[];
  notFound: NotFoundEntry[];
}

/** The routes of the given kinds, typed as such. */
export function routesOf<K extends PageKind>(routes: readonly RouteEntry[], ...kinds: K[]): RouteEntry<K>[] {
  return routes.filter((r): r is RouteEntry<K> => (kinds as PageKind[]).includes(r.data.kind));
}

/** The name a route is listed under: its nav label, else its page name. */
export const listName = (route: RouteEntry): string => route.navLabel ?? route.data.meta.name;

/** The site data a route is rendered with: that of its language. */
export const siteOf = (index: SiteIndex, route: RouteEntry): SiteData => (route.lang === undefined ? undefined : index.sites[route.lang]) ?? index.site;
