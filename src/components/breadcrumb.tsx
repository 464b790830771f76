import { Link } from './link.tsx';
import type { BreadcrumbItem } from '#schemas/index.ts';
import { useT } from './site-context.tsx';

/** Home › … › current page. The trail comes from the page's meta (derived from the path, or set by the page). */
export function Breadcrumb({ items }: { items: BreadcrumbItem[] }) {
  const t = useT();
  const trail = [{ label: t('breadcrumb.home'), href: '/' }, ...items];
  return (
    <nav aria-label={t('breadcrumb.label')} className="mx-auto max-w-6xl px-4 py-3 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-muted">
        {trail.map((item, i) => {
          const last = i === trail.length - 1;
          return (
            <li key={`${item.label}-${i}`} className="flex items-center gap-1">
              {i > 0 && <span aria-hidden="true">›</span>}
              {item.href && !last ? (
                <Link to={item.href} className="text-brand-700 hover:underline">
                  {item.label}
                </Link>
              ) : (
                <span aria-current={last ? 'page' : undefined} className={last ? 'font-medium text-ink' : undefined}>
                  {item.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
