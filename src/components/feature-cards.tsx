import { cn } from './cn.ts';
import { Icon, type IconName } from './icons.tsx';

export interface Feature {
  icon?: IconName;
  title: string;
  text: string;
}

/** A grid of cards, each an icon, a heading and a sentence (why-choose reasons, values, features). */
export function FeatureCards({ items, className = 'sm:grid-cols-2 lg:grid-cols-3' }: { items: Feature[]; className?: string }) {
  return (
    <ul className={cn('grid gap-6', className)}>
      {items.map((f) => (
        <li key={f.title} className="rounded-xl border border-line bg-white p-6">
          {f.icon && <Icon name={f.icon} className="size-7 text-brand-700" />}
          <h3 className="mt-3 text-lg font-semibold text-ink">{f.title}</h3>
          <p className="mt-1 text-muted">{f.text}</p>
        </li>
      ))}
    </ul>
  );
}
