import path from 'node:path';
import type { NavLink, SiteData } from '#src/contract/site.ts';
import { say } from '../content/facts.ts';
import { contactServices } from './contact.ts';
import type { Content } from '../content/types.ts';
import type { LoadContext } from '../content/context.ts';
import { collectionRoutes } from './collections.ts';
import { notFoundPages } from './not-found.ts';
import { staticRoutes } from './static.ts';
import { listName, routesOf, type NotFoundEntry, type RouteEntry, type SiteIndex } from './route-entry.ts';

/** Turn validated content into the list of pages, with every page's data (DESIGN.md §1): the pages of each language in turn. */
export function buildSiteIndex(content: Content, ctx: LoadContext, buildDate: string): SiteIndex {
  const editions = [content, ...(content.translations ?? [])].map((c) => languageEdition(c, content, ctx, buildDate));
  return {
    site: editions[0]!.site,
    sites: Object.fromEntries(editions.map((e) => [e.site.lang, e.site])),
    routes: editions.flatMap((e) => e.routes),
    notFound: editions.flatMap((e) => e.notFound),
  };
}

/**
 * The pages of one language, made by the same builders from its content (`base`: the default
 * language's), and their shell. Its
 * content lists the default language's pages it has no twin of (core/content/languages.ts): they
 * are built for its lists and links, and left to the default language.
 */
function languageEdition(content: Content, base: Content, ctx: LoadContext, buildDate: string): { site: SiteData; routes: RouteEntry[]; notFound: NotFoundEntry[] } {
  const { language, languages } = content;
  const collected = collectionRoutes(content, ctx);
  const navOf = (kind: 'brand' | 'area'): NavLink[] => routesOf(collected, kind).map((r) => ({ href: r.path, label: listName(r) }));
  const site: SiteData = {
    site: content.site,
    nav: {
      services: content.services.filter((s) => s.main).map((s) => ({ href: `/services#${s.id}`, label: s.title })),
      brands: navOf('brand'),
      areas: navOf('area'),
    },
    // A choice is sent as the default language's word (one value per choice for the leads function); the feed is the default language's.
    contactServices: contactServices(base, content),
    feedTitle: say(base, 'blog.feed.title', { business: base.site.business.name }),
    buildDate,
    lang: language.code,
    languages: languages.list,
    messages: content.messages,
    hrefs: languages.hrefs[language.code] ?? {},
  };
  const own = (r: RouteEntry) => !language.prefix || r.path === language.prefix || r.path.startsWith(`${language.prefix}/`);
  const routes = [...staticRoutes(content, ctx, collected), ...collected].filter(own);
  const notFound = notFoundPages(content, ctx.display(path.join(content.dir, 'pages.yaml')), routes);
  return { site, routes: routes.map((r) => ({ ...r, lang: language.code })), notFound: notFound.map((r) => ({ ...r, lang: language.code })) };
}
