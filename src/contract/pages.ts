// The contract between each page kind's data builder (core/page-data/) and its screen
// (src/pages/registry.ts): one map from kind to data. A builder returns `PageData<K>` and the
// screen of K receives it, so a field that one side writes and the other does not read is a type
// error. Types only.

import type { Faq, LandingSection, RelatedLink, Service, ServiceCenterBrand, Testimonial } from '#schemas/index.ts';
import type { NavLink, PageMeta, PostCard } from './site.ts';

type Of<T extends LandingSection['type']> = Extract<LandingSection, { type: T }>;

/** A landing-page section as the screen receives it: placeholders filled, references resolved. */
export type ResolvedSection =
  | Exclude<LandingSection, { type: 'brand-grid' | 'testimonials' | 'service-info' }>
  | (Omit<Of<'brand-grid'>, 'count'> & { tiles: NavLink[] })
  | Omit<Of<'testimonials'>, 'ids'>
  | (Of<'service-info'> & { hoursText?: string });

/** One entry of the contact page's "Areas We Serve" grid, as an areas section lists it: a link only when the area has a page. */
export type AreaCell = Of<'areas'>['items'][number];

/** A brand or area page (screen: src/pages/landing-page.tsx). */
interface LandingFields {
  /** Short name, e.g. "Acme". */
  name: string;
  sections: ResolvedSection[];
  /** The MDX body's HTML, when the page has a body that renders to some. */
  body?: string;
}

/** A section's not-found page: the texts are the screen's, by kind. */
type NoFields = Record<never, never>;

/** Every page kind and the data its screen receives, beyond `kind` and `meta`. */
export interface PageFields {
  home: {
    services: Pick<Service, 'id' | 'title' | 'description' | 'icon'>[];
    /** Facts filled in. */
    faqs: Faq[];
    testimonials: Testimonial[];
    /** Brands with a service-centre page. */
    brandTiles: NavLink[];
    /** The latest two posts. */
    posts: PostCard[];
  };
  services: {
    /** Every service of content/services.yaml: the main six first, then the extra sections. */
    services: Service[];
  };
  about: NoFields;
  contact: {
    /** content/areas-served.yaml in order; `href` only on areas that have a page. */
    areas: AreaCell[];
    /** "Our Services & Popular Repair Areas". */
    related: RelatedLink[];
  };
  testimonials: {
    /** content/testimonials.yaml, in order. */
    testimonials: Testimonial[];
  };
  'blog-index': {
    /** The featured article, on the first page only. */
    featured?: PostCard;
    /** This page's other articles, as the grid shows them. */
    grid: PostCard[];
    pagination: { page: number; pages: number; prev?: string; next?: string };
    links: RelatedLink[];
  };
  post: {
    /** The post as cards show it (also read by the home page and the blog index). */
    card: PostCard;
    updated?: string;
    /** The article's HTML (none when the file has no body). */
    body?: string;
    /** Up to three newer-first articles of the same category. */
    related: PostCard[];
    /** The ## and ### headings (each linked at #id), when the post asks for a table of contents (`toc: true`). */
    toc?: { depth: number; id: string; text: string }[];
  };
  'post-not-found': NoFields;
  'service-center': { brands: NavLink[] };
  'service-center-brand': {
    brand: Pick<ServiceCenterBrand, 'id' | 'name' | 'description' | 'services'>;
    /** Up to six other brands of the service centre. */
    others: NavLink[];
  };
  'brand-not-found': NoFields;
  brand: LandingFields;
  area: LandingFields;
  'privacy-policy': NoFields;
  analytics: NoFields;
  'thank-you': NoFields;
  'not-found': NoFields;
}

export type PageKind = keyof PageFields;

/** The loader data of a page of kind K (of any kind when K is left out). */
export type PageData<K extends PageKind = PageKind> = { [P in K]: { kind: P; meta: PageMeta } & PageFields[P] }[K];

export type ContactData = PageData<'contact'>;
export type BlogIndexData = PageData<'blog-index'>;
export type PostData = PageData<'post'>;
export type ServiceCenterBrandData = PageData<'service-center-brand'>;
export type LandingData = PageData<'brand' | 'area'>;
