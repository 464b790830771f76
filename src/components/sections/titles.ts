import type { LandingSection } from '#schemas/index.ts';

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
