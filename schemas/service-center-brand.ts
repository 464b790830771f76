import { z } from 'zod';
import { Slug } from './common.ts';

/** What we repair for a brand, beside TVs: a sentence or two for each product we service. */
const ProductText = z.string().min(20);

/** One brand of the service centre, content/service-center/<id>.yaml; its page is /service-center/<id>. */
export const ServiceCenterBrandSchema = z.strictObject({
  /** The brand's id in the URL, e.g. "samsung" (/service-center/samsung). */
  id: Slug,
  /** true: shown by `site dev` only; left out of the production build, the sitemap and link targets. */
  draft: z.boolean().default(false),
  /** The brand as written, e.g. "Samsung", "OnePlus". */
  name: z.string().min(2).max(30),
  /** Two to four sentences about our service for this brand. */
  description: z.string().min(50),
  /** The products we service for this brand; tv always, the others only if offered. */
  services: z.strictObject({
    /** TV repair for this brand (always offered). */
    tv: ProductText,
    /** AC repair, only if we service this brand's ACs. */
    ac: ProductText.optional(),
    /** Refrigerator repair, only if offered. */
    refrigerator: ProductText.optional(),
    /** Microwave repair, only if offered. */
    microwave: ProductText.optional(),
  }),
  /** Position in the home page's brand tiles and the "other brands" list: lower first. */
  order: z.number().int().default(100),
});
export type ServiceCenterBrand = z.output<typeof ServiceCenterBrandSchema>;
