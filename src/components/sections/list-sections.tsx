import { Link } from '../link.tsx';
import { useT } from '../../i18n/use-t.ts';
import { sectionTitle } from './titles.ts';
import { BrandTiles } from '../brand-tiles.tsx';
import { Section } from '../hero.tsx';
import { Icon } from '../icons.tsx';
import type { SectionProps } from './types.ts';

/** Model lines: a name and a note each. */
export function ModelsSection({ section, id }: SectionProps<'models'>) {
  const t = useT();
  return (
    <Section id={id} title={sectionTitle(t, section)} lead={section.lead}>
      <ul className="grid gap-4 md:grid-cols-2">
        {section.items.map((m) => (
          <li key={m.name} className="flex gap-3 rounded-lg border border-line p-4">
            <Icon name="monitor" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <span>
              <span className="block font-semibold text-ink">{m.name}</span>
              {m.detail && <span className="block text-sm text-muted">{m.detail}</span>}
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

const chip = 'flex min-h-11 items-center gap-2 rounded-lg border border-line bg-white px-4 py-2 font-medium';

/** Areas (or brands): names, linked when they have a page. */
export function AreasSection({ section, id }: SectionProps<'areas'>) {
  const t = useT();
  return (
    <Section id={id} title={sectionTitle(t, section)} lead={section.lead} className="bg-surface">
      <ul className="flex flex-wrap justify-center gap-3">
        {section.items.map((a) => (
          <li key={a.name}>
            {a.href ? (
              <Link to={a.href} className={`${chip} text-brand-700 hover:border-brand-600`}>
                <Icon name="pin" className="size-4" />{a.name}
              </Link>
            ) : (
              <span className={`${chip} text-ink`}>
                <Icon name="pin" className="size-4 text-muted" />{a.name}
              </span>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Tiles of the brand pages (12 by default). */
export function BrandGridSection({ section, id }: SectionProps<'brand-grid'>) {
  const t = useT();
  return (
    <Section id={id} title={sectionTitle(t, section)} lead={section.lead} className="bg-surface">
      <BrandTiles tiles={section.tiles} className="grid-cols-2 sm:grid-cols-3 lg:grid-cols-6" />
    </Section>
  );
}
