import type { z } from 'zod';
import { FaqsSchema } from './faq.ts';
import { PagesSchema } from './page.ts';
import { ServicesSchema } from './service.ts';
import { SiteSchema } from './site.ts';
import { TestimonialsSchema } from './testimonial.ts';

export { SiteSchema, type Site } from './site.ts';
export { PageEntrySchema, PagesSchema, StaticPageKind, type PageEntry } from './page.ts';
export { ServiceSchema, ServicesSchema, type Service } from './service.ts';
export { TestimonialSchema, TestimonialsSchema, type Testimonial } from './testimonial.ts';
export { FaqSchema, FaqsSchema, type Faq } from './faq.ts';
export { RelatedLinkSchema, BreadcrumbItemSchema, type RelatedLink, type BreadcrumbItem } from './common.ts';

/**
 * The collections kept in one YAML file each: the key names the collection in messages
 * ("services › [2].features"), `file` is relative to content/.
 */
export const fileCollections = {
  site: { file: 'site.yaml', schema: SiteSchema },
  pages: { file: 'pages.yaml', schema: PagesSchema },
  services: { file: 'services.yaml', schema: ServicesSchema },
  testimonials: { file: 'testimonials.yaml', schema: TestimonialsSchema },
  faqs: { file: 'faqs.yaml', schema: FaqsSchema },
} as const;

export type FileCollections = { [K in keyof typeof fileCollections]: z.output<(typeof fileCollections)[K]['schema']> };
