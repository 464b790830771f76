import { buttonClass, ButtonLink } from '../button.tsx';
import { PhoneLink } from '../contact-links.tsx';
import { Hero } from '../hero.tsx';
import { Icon } from '../icons.tsx';
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
        <PhoneLink className={buttonClass('light')}>
          <Icon name="phone" /> Call Now
        </PhoneLink>
      )}
    </Hero>
  );
}
