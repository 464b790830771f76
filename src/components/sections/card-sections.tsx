import { useT } from '../../i18n/use-t.ts';
import { sectionTitle } from './titles.ts';
import { ServiceCard } from '../cards.tsx';
import { Section } from '../hero.tsx';
import { FeatureCards } from '../feature-cards.tsx';
import type { SectionProps } from './types.ts';

/** Three to six service cards, each with its own "Learn More" target. */
export function ServicesSection({ section, id }: SectionProps<'services'>) {
  const t = useT();
  return (
    <Section id={id} title={sectionTitle(t, section)} lead={section.lead}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {section.items.map((it) => (
          <li key={it.title}>
            <ServiceCard service={{ id: it.title, title: it.title, description: it.text, icon: it.icon }} href={it.href} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Problems or reasons: cards with an icon, a heading and a sentence or two. */
export function CardsSection({ section, id }: SectionProps<'problems' | 'why-choose'>) {
  const t = useT();
  return (
    <Section id={id} title={sectionTitle(t, section)} lead={section.lead} className={section.type === 'problems' ? 'bg-surface' : undefined}>
      <FeatureCards items={section.items} />
    </Section>
  );
}
