import { ButtonLink, CallButton } from '../button.tsx';
import { Hero } from '../hero.tsx';
import type { SectionProps } from './types.ts';

/** The page's H1 with the book (to /contact) and call buttons. */
export function LandingHero({ section }: SectionProps<'hero'>) {
  return (
    <Hero eyebrow={section.eyebrow} title={section.heading} lead={section.lead}>
      {section.book && (
        <ButtonLink to="/contact" variant="accent">
          Book Repair Now
        </ButtonLink>
      )}
      {section.call && (
        <CallButton variant="light" />
      )}
    </Hero>
  );
}
