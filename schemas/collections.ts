// The collections of content/: where each lives, its schema, the URL of its pages and the archetype
// `site new` makes an entry from. Each collection states its URL once, here; the loader, the page
// builders, the link checks and `site new` all derive it from `route`.

import type { z } from 'zod';
import { AreasServedSchema } from './area-served.ts';
import { FaqsSchema } from './faq.ts';
import { AreaPageSchema, BrandPageSchema } from './landing-page.ts';
import { PagesSchema } from './page.ts';
import { BlogPostSchema } from './post.ts';
import { ServiceCenterBrandSchema } from './service-center-brand.ts';
import { ServicesSchema } from './service.ts';
import { SiteSchema } from './site.ts';
import { TestimonialsSchema } from './testimonial.ts';

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

/** What `site new <command> <name>` makes from content/_archetypes/<file>. */
export interface Archetype {
  /** The word after `site new`. */
  command: 'brand' | 'area' | 'post' | 'service-center';
  file: string;
  /** What the entry is, in messages: "brand page". */
  what: string;
}

interface FolderCollection<S extends z.ZodType> {
  /** Relative to content/; files and folders whose names start with "_" are skipped. */
  dir: string;
  /** The accepted file types (.mdx: YAML front matter, then an MDX body). */
  ext: readonly string[];
  schema: S;
  /** The URL path of an entry's page. */
  route: (entry: z.output<S>) => string;
  /** Other paths of an entry that redirect (301) to its page. */
  aliases?: (entry: z.output<S>) => string[];
  archetype: Archetype;
}

const folder = <S extends z.ZodType>(c: FolderCollection<S>) => c;

/** The collections kept as one file per entry in a folder of content/. */
export const folderCollections = {
  blog: folder({
    dir: 'blog',
    ext: ['.mdx'],
    schema: BlogPostSchema,
    route: (post) => `/blog/${post.slug}`,
    // /blog/<id> finds the article too.
    aliases: (post) => (post.id !== post.slug ? [`/blog/${post.id}`] : []),
    archetype: { command: 'post', file: 'post.mdx', what: 'blog post' },
  }),
  brands: folder({
    dir: 'brands',
    ext: ['.mdx', '.yaml'],
    schema: BrandPageSchema,
    route: (page) => `/${page.slug}`,
    archetype: { command: 'brand', file: 'brand.mdx', what: 'brand page' },
  }),
  areas: folder({
    dir: 'areas',
    ext: ['.mdx', '.yaml'],
    schema: AreaPageSchema,
    route: (page) => `/${page.slug}`,
    archetype: { command: 'area', file: 'area.mdx', what: 'area page' },
  }),
  serviceCenter: folder({
    dir: 'service-center',
    ext: ['.yaml'],
    schema: ServiceCenterBrandSchema,
    route: (brand) => `/service-center/${brand.id}`,
    archetype: { command: 'service-center', file: 'service-center.yaml', what: 'service-centre brand' },
  }),
} as const;

export type FolderCollectionName = keyof typeof folderCollections;

/** The URL of a page of the folder collection `name` (its data validated by that collection's schema). */
export const routeOf = (name: FolderCollectionName, data: unknown) => (folderCollections[name].route as (d: unknown) => string)(data);
