import { z } from 'zod';

/** A path of this site: starts with "/", no trailing slash (except "/" itself), optional #fragment. */
export const RoutePath = z
  .string()
  .regex(/^\/([a-z0-9-]+(\/[a-z0-9-]+)*)?(#[A-Za-z][\w-]*)?$/, {
    error: 'a route of this site such as "/services" or "/services#screen-repair" (lower-case, no trailing slash)',
  });

/** A lower-case, hyphenated identifier such as "screen-repair". */
export const Slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, {
  error: 'a lower-case, hyphenated slug such as "screen-repair"',
});

/** An Indian PIN code: six digits, the first not 0. */
export const Pin = z.string().regex(/^[1-9]\d{5}$/, { error: 'an Indian PIN code: six digits, the first not 0' });

/** A calendar date written YYYY-MM-DD. */
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'a date written YYYY-MM-DD such as "2025-07-03"' })
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), {
    error: 'a real calendar date written YYYY-MM-DD',
  });

/** One entry of a related-links block. */
export const RelatedLinkSchema = z.strictObject({
  /** Where the link goes: a route of this site, optionally with a #fragment. */
  href: RoutePath,
  /** The visible link text. */
  title: z.string().min(1),
  /** One short line under the title. */
  description: z.string().optional(),
  /** The kind of link, which chooses its icon: brand, location, service, blog or other. */
  type: z.enum(['brand', 'location', 'service', 'blog', 'other']),
});
export type RelatedLink = z.output<typeof RelatedLinkSchema>;

/** One step of a breadcrumb trail; the last step usually has no href. */
export const BreadcrumbItemSchema = z.strictObject({
  /** The text shown for this step. */
  label: z.string().min(1),
  /** Where the step links; leave out for the current page. */
  href: RoutePath.optional(),
});
export type BreadcrumbItem = z.output<typeof BreadcrumbItemSchema>;
