import { Link } from './link.tsx';
import type { RelatedLink } from '#schemas/index.ts';
import { Icon, type IconName } from './icons.tsx';

const ICONS: Record<RelatedLink['type'], IconName> = {
  brand: 'tag',
  location: 'pin',
  service: 'wrench',
  blog: 'book',
  other: 'link',
};

/** A titled list of related pages, each with an icon for its type. */
export function RelatedLinks({ title, links }: { title: string; links: RelatedLink[] }) {
  if (links.length === 0) return null;
  const id = `related-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-12">
      <h2 id={id} className="mb-6 text-2xl font-bold text-brand-900">
        {title}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {links.map((l) => (
          <li key={l.href + l.title}>
            <Link to={l.href} className="flex h-full gap-3 rounded-lg border border-line bg-white p-4 hover:border-brand-600 hover:shadow-sm">
              <span className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
                <Icon name={ICONS[l.type]} className="size-4" />
              </span>
              <span>
                <span className="block font-semibold text-ink">{l.title}</span>
                {l.description && <span className="mt-0.5 block text-sm text-muted">{l.description}</span>}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
