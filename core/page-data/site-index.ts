import path from 'node:path';
import type { NavLink, SiteData } from '#src/contract/site.ts';
import type { Content } from '../content/types.ts';
import type { LoadContext } from '../content/context.ts';
import { collectionRoutes } from './collections.ts';
import { hindiEdition, messagesOf, withLanguage } from './hindi.ts';
import { notFoundPages } from './not-found.ts';
import { staticRoutes } from './static.ts';
import { listName, routesOf, type SiteIndex } from './route-entry.ts';

/** Turn validated content into the list of pages, with every page's data (DESIGN.md §1). */
export function buildSiteIndex(content: Content, ctx: LoadContext, buildDate: string): SiteIndex {
  const pagesFile = ctx.display(path.join(content.dir, 'pages.yaml'));
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
    lang: 'en',
    messages: messagesOf(content, 'en'),
    hrefs: {},
  };

  const english: SiteIndex = { site: siteData, sites: { en: siteData }, routes: [...staticRoutes(content, ctx, collected, siteData), ...collected], notFound: notFoundPages(content, pagesFile) };
  if (!content.hi) return { ...english, routes: english.routes.map((r) => withLanguage(r, 'en', siteData.site.origin)) };
  // The Hindi edition at /hi/… (decision 081); it links the English pages that have twins to them.
  return hindiEdition(english, content, content.hi, ctx, buildDate);
}
