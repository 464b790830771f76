import { Link } from './link.tsx';
import type { NavLink } from '../contract/site.ts';
import { cn } from './cn.ts';

/** A grid of brand tiles (home page, service centre, brand grid of brand and area pages). */
export function BrandTiles({ tiles, className = 'grid-cols-2 sm:grid-cols-4 lg:grid-cols-7' }: { tiles: NavLink[]; className?: string }) {
  return (
    <ul className={cn('grid gap-3', className)}>
      {tiles.map((b) => (
        <li key={b.href}>
          <Link
            to={b.href}
            className="flex h-16 items-center justify-center rounded-lg border border-line bg-white px-2 text-center font-semibold text-brand-800 hover:border-brand-600"
          >
            {b.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
