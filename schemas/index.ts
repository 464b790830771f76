import type { z } from 'zod';
import { FaqsSchema } from './faq.ts';
import { PagesSchema } from './page.ts';
import { ServicesSchema } from './service.ts';
import { SiteSchema } from './site.ts';
import { TestimonialsSchema } from './testimonial.ts';
import { AreasServedSchema } from './area-served.ts';
import { BlogPostSchema } from './post.ts';
import { AreaPageSchema, BrandPageSchema } from './landing-page.ts';
import { ServiceCenterBrandSchema } from './service-center-brand.ts';

export { SiteSchema, type Site } from './site.ts';
export { PageEntrySchema, PagesSchema, StaticPageKind, type PageEntry } from './page.ts';
export { ServiceSchema, ServicesSchema, type Service } from './service.ts';
export { TestimonialSchema, TestimonialsSchema, type Testimonial } from './testimonial.ts';
export { FaqSchema, FaqsSchema, type Faq } from './faq.ts';
export { AreaServedSchema, AreasServedSchema, type AreaServed } from './area-served.ts';
export { BlogPostSchema, ImageSchema, PostCategory, type BlogPost, type Image } from './post.ts';
export {
  AreaPageSchema,
  BrandPageSchema,
  LandingSectionSchema,
  SectionIcon,
  type AreaPage,
  type BrandPage,
  type LandingPage,
  type LandingSection,
  type LandingSectionType,
} from './landing-page.ts';
export { ServiceCenterBrandSchema, type ServiceCenterBrand } from './service-center-brand.ts';
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
  areasServed: { file: 'areas-served.yaml', schema: AreasServedSchema },
} as const;

export type FileCollections = { [K in keyof typeof fileCollections]: z.output<(typeof fileCollections)[K]['schema']> };

/**
 * The collections kept as one file per entry in a folder of content/: `dir` is relative to content/,
 * `ext` the accepted file types (.mdx: YAML front matter, then an MDX body). Files and folders whose
 * names start with "_" are skipped.
 */
export const folderCollections = {
  blog: { dir: 'blog', ext: ['.mdx'], schema: BlogPostSchema },
  brands: { dir: 'brands', ext: ['.mdx', '.yaml'], schema: BrandPageSchema },
  areas: { dir: 'areas', ext: ['.mdx', '.yaml'], schema: AreaPageSchema },
  serviceCenter: { dir: 'service-center', ext: ['.yaml'], schema: ServiceCenterBrandSchema },
} as const;
