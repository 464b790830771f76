import path from 'node:path';
import type { PageEntry } from '#schemas/index.ts';
import type { PageData } from '#src/contract/pages.ts';
import type { PageMeta, PostCard } from '#src/contract/site.ts';
import { pathIn } from '#src/i18n/href.ts';
import type { LoadContext } from '../content/context.ts';
import type { Content } from '../content/types.ts';
import { fill, pageFacts } from '../content/facts.ts';
import { blogIndexPages } from './blog-index.ts';
import { areaCells, servicesAndAreas } from './contact.ts';
import { listName, routesOf, type RouteEntry, type StaticArgs, type StaticBuilder, type StaticKind } from './route-entry.ts';
import { serviceCenterTiles } from './service-center.ts';
import { ownPath, pageMeta } from './seo.ts';

/** The latest posts as cards, newest first. */
export function latestPosts(collected: RouteEntry[], count: number): PostCard[] {
  return routesOf(collected, 'post')
    .map((r) => r.data.card)
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, count);
}

/** The builder of every kind of page that content/pages.yaml can list: a missing kind is a type error. */
const builders: { [K in StaticKind]: StaticBuilder<K> } = {
  home: (_, meta, { content, collected }) => {
    const facts = pageFacts(content.site, undefined, content.messages);
    return {
      kind: 'home',
      meta,
      services: content.services.filter((s) => s.main).map(({ id, title, description, icon }) => ({ id, title, description, icon })),
      faqs: content.faqs.map((f) => ({ question: fill(f.question, facts), answer: fill(f.answer, facts) })),
      testimonials: content.testimonials.filter((t) => t.home).slice(0, 2),
      brandTiles: routesOf(collected, 'service-center-brand').map((r) => ({ href: r.path, label: listName(r) })),
      posts: latestPosts(collected, 2),
    };
  },
  // All services: the main six (first four shown until "View All") and the extra sections.
  services: (_, meta, { content }) => ({ kind: 'services', meta, services: content.services }),
  contact: (_, meta, { content, collected }) => ({ kind: 'contact', meta, areas: areaCells(content, collected), related: servicesAndAreas(content, collected) }),
  testimonials: (_, meta, { content }) => ({ kind: 'testimonials', meta, testimonials: content.testimonials }),
  'blog-index': (entry, meta, { content }) => blogIndexPages(content, { title: entry.title, description: entry.description, meta }, 'first')[0]!,
  'service-center': (_, meta, { content }) => ({ kind: 'service-center', meta, brands: serviceCenterTiles(content) }),
  about: (_, meta) => ({ kind: 'about', meta }),
  'privacy-policy': (_, meta) => ({ kind: 'privacy-policy', meta }),
  analytics: (_, meta) => ({ kind: 'analytics', meta }),
  'thank-you': (_, meta) => ({ kind: 'thank-you', meta }),
};

/** The data of a page listed in content/pages.yaml. */
export function staticPageData(entry: PageEntry, meta: PageMeta, args: StaticArgs): PageData {
  return (builders[entry.kind] as StaticBuilder<StaticKind>)(entry, meta, args);
}

/** The pages of content/pages.yaml, or of content/<code>/pages.yaml with `content` in that language. */
export function staticRoutes(content: Content, ctx: LoadContext, collected: RouteEntry[]): RouteEntry[] {
  const pagesFile = ctx.display(path.join(content.dir, 'pages.yaml'));
  const pagesSource = ctx.sources.get(pagesFile);
  return content.pages.map((entry: PageEntry, i): RouteEntry => {
    const meta = pageMeta(content, {
      path: entry.path,
      title: entry.title,
      description: entry.description,
      noindex: entry.noindex,
    });
    return {
      path: ownPath(content, entry.path),
      source: { file: pagesFile, line: pagesSource?.locate([i]).line ?? 1 },
      sitemap: !entry.noindex,
      lastmod: entry.updated,
      aliases: entry.aliases?.map((a) => pathIn(content.language, a)),
      data: staticPageData(entry, meta, { content, collected }),
    };
  });
}
