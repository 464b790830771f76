import { z } from 'zod';
import { BreadcrumbItemSchema, IsoDate, Pin, Slug } from './common.ts';
import { LandingSectionSchema } from './landing-sections.ts';

/*
 * Brand pages (content/brands/<name>.mdx or .yaml) and area pages (content/areas/<name>.mdx or .yaml)
 * are landing pages: a list of typed sections, shown in order, plus an optional MDX body. Text
 * fields take the placeholders of schemas/landing-sections.ts, filled from content/site.yaml.
 */

const landingFields = {
  /** The URL without the slash, e.g. "acme-repair" (page at /acme-repair). */
  slug: Slug,
  /** Short name for footer links and tiles, e.g. "Acme" or "Old Town". */
  name: z.string().min(2).max(30),
  /** The <title> before " | business title", e.g. "Acme Repair in Old Town". */
  title: z.string().min(10).max(70),
  /** The search-result snippet, 50–160 characters. */
  description: z.string().min(50).max(160),
  /** Replace the breadcrumb derived from the URL, e.g. Services › Acme Repair. */
  breadcrumb: z.array(BreadcrumbItemSchema).min(1).optional(),
  /** false: arriving on this page keeps the scroll position (the AOC page). */
  scrollToTop: z.boolean().default(true),
  /** Which warranty reading {warranty} states here: a key of site.yaml warranty.alternatives, e.g. "vu". */
  warranty: z.string().min(1).optional(),
  /** Places named in the LocalService structured data; defaults to the area name or site.yaml serviceArea. */
  areaServed: z.array(z.string().min(2)).min(1).optional(),
  /** Position in lists (footer, brand grid): lower first, then by name. */
  order: z.number().int().default(100),
  /** true: shown by `site dev` only; left out of the production build, the sitemap and link targets. */
  draft: z.boolean().default(false),
  /** The date the page's content last changed, YYYY-MM-DD (sitemap lastmod). */
  updated: IsoDate.optional(),
  /** The blocks of the page, top to bottom; start with a hero and end with a cta. */
  sections: z
    .array(LandingSectionSchema)
    .min(2)
    .refine((list) => list[0]?.type === 'hero' && list.filter((s) => s.type === 'hero').length === 1, {
      error: 'a list that starts with the one hero section (it holds the page\'s only H1)',
    }),
};

/** A brand page, content/brands/<name>.mdx (front matter) or .yaml. */
export const BrandPageSchema = z.strictObject(landingFields);
export type BrandPage = z.output<typeof BrandPageSchema>;

/** An area page, content/areas/<name>.mdx (front matter) or .yaml. */
export const AreaPageSchema = z.strictObject({
  ...landingFields,
  /** The area's PIN code, six digits. */
  pincode: Pin.optional(),
});
export type AreaPage = z.output<typeof AreaPageSchema>;
export type LandingPage = BrandPage | AreaPage;
