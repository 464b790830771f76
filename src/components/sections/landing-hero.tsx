import { ButtonLink, CallButton } from '../button.tsx';
import { Hero } from '../hero.tsx';
import type { SectionProps } from './types.ts';
import { useT } from '../../i18n/use-t.ts';

/** The page's H1 with the book (to /contact) and call buttons. */
export function LandingHero({ section }: SectionProps<'hero'>) {
  const t = useT();
  return (
    <Hero eyebrow={section.eyebrow} title={section.heading} lead={section.lead}>
      {section.book && (
        <ButtonLink to="/contact" variant="accent">
          {t('sections.heroBook')}
        </ButtonLink>
      )}
      {section.call && (
        <CallButton variant="light" />
      )}
    </Hero>
  );
}
