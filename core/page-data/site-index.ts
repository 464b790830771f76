import path from 'node:path';
import type { PageEntry } from '#schemas/index.ts';
import type { NavLink, SiteData } from '#src/contract/site.ts';
import type { Content } from '../content/types.ts';
import type { LoadContext } from '../content/context.ts';
import { collectionRoutes } from './collections.ts';
import { notFoundPages } from './not-found.ts';
import { staticPageData } from './static.ts';
import { listName, routesOf, type RouteEntry, type SiteIndex } from './route-entry.ts';
import { pageMeta } from './seo.ts';


/** Turn validated content into the list of pages, with every page's data (DESIGN.md §1). */
export function buildSiteIndex(content: Content, ctx: LoadContext, buildDate: string): SiteIndex {
  const pagesFile = ctx.display(path.join(content.dir, 'pages.yaml'));
  const pagesSource = ctx.sources.get(pagesFile);
  const collected = collectionRoutes(content, ctx);

  const navOf = (kind: 'brand' | 'area'): NavLink[] => routesOf(collected, kind).map((r) => ({ href: r.path, label: listName(r) }));
  const siteData: SiteData = {
    site: content.site,
    nav: {
      services: content.services.filter((s) => s.main).map((s) => ({ href: `/services#${s.id}`, label: s.title })),
      brands: navOf('brand'),
      areas: navOf('area'),
    },
    buildDate,
    lang: 'en', messages: content.messages.en,
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
