import type { PageEntry } from '../../../../schemas/index.ts';
import { fill, pageFacts } from '../facts.ts';
import type { PageData, PageMeta, PostCard, SiteData } from '../../page-data.ts';
import type { Content } from '../load.ts';
import type { RouteEntry } from '../site-index.ts';
import { screenBuilders } from './screens.ts';
import { contentBuilders } from './content-screens.ts';

export interface StaticArgs {
  content: Content;
  collected: RouteEntry[];
  siteData: SiteData;
}

/** The latest posts as cards, newest first (blog posts are collected routes of kind "post"). */
export function latestPosts(collected: RouteEntry[], count: number): PostCard[] {
  return collected
    .filter((r) => r.kind === 'post')
    .map((r) => (r.data as PageData & { card: PostCard }).card)
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, count);
}

type Builder = (entry: PageEntry, meta: PageMeta, args: StaticArgs) => PageData;

const builders: Partial<Record<PageEntry['kind'], Builder>> = {
  ...screenBuilders,
  ...contentBuilders,
  home: (entry, meta, { content, collected }) => {
    const facts = pageFacts(content.site);
    return {
      kind: entry.kind,
      meta,
      services: content.services.filter((s) => s.main).map(({ id, title, description, icon }) => ({ id, title, description, icon })),
      faqs: content.faqs.map((f) => ({ question: fill(f.question, facts), answer: fill(f.answer, facts) })),
      testimonials: content.testimonials.filter((t) => t.home).slice(0, 2),
      brandTiles: collected
        .filter((r) => r.kind === 'service-center-brand')
        .map((r) => ({ href: r.path, label: r.navLabel ?? r.data.meta.name })),
      posts: latestPosts(collected, 2),
    } as PageData;
  },
};

/** The data of a page listed in content/pages.yaml. */
export function staticPageData(entry: PageEntry, meta: PageMeta, args: StaticArgs): PageData {
  const build = builders[entry.kind];
  return build ? build(entry, meta, args) : { kind: entry.kind, meta };
}
