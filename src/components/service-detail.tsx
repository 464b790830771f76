import type { Service } from '#schemas/index.ts';
import { formatPrice } from '../lib/format.ts';
import { ButtonLink } from './button.tsx';
import { Icon, type IconName } from './icons.tsx';
import { useSite, useT } from './site-context.tsx';

/**
 * One service as /services lists it: the anchor other pages link to (/services#screen-repair),
 * title, description, the starting price when site.yaml has one, five features and a booking link.
 */
export function ServiceDetail({ service }: { service: Service }) {
  const site = useSite();
  const t = useT();
  const price = site.prices.find((p) => p.id === service.priceKey)?.amount;
  const titleId = `${service.id}-title`;
  return (
    <article id={service.id} aria-labelledby={titleId} className="flex h-full scroll-mt-24 flex-col rounded-xl border border-line bg-white p-6 shadow-sm">
      <div className="flex items-start gap-4">
        <span className="grid size-12 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
          <Icon name={service.icon as IconName} className="size-6" />
        </span>
        <div>
          <h3 id={titleId} className="text-xl font-semibold text-ink">
            {service.title}
          </h3>
          {price !== undefined && <p className="text-sm font-semibold text-accent-700">{t('serviceDetail.from', { price: formatPrice(price) })}</p>}
        </div>
      </div>
      <p className="mt-3 text-muted">{service.description}</p>
      <ul className="mt-4 flex-1 space-y-2">
        {service.features.map((f) => (
          <li key={f} className="flex gap-2 text-ink">
            <Icon name="check" className="mt-0.5 size-5 shrink-0 text-chat-600" />
            {f}
          </li>
        ))}
      </ul>
      <ButtonLink to="/contact" variant="primary" className="mt-6 self-start" aria-label={t('serviceDetail.bookLabel', { service: service.title })}>
        {t('serviceDetail.book')}
      </ButtonLink>
    </article>
  );
}
