import type { ReactNode } from 'react';
import { TestimonialCard } from '../components/cards.tsx';
import { ClosingBanner } from '../components/closing-banner.tsx';
import { FaqAccordion } from '../components/faq-accordion.tsx';
import { Section } from '../components/hero.tsx';
import { RelatedLinks } from '../components/related-links.tsx';
import { RawHtml } from '../components/raw-html.tsx';
import { CardsSection, ServicesSection } from '../components/sections/card-sections.tsx';
import { PhoneFormatsSection, ServiceInfoSection, StripSection } from '../components/sections/info-sections.tsx';
import { LandingHero } from '../components/sections/landing-hero.tsx';
import { AreasSection, BrandGridSection, ModelsSection } from '../components/sections/list-sections.tsx';
import { sectionTitle } from '../components/sections/titles.ts';
import { useT } from '../i18n/use-t.ts';
import type { LandingData, ResolvedSection } from '../contract/pages.ts';

export type { LandingData };

/** One section of a brand or area page; which component draws it is chosen by its `type`. */
function LandingSection({ section, id, data }: { section: ResolvedSection; id: string; data: LandingData }): ReactNode {
  const t = useT();
  switch (section.type) {
    case 'hero':
      return <LandingHero section={section} id={id} />;
    case 'services':
      return <ServicesSection section={section} id={id} />;
    case 'problems':
    case 'why-choose':
      return <CardsSection section={section} id={id} />;
    case 'faq':
      return (
        <Section id={id} title={sectionTitle(t, section)} lead={section.lead} className="bg-surface">
          <div className="mx-auto max-w-3xl">
            <FaqAccordion items={section.items} idBase={id} />
          </div>
        </Section>
      );
    case 'models':
      return <ModelsSection section={section} id={id} />;
    case 'areas':
      return <AreasSection section={section} id={id} />;
    case 'brand-grid':
      return <BrandGridSection section={section} id={id} />;
    case 'testimonials':
      return (
        <Section id={id} title={sectionTitle(t, section)} lead={section.lead}>
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {section.items.map((item) => (
              <li key={item.name + item.quote.slice(0, 20)}>
                <TestimonialCard testimonial={item} />
              </li>
            ))}
          </ul>
        </Section>
      );
    case 'strip':
      return <StripSection section={section} id={id} />;
    case 'related-links':
      return <RelatedLinks title={sectionTitle(t, section)} links={section.links} />;
    case 'cta':
      return <ClosingBanner text={section.text} />;
    case 'service-info':
      return <ServiceInfoSection section={section} id={id} />;
    case 'phone-formats':
      return <PhoneFormatsSection section={section} id={id} />;
    case 'body':
      return data.hasBody ? (
        <div className="mx-auto max-w-3xl px-4 py-12">
          <RawHtml id="page-body" html={data.body} className="prose" />
        </div>
      ) : null;
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
