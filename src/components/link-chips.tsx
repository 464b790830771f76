import { Link } from './link.tsx';
import type { NavLink } from '../contract/site.ts';

/** A titled row of small links (brand pages, area pages); nothing when the list is empty. */
export function LinkChips({ id, title, links }: { id: string; title: string; links: NavLink[] }) {
  if (links.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-2xl font-bold text-brand-900">
        {title}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {links.map((l) => (
          <li key={l.href}>
            <Link
              to={l.href}
              className="inline-flex min-h-11 items-center rounded-full border border-line bg-white px-4 py-2 text-sm font-medium text-brand-800 hover:border-brand-600 hover:bg-brand-50"
            >
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
