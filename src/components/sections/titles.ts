import type { LandingSection } from '#schemas/index.ts';
import type { T } from '../../i18n/use-t.ts';

/** The message keys of the default headings of the sections that have one. */
const SECTION_TITLE_KEYS: Partial<Record<LandingSection['type'], string>> = {
  services: 'sections.titles.services',
  problems: 'sections.titles.problems',
  'why-choose': 'sections.titles.whyChoose',
  faq: 'sections.titles.faq',
  models: 'sections.titles.models',
  areas: 'sections.titles.areas',
  'brand-grid': 'sections.titles.brandGrid',
  testimonials: 'sections.titles.testimonials',
  'related-links': 'sections.titles.relatedLinks',
  'service-info': 'sections.titles.serviceInfo',
  'phone-formats': 'sections.titles.phoneFormats',
};

/** A section's own title, or the default heading of its type in the page's language. */
export function sectionTitle(t: T, section: { type: LandingSection['type']; title?: string }): string {
  return section.title ?? t(SECTION_TITLE_KEYS[section.type]!);
}
