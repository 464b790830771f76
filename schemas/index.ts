export { SiteSchema, type Site } from './site.ts';
export { PageEntrySchema, PagesSchema, StaticPageKind, type PageEntry } from './page.ts';
export { ServiceSchema, ServicesSchema, type Service } from './service.ts';
export { TestimonialSchema, TestimonialsSchema, type Testimonial } from './testimonial.ts';
export { FaqSchema, FaqsSchema, type Faq } from './faq.ts';
export { AreaServedSchema, AreasServedSchema, type AreaServed } from './area-served.ts';
export { BlogPostSchema, ImageSchema, PostCategory, type BlogPost, type Image } from './post.ts';
export { AreaPageSchema, BrandPageSchema, type AreaPage, type BrandPage, type LandingPage } from './landing-page.ts';
export { LandingSectionSchema, SectionIcon, type LandingSection, type LandingSectionType } from './landing-sections.ts';
export { ServiceCenterBrandSchema, type ServiceCenterBrand } from './service-center-brand.ts';
export { RelatedLinkSchema, BreadcrumbItemSchema, type RelatedLink, type BreadcrumbItem } from './common.ts';

export {
  fileCollections,
  folderCollections,
  routeOf,
  type Archetype,
  type FileCollections,
  type FolderCollectionName,
} from './collections.ts';
