import path from 'node:path';
import type { PageEntry } from '#schemas/index.ts';
import type { PageData } from '#src/contract/pages.ts';
import type { NavLink, PageMeta, SiteData } from '#src/contract/site.ts';
import { pathIn } from '#src/i18n/href.ts';
import type { LoadContext } from '../content/context.ts';
import { fillFacts } from '#src/lib/format.ts';
import { pageFacts, say } from '../content/facts.ts';
import type { Content } from '../content/types.ts';
import { postRoutes } from './blog.ts';
import { blogIndexPages, blogIndexRoutes } from './blog-index.ts';
import { areaCells, contactServices, servicesAndAreas } from './contact.ts';
import { landingRoutes } from './landing.ts';
import { listName, routesOf, type NotFoundEntry, type RouteEntry, type SiteIndex } from './route-entry.ts';
import { ownPath, pageMeta } from './seo.ts';
import { serviceCenterRoutes, serviceCenterTiles } from './service-center.ts';

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
 * language's), and their shell. Its content lists the default language's pages it has no twin of
 * (core/content/languages.ts): they are built for its lists and links, and left to the default language.
 */
function languageEdition(content: Content, base: Content, ctx: LoadContext, buildDate: string): { site: SiteData; routes: RouteEntry[]; notFound: NotFoundEntry[] } {
  const { language, languages } = content;
  const pagesFile = ctx.display(path.join(content.dir, 'pages.yaml'));
  // The pages made from folders of content: each collection adds its builder here.
  const collected = [...landingRoutes(content, 'brand'), ...landingRoutes(content, 'area'), ...serviceCenterRoutes(content), ...postRoutes(content)];
  collected.push(...blogIndexRoutes(content, pagesFile, collected));
  const navOf = (kind: 'brand' | 'area'): NavLink[] => routesOf(collected, kind).map((r) => ({ href: r.path, label: listName(r) }));
  const site: SiteData = {
    site: content.site,
    nav: {
      services: content.services.filter((s) => s.main).map((s) => ({ href: `/services#${s.id}`, label: s.title })),
      brands: navOf('brand'),
      areas: navOf('area'),
    },
    // A choice and a form's subject are sent as the default language's words (one value each for the leads function); the feed is the default language's.
    contactServices: contactServices(base, content),
    subjects: Object.fromEntries(Object.entries(base.messages).filter(([k]) => k.startsWith('functions.subject.'))),
    feedTitle: say(base, 'blog.feed.title', { business: base.site.business.name }),
    buildDate,
    lang: language.code,
    languages: languages.list,
    messages: content.messages,
    hrefs: languages.hrefs[language.code] ?? {},
  };
  const own = (r: RouteEntry) => !language.prefix || r.path === language.prefix || r.path.startsWith(`${language.prefix}/`);
  const routes = [...staticRoutes(content, ctx, pagesFile, collected), ...collected].filter(own);
  const notFound = notFoundPages(content, pagesFile, routes);
  return { site, routes: routes.map((r) => ({ ...r, lang: language.code })), notFound: notFound.map((r) => ({ ...r, lang: language.code })) };
}

/** The kinds of the pages listed in content/pages.yaml. */
type StaticKind = PageEntry['kind'];
/** Makes the data of a content/pages.yaml page of kind K from its entry, its head and the pages made from folders of content. */
type StaticBuilder<K extends StaticKind> = (entry: PageEntry, meta: PageMeta, args: { content: Content; collected: RouteEntry[] }) => PageData<K>;

/** The builder of every kind of page that content/pages.yaml can list: a missing kind is a type error. */
const builders: { [K in StaticKind]: StaticBuilder<K> } = {
  home: (_, meta, { content, collected }) => {
    const facts = pageFacts(content.site, undefined, content.messages);
    return {
      kind: 'home',
      meta,
      services: content.services.filter((s) => s.main).map(({ id, title, description, icon }) => ({ id, title, description, icon })),
      faqs: content.faqs.map((f) => ({ question: fillFacts(f.question, facts), answer: fillFacts(f.answer, facts) })),
      testimonials: content.testimonials.filter((t) => t.home).slice(0, 2),
      brandTiles: routesOf(collected, 'service-center-brand').map((r) => ({ href: r.path, label: listName(r) })),
      posts: routesOf(collected, 'post').map((r) => r.data.card).sort((a, b) => b.date.localeCompare(a.date)).slice(0, 2),
    };
  },
  // All services: the main six (first four shown until "View All") and the extra sections.
  services: (_, meta, { content }) => ({ kind: 'services', meta, services: content.services }),
  contact: (_, meta, { content, collected }) => ({ kind: 'contact', meta, areas: areaCells(content, collected), related: servicesAndAreas(content, collected) }),
  testimonials: (_, meta, { content }) => ({ kind: 'testimonials', meta, testimonials: content.testimonials }),
  'blog-index': (entry, meta, { content, collected }) => blogIndexPages(content, entry, collected, meta)[0]!,
  'service-center': (_, meta, { content }) => ({ kind: 'service-center', meta, brands: serviceCenterTiles(content) }),
  about: (_, meta) => ({ kind: 'about', meta }),
  'privacy-policy': (_, meta) => ({ kind: 'privacy-policy', meta }),
  analytics: (_, meta) => ({ kind: 'analytics', meta }),
  'thank-you': (_, meta) => ({ kind: 'thank-you', meta }),
};

/** The pages of content/pages.yaml, or of content/<code>/pages.yaml with `content` in that language. */
function staticRoutes(content: Content, ctx: LoadContext, pagesFile: string, collected: RouteEntry[]): RouteEntry[] {
  const pagesSource = ctx.sources.get(pagesFile);
  return content.pages.map((entry: PageEntry, i): RouteEntry => {
    const meta = pageMeta(content, entry);
    const builder = builders[entry.kind] as StaticBuilder<StaticKind>;
    return {
      path: ownPath(content, entry.path),
      source: { file: pagesFile, line: pagesSource?.locate([i]).line ?? 1 },
      sitemap: !entry.noindex,
      lastmod: entry.updated,
      aliases: entry.aliases?.map((a) => pathIn(content.language, a)),
      data: builder(entry, meta, { content, collected }),
    };
  });
}

/**
 * The not-found pages of the content's language: its 404 (dist/404.html for the default language,
 * /<code>/404.html for another: the nearest 404 of its pages), and the nearest-404 page of each
 * section it has pages in (`routes`: its pages).
 */
function notFoundPages(content: Content, pagesFile: string, routes: readonly RouteEntry[]): NotFoundEntry[] {
  const page = (dir: string, kind: NotFoundEntry['data']['kind'], titleKey: string, descriptionKey: string): NotFoundEntry[] => {
    const path = `${dir === '/' ? '' : dir}/404`;
    const [title, description] = [say(content, titleKey), say(content, descriptionKey, { business: content.site.business.name })];
    return [{ dir, path, source: { file: pagesFile, line: 1 }, sitemap: false, data: { kind, meta: pageMeta(content, { path, title, description, noindex: true, breadcrumb: null }) } }];
  };
  const section = (...args: Parameters<typeof page>) => (routes.some((r) => r.path.startsWith(`${args[0]}/`)) ? page(...args) : []);
  const [home, blog, brands] = ['/', '/blog', '/service-center'].map((dir) => pathIn(content.language, dir)) as [string, string, string];
  return [
    ...page(home, 'not-found', 'notFound.meta.title', 'notFound.meta.description'),
    // Nearest-404 pages of sections: /blog/<unknown> and /service-center/<unknown> (spec §8).
    ...section(blog, 'post-not-found', 'notFound.post.meta.title', 'notFound.post.meta.description'),
    ...section(brands, 'brand-not-found', 'notFound.brand.meta.title', 'notFound.brand.meta.description'),
  ];
}
