import { Link } from './link.tsx';
import type { Service, Testimonial } from '#schemas/index.ts';
import { cn } from './cn.ts';
import { Icon, type IconName } from './icons.tsx';
import { useT } from './site-context.tsx';
import { initials } from '../lib/format.ts';

/** Icon, title, description and a "Learn More" link to the service's section on /services. */
export function ServiceCard({ service, href }: { service: Pick<Service, 'id' | 'title' | 'description' | 'icon'>; href?: string }) {
  const t = useT();
  return (
    <article className="flex h-full flex-col rounded-xl border border-line bg-white p-6 shadow-sm">
      <span className="mb-4 grid size-12 place-items-center rounded-lg bg-brand-50 text-brand-700">
        <Icon name={service.icon as IconName} className="size-6" />
      </span>
      <h3 className="text-lg font-semibold text-ink">{service.title}</h3>
      <p className="mt-2 flex-1 text-muted">{service.description}</p>
      <Link
        to={href ?? `/services#${service.id}`}
        className="mt-4 inline-flex items-center gap-1 font-semibold text-brand-700 hover:text-brand-900"
      >
        {t('cards.learnMore')}<span className="sr-only">{t('cards.learnMoreHidden', { title: service.title })}</span> <Icon name="arrow" className="size-4" />
      </Link>
    </article>
  );
}

/** Reviews as a grid of cards: two across from md, and three from lg unless `className` says otherwise. */
export function TestimonialGrid({ items, className = 'md:grid-cols-2 lg:grid-cols-3' }: { items: Pick<Testimonial, 'quote' | 'name' | 'location' | 'rating' | 'service'>[]; className?: string }) {
  return (
    <ul className={cn('grid gap-6', className)}>
      {items.map((item) => (
        <li key={item.name + item.quote}>
          <TestimonialCard testimonial={item} />
        </li>
      ))}
    </ul>
  );
}

/** Quote, name, location and the rating as filled and empty stars, with the rating as text for screen readers. */
function TestimonialCard({ testimonial }: { testimonial: Pick<Testimonial, 'quote' | 'name' | 'location' | 'rating' | 'service'> }) {
  const t = useT();
  const { rating } = testimonial;
  return (
    <figure className="flex h-full flex-col rounded-xl border border-line bg-white p-6 shadow-sm">
      <span className="inline-flex items-center gap-0.5" role="img" aria-label={t('cards.rated', { rating, max: 5 })}>
        {Array.from({ length: 5 }, (_, i) => (
          <Icon key={i} name="star" className={i < rating ? 'size-4 fill-amber-400 text-amber-500' : 'size-4 text-slate-300'} />
        ))}
      </span>
      <blockquote className="mt-3 flex-1 text-ink">“{testimonial.quote}”</blockquote>
      <figcaption className="mt-4 flex items-center gap-3">
        <span aria-hidden="true" className="grid size-10 place-items-center rounded-full bg-brand-100 font-semibold text-brand-800">
          {initials(testimonial.name)}
        </span>
        <span>
          <span className="block font-semibold text-ink">{testimonial.name}</span>
          <span className="block text-sm text-muted">
            {testimonial.location} · {testimonial.service}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
