import type { LandingSection } from '../../schemas/index.ts';
import type { NavLink, PageData } from './page-data.ts';

type Of<T extends LandingSection['type']> = Extract<LandingSection, { type: T }>;

/** A landing-page section as the screen receives it: placeholders filled, references resolved. */
export type ResolvedSection =
  | Exclude<LandingSection, { type: 'brand-grid' | 'testimonials' | 'service-info' }>
  | (Omit<Of<'brand-grid'>, 'count'> & { tiles: NavLink[] })
  | (Omit<Of<'testimonials'>, 'ids'>)
  | (Of<'service-info'> & { hoursText?: string });

/** The data of a brand or area page (screen: src/pages/landing-page.tsx). */
export interface LandingData extends PageData {
  kind: 'landing';
  /** "brand" or "area". */
  variant: 'brand' | 'area';
  /** Short name, e.g. "Samsung". */
  name: string;
  sections: ResolvedSection[];
  /** The page has an MDX body (kept in the hydration data, which leaves bodyHtml out). */
  hasBody: boolean;
  /** The MDX body as HTML (left out of the hydration data). */
  bodyHtml?: string;
}

/** Default headings of the sections that have one. */
export const SECTION_TITLES: Partial<Record<LandingSection['type'], string>> = {
  services: 'Our TV Repair Services',
  problems: 'Common Problems We Fix',
  'why-choose': 'Why Choose Us',
  faq: 'Frequently Asked Questions',
  models: 'Models We Repair',
  areas: 'Areas We Serve',
  'brand-grid': 'Brands We Repair',
  testimonials: 'What Our Customers Say',
  'related-links': 'Related Pages',
  'service-info': 'Service Details',
  'phone-formats': 'Call Us',
};
