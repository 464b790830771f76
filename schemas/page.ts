import { z } from 'zod';
import { IsoDate, RoutePath } from './common.ts';

/** One fixed page of the site, listed in content/pages.yaml. */
export const PageEntrySchema = z.strictObject({
  /** The page's URL path, e.g. "/about". */
  path: RoutePath,
  /** Which screen renders it: a page type with a screen of its own in src/pages/. */
  kind: z.enum([
    'home',
    'services',
    'about',
    'contact',
    'testimonials',
    'blog-index',
    'service-center',
    'privacy-policy',
    'analytics',
    'thank-you',
  ]),
  /** The page title; " | business title" is appended (not on the home page). */
  title: z.string().min(2).max(70),
  /** The meta description search engines show, 50–160 characters. */
  description: z.string().min(50).max(160),
  /** Hide from search engines and the sitemap (thank-you, analytics). */
  noindex: z.boolean().default(false),
  /** The date the page's content last changed, for the sitemap's lastmod. */
  updated: IsoDate.optional(),
  /** Old or alternative paths that redirect (301) here, e.g. ["/contact-us"]. */
  aliases: z.array(RoutePath).optional(),
});
export type PageEntry = z.output<typeof PageEntrySchema>;

export const PagesSchema = z.array(PageEntrySchema).min(1);
