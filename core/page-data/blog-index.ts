import type { PageMeta } from '#src/contract/site.ts';
import type { BlogIndexData } from '#src/contract/pages.ts';
import type { Content } from '../content/types.ts';
import { say } from '../content/facts.ts';
import { pathIn } from '#src/i18n/href.ts';
import { pageMeta } from './seo.ts';
import { routesOf, type RouteEntry } from './route-entry.ts';
import { servicesAndAreas } from './contact.ts';

/** Cards per page of the blog index after the featured one (docs/decisions/003-blog-index-pages.md). */
export const POSTS_PER_PAGE = 24;

const pagePath = (n: number) => (n === 1 ? '/blog' : `/blog/page/${n}`);
const pageCount = (posts: number) => Math.max(1, Math.ceil((posts - 1) / POSTS_PER_PAGE));

/** The paths of the index's pages after the first (default language) when it lists `posts` posts: a language's own pages as far as its posts fill them. */
export const laterIndexPaths = (posts: number): string[] => Array.from({ length: pageCount(posts) - 1 }, (_, i) => pagePath(i + 2));

/**
 * The pages of the blog index, from its entry of content/pages.yaml: page 1, /blog, when given its
 * head (`meta`), else the others, /blog/page/<n> (each is rendered once: /blog and the rest are
 * routes of their own). `collected`: the pages made from folders, whose posts it lists and areas it links.
 */
export function blogIndexPages(content: Content, entry: { title: string; description: string }, collected: RouteEntry[], meta?: PageMeta): BlogIndexData[] {
  // As the posts' pages have them: in order, their placeholders filled (postRoutes).
  const cards = routesOf(collected, 'post').map((r) => r.data.card);
  const [featured, ...rest] = cards;
  const pages = pageCount(cards.length);
  const links = servicesAndAreas(content, collected);
  const numbers = Array.from({ length: pages }, (_, i) => i + 1).filter((n) => (n === 1) === (meta !== undefined));
  return numbers.map((n): BlogIndexData => {
    const i = n - 1;
    const grid = rest.slice(i * POSTS_PER_PAGE, n * POSTS_PER_PAGE);
    return {
      kind: 'blog-index',
      meta:
        meta ??
        pageMeta(content, {
          path: pagePath(n),
          title: say(content, 'blog.index.metaTitle', { title: entry.title, n }),
          // Each page its own description: search engines (and site check) flag repeated ones.
          description: say(content, 'blog.index.metaDescription', { description: entry.description, n, pages }),
          breadcrumb: [{ label: say(content, 'breadcrumb.blog'), href: '/blog' }, { label: say(content, 'breadcrumb.page', { n }) }],
        }),
      featured: n === 1 ? featured : undefined,
      grid,
      pagination: { page: n, pages, prev: n > 1 ? pagePath(n - 1) : undefined, next: n < pages ? pagePath(n + 1) : undefined },
      links,
    };
  });
}

/** /blog/page/2 … as routes (page 1 is the pages.yaml entry). */
export function blogIndexRoutes(content: Content, pagesFile: string, collected: RouteEntry[]): RouteEntry[] {
  const entry = content.pages.find((p) => p.kind === 'blog-index');
  return entry ? blogIndexPages(content, entry, collected).map((data) => ({ path: pathIn(content.language, pagePath(data.pagination.page)), source: { file: pagesFile, line: 1 }, sitemap: true, data })) : [];
}
