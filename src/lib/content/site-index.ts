import path from 'node:path';
import type { PageEntry } from '../../../schemas/index.ts';
import type { NavLink, PageData, SiteData } from '../page-data.ts';
import type { Content, LoadContext } from './load.ts';
import { collectionRoutes } from './pages/collections.ts';
import { notFoundPages } from './pages/not-found.ts';
import { staticPageData } from './pages/static.ts';
import { pageMeta } from './seo.ts';

/** One URL of the built site. */
export interface RouteEntry {
  /** The URL path, no trailing slash ("/" for the home page). */
  path: string;
  /** The screen (src/pages/registry.ts). */
  kind: string;
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
  data: PageData;
}

export interface SiteIndex {
  site: SiteData;
  routes: RouteEntry[];
  /** Not-found pages: the site's 404 and the nearest-404 pages of sections (/blog, /service-center). */
  notFound: (RouteEntry & { dir: string })[];
}

/** Turn validated content into the list of pages, with every page's data (DESIGN.md §1). */
export function buildSiteIndex(content: Content, ctx: LoadContext, buildDate: string): SiteIndex {
  const pagesFile = ctx.display(path.join(content.dir, 'pages.yaml'));
  const pagesSource = ctx.sources.get(pagesFile);
  const collected = collectionRoutes(content, ctx);

  const navOf = (kind: string): NavLink[] =>
    collected.filter((r) => r.kind === kind).map((r) => ({ href: r.path, label: r.navLabel ?? r.data.meta.name }));
  const siteData: SiteData = {
    site: content.site,
    nav: {
      services: content.services.filter((s) => s.main).map((s) => ({ href: `/services#${s.id}`, label: s.title })),
      brands: navOf('brand'),
      areas: navOf('area'),
    },
    buildDate,
  };

  const statics = content.pages.map((entry: PageEntry, i): RouteEntry => {
    const meta = pageMeta(content.site, {
      path: entry.path,
      title: entry.title,
      description: entry.description,
      noindex: entry.noindex,
    });
    return {
      path: entry.path,
      kind: entry.kind,
      source: { file: pagesFile, line: pagesSource?.locate([i]).line ?? 1 },
      sitemap: !entry.noindex,
      lastmod: entry.updated,
      aliases: entry.aliases,
      data: staticPageData(entry, meta, { content, collected, siteData }),
    };
  });

  const notFound = notFoundPages(content, pagesFile);
  return { site: siteData, routes: [...statics, ...collected], notFound };
}
