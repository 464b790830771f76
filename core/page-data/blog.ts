import { folderCollections, type BlogPost } from '#schemas/index.ts';
import type { PostCard } from '#src/contract/site.ts';
import { pathIn } from '#src/i18n/href.ts';
import type { PostData } from '#src/contract/pages.ts';
import { fillDeep, pageFacts, say } from '../content/facts.ts';
import type { Content, Entry } from '../content/types.ts';
import { ownPath, pageMeta } from './seo.ts';
import type { RouteEntry } from './route-entry.ts';

/** At most this many related articles under a post (spec §9). */
const RELATED = 3;

function postCard(post: BlogPost): PostCard {
  const { slug, title, excerpt, date, category, author, image } = post;
  return { slug, title, excerpt, date, category, author, image };
}

/**
 * Dates (YYYY-MM-DD) and slugs ([a-z0-9-], the schema's) in code-point order: for these characters
 * the order localeCompare gives, without ICU's collator (a build sorts a thousand posts with it).
 */
export const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Newest first; the featured post first of all (spec: "the first is featured"). */
function sortPosts<T extends { data: BlogPost }>(posts: T[]): T[] {
  return [...posts].sort((a, b) => Number(!!b.data.featured) - Number(!!a.data.featured) || byCodePoint(b.data.date, a.data.date) || byCodePoint(a.data.slug, b.data.slug));
}

function blogPostingJsonLd(content: Pick<Content, 'site' | 'language'>, post: BlogPost, path: string): Record<string, unknown> {
  const { site } = content;
  const image = post.image.src.startsWith('/') ? `${site.origin}${post.image.src}` : post.image.src;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt,
    datePublished: post.date,
    dateModified: post.updated ?? post.date,
    author: { '@type': 'Person', name: post.author },
    image,
    articleSection: post.category,
    mainEntityOfPage: `${site.origin}${path}`,
    publisher: { '@id': `${site.origin}/#business` },
    inLanguage: content.language.hreflang,
  };
}

/** One route per post at /blog/<slug>; a post whose id differs from its slug is also found at /blog/<id> (a redirect). */
export function postRoutes(content: Content): RouteEntry[] {
  // {placeholders} in front matter are filled too (bodies are filled when compiled).
  const facts = pageFacts(content.site, undefined, content.messages);
  const posts = sortPosts(content.blog).map((e) => ({ ...e, data: fillDeep(e.data, facts) })) as Entry<BlogPost>[];
  // Related articles: the newest of the same category, found per category once (not per post).
  const byCategory = new Map<string, PostCard[]>();
  for (const e of posts) {
    const list = byCategory.get(e.data.category) ?? [];
    if (list.length <= RELATED) list.push(postCard(e.data));
    byCategory.set(e.data.category, list);
  }
  const routes: RouteEntry[] = [];
  for (const entry of posts) {
    const post = entry.data;
    const defaultPath = folderCollections.blog.route(post);
    const path = ownPath(content, defaultPath);
    const meta = pageMeta(content, {
      path: defaultPath,
      title: post.meta.title,
      description: post.meta.description,
      ogType: 'article',
      breadcrumb: [{ label: say(content, 'breadcrumb.blog'), href: '/blog' }, { label: post.title }],
      jsonLd: [blogPostingJsonLd(content, post, path)],
    });
    const data: PostData = {
      kind: 'post',
      meta,
      card: postCard(post),
      updated: post.updated,
      body: entry.rendered?.html || undefined,
      ...(post.toc && { toc: (entry.rendered?.headings ?? []).filter((h) => h.depth <= 3) }),
      related: (byCategory.get(post.category) ?? []).filter((c) => c.slug !== post.slug).slice(0, RELATED),
    };
    const source = { file: entry.file, line: 1 };
    // /blog/<id> finds the article too: a 301 to the slug URL (dist/_redirects, and our server).
    const aliases = folderCollections.blog.aliases?.(post).map((a) => pathIn(content.language, a));
    routes.push({ path, source, sitemap: true, lastmod: post.updated ?? post.date, navLabel: post.title, aliases, data });
  }
  return routes;
}
