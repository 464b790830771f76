import type { ReactNode } from 'react';
import { BrandTiles } from '../components/brand-tiles.tsx';
import { ButtonLink, CallButton } from '../components/button.tsx';
import { TestimonialGrid } from '../components/cards.tsx';
import { ClosingBanner } from '../components/closing-banner.tsx';
import { FaqAccordion } from '../components/faq-accordion.tsx';
import { FeatureCards } from '../components/feature-cards.tsx';
import { Hero, Section } from '../components/hero.tsx';
import { RelatedLinks } from '../components/related-links.tsx';
import { AreasSection, ModelsSection, PhoneFormatsSection, ServiceInfoSection, ServicesSection, StripSection } from '../components/sections.tsx';
import { useT } from '../components/site-context.tsx';
import type { LandingData, ResolvedSection } from '../contract/pages.ts';

/** The default heading of a section: sections.titles.<its type in camelCase> ("why-choose": whyChoose). */
const titleKey = (type: ResolvedSection['type']) => `sections.titles.${type.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}`;

/** The sections drawn on the tinted background. */
const TINTED = new Set<ResolvedSection['type']>(['problems', 'faq', 'areas', 'brand-grid']);

type Titled = Exclude<ResolvedSection, { type: 'hero' | 'strip' | 'related-links' | 'cta' | 'body' }>;

/** What a titled section holds under its heading; which component draws it is chosen by its `type`. */
function SectionBody({ section, id }: { section: Titled; id: string }): ReactNode {
  switch (section.type) {
    case 'services':
      return <ServicesSection section={section} />;
    case 'problems':
    case 'why-choose':
      return <FeatureCards items={section.items} />;
    case 'faq':
      return (
        <div className="mx-auto max-w-3xl">
          <FaqAccordion items={section.items} idBase={id} />
        </div>
      );
    case 'models':
      return <ModelsSection section={section} />;
    case 'areas':
      return <AreasSection section={section} />;
    case 'brand-grid':
      return <BrandTiles tiles={section.tiles} className="grid-cols-2 sm:grid-cols-3 lg:grid-cols-6" />;
    case 'testimonials':
      return <TestimonialGrid items={section.items} />;
    case 'service-info':
      return <ServiceInfoSection section={section} />;
    case 'phone-formats':
      return <PhoneFormatsSection />;
  }
}

/** One section of a brand or area page: its own band, or a titled section around its body. */
function LandingSection({ section, id, data }: { section: ResolvedSection; id: string; data: LandingData }): ReactNode {
  const t = useT();
  switch (section.type) {
    case 'hero':
      // The page's H1 with the book (to /contact) and call buttons.
      return (
        <Hero eyebrow={section.eyebrow} title={section.heading} lead={section.lead}>
          {section.book && (
            <ButtonLink to="/contact" variant="accent">
              {t('sections.heroBook')}
            </ButtonLink>
          )}
          {section.call && <CallButton variant="light" />}
        </Hero>
      );
    case 'strip':
      return <StripSection section={section} id={id} />;
    case 'related-links':
      return <RelatedLinks title={section.title ?? t(titleKey(section.type))} links={section.links} />;
    case 'cta':
      return <ClosingBanner text={section.text} />;
    case 'body':
      return data.body ? (
        <div className="mx-auto max-w-3xl px-4 py-12">
          <div id="page-body" className="prose" dangerouslySetInnerHTML={{ __html: data.body }} />
        </div>
      ) : null;
    default:
      return (
        <Section id={id} title={section.title ?? t(titleKey(section.type))} lead={section.lead} className={TINTED.has(section.type) ? 'bg-surface' : undefined}>
          <SectionBody section={section} id={id} />
        </Section>
      );
  }
}

/** Brand and area pages: the sections of the page's content file, in order (the spec's variants are data). */
export function Page({ data }: { data: LandingData }) {
  return (
    <>
      {data.sections.map((s, i) => (
        <LandingSection key={i} section={s} id={('anchor' in s && s.anchor) || `${s.type}-${i}`} data={data} />
      ))}
    </>
  );
}
