import { z } from 'zod';
import { IsoDate, Slug } from './common.ts';

/** A picture: a file under public/ (e.g. "/images/blog/troubleshooting.png") or an https URL. */
export const ImageSchema = z.strictObject({
  /** Path under public/ starting with "/", or an https URL. */
  src: z.string().regex(/^(\/[\w./-]+|https:\/\/\S+)\.(png|jpe?g|webp|avif|svg)$/, {
    error: 'an image path under public/ such as "/images/blog/guides.png", or an https URL',
  }),
  /** What the picture shows, for people who cannot see it (never "image of"). */
  alt: z.string().min(5),
  /** Width in pixels (keeps the layout from jumping while it loads). */
  width: z.number().int().positive(),
  /** Height in pixels. */
  height: z.number().int().positive(),
});
export type Image = z.output<typeof ImageSchema>;

/**
 * The front matter of one blog post, content/blog/<slug>.mdx. The MDX below the front matter is
 * the article; it may use {phone}, {hours}, {warranty}, {years}, {price.audio} … placeholders.
 */
export const BlogPostSchema = z.strictObject({
  /** A short unique id; /blog/<id> finds the post too, e.g. "1" or "no-picture". */
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, { error: 'a short id of lower-case letters, digits and hyphens, such as "1"' }),
  /** The URL: /blog/<slug>. The kebab-case title, e.g. "how-to-book-a-visit". */
  slug: Slug,
  /** The article's heading (the page's only H1), 10–100 characters. */
  title: z.string().min(10).max(100),
  /** One or two sentences for cards and the blog index, 50–300 characters. */
  excerpt: z.string().min(50).max(300),
  /** Publication date, YYYY-MM-DD. Newest posts come first. */
  date: IsoDate,
  /** The date of the last real change, YYYY-MM-DD (sitemap lastmod); leave out if never changed. */
  updated: IsoDate.optional(),
  /** Who wrote it, as shown under the title, e.g. "Rakesh Sharma". */
  author: z.string().min(2),
  /** The blog's category of the post: one of Troubleshooting, Maintenance, Comparisons, Guides. */
  category: z.enum(['Troubleshooting', 'Maintenance', 'Comparisons', 'Guides']),
  /** The picture shown on cards and above the article. */
  image: ImageSchema,
  /** Show as the large first card on /blog (only one post should set it). */
  featured: z.boolean().optional(),
  /** Show a table of contents of the article's ## and ### headings above it (for long posts). */
  toc: z.boolean().default(false),
  /** Not published yet: kept out of the built site. */
  draft: z.boolean().default(false),
  /** What search engines and link previews show. */
  meta: z.strictObject({
    /** The <title> (before " | business title"), at most 70 characters. */
    title: z.string().min(10).max(70),
    /** The search-result snippet, 50–160 characters. */
    description: z.string().min(50).max(160),
    /** A few search phrases people in the city type, e.g. "repair near me". */
    keywords: z.array(z.string().min(2)).min(1).max(12),
  }),
});
export type BlogPost = z.output<typeof BlogPostSchema>;
