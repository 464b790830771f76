import { z } from 'zod';
import { Slug } from './common.ts';

/** One brand of the service centre, content/service-center/<id>.yaml; its page is /service-center/<id>. */
export const ServiceCenterBrandSchema = z.strictObject({
  /** The brand's id in the URL, e.g. "acme" (/service-center/acme). */
  id: Slug,
  /** true: shown by `site dev` only; left out of the production build, the sitemap and link targets. */
  draft: z.boolean().default(false),
  /** The brand as written, e.g. "Acme", "OnePlus". */
  name: z.string().min(2).max(30),
  /** Two to four sentences about our service for this brand. */
  description: z.string().min(50),
  /**
   * The products we service for this brand, each with a sentence or two: keys of site.yaml
   * `products` (its page lists them in that order, and its request form offers them).
   */
  services: z
    .record(Slug, z.string().min(20))
    .refine((s) => Object.keys(s).length > 0, { error: 'at least one product of site.yaml products, with a sentence about it' }),
  /** Position in the home page's brand tiles and the "other brands" list: lower first. */
  order: z.number().int().default(100),
});
export type ServiceCenterBrand = z.output<typeof ServiceCenterBrandSchema>;
