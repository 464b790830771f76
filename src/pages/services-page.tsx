import type { Service } from '#schemas/index.ts';
import { ButtonLink } from '../components/button.tsx';
import { ClosingBanner } from '../components/closing-banner.tsx';
import { Hero, Section } from '../components/hero.tsx';
import { Icon, type IconName } from '../components/icons.tsx';
import { LinkChips } from '../components/link-chips.tsx';
import { useFacts, useSite, useSiteData, useT } from '../components/site-context.tsx';
import type { PageData } from '../contract/pages.ts';
import { formatPrice } from '../lib/format.ts';

/** How many of the main services show before "View All Repair Services" (spec §9). */
const SHOWN_FIRST = 4;

function ServiceGrid({ services }: { services: Service[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {services.map((s) => (
        <li key={s.id}>
          <ServiceDetail service={s} />
        </li>
      ))}
    </ul>
  );
}

function StatsStrip() {
  const { stats } = useSite();
  const t = useT();
  const items: { icon: IconName; value: string; label: string }[] = [
    { icon: 'monitor', value: stats.jobs, label: t('services.stats.repaired') },
    { icon: 'award', value: stats.years, label: t('services.stats.experience') },
    { icon: 'clock', value: t('services.stats.sameDayValue'), label: t('services.stats.sameDay') },
    { icon: 'shield', value: t('services.stats.verifiedValue'), label: t('services.stats.verified') },
  ];
  return (
    <section aria-label={t('services.stats.label')} className="border-b border-line bg-surface">
      <ul className="mx-auto grid max-w-6xl grid-cols-2 gap-4 px-4 py-8 lg:grid-cols-4">
        {items.map((i) => (
          <li key={i.label} className="flex items-center gap-3">
            <span className="grid size-11 shrink-0 place-items-center rounded-full bg-brand-700 text-white">
              <Icon name={i.icon} />
            </span>
            <span>
              <span className="block text-xl font-extrabold text-brand-900">{i.value}</span>
              <span className="block text-sm text-muted">{i.label}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * One service as /services lists it: the anchor other pages link to (/services#screen-repair),
 * title, description, the starting price when site.yaml has one, five features and a booking link.
 */
function ServiceDetail({ service }: { service: Service }) {
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

/**
 * /services. The services after the first four sit in a native <details>: the static HTML holds all
 * six (every #anchor resolves, and they open without JavaScript), and opening it is one way because
 * the summary disappears once it is open (docs/decisions/020-services-view-all.md).
 */
export function Page({ data }: { data: PageData<'services'> }) {
  const { nav } = useSiteData();
  const t = useT();
  const facts = useFacts();
  const main = data.services.filter((s) => s.main);
  const extra = data.services.filter((s) => !s.main);
  return (
    <>
      <Hero
        eyebrow={t('services.hero.eyebrow', facts)}
        title={t('services.hero.title')}
        lead={t('services.hero.lead', facts)}
      >
        <ButtonLink to="/contact" variant="accent">
          {t('services.hero.book')}
        </ButtonLink>
      </Hero>
      <StatsStrip />

      <Section id="repair-services" title={t('services.repair.title')} lead={t('services.repair.lead')}>
        <ServiceGrid services={main.slice(0, SHOWN_FIRST)} />
        {main.length > SHOWN_FIRST && (
          <details className="group mt-6">
            <summary className="mx-auto flex min-h-11 w-fit cursor-pointer items-center gap-2 rounded-lg border-2 border-brand-700 bg-white px-5 py-2.5 font-semibold text-brand-700 group-open:hidden hover:bg-brand-50">
              {t('services.repair.viewAll')} <Icon name="chevron" className="size-4" />
            </summary>
            <ServiceGrid services={main.slice(SHOWN_FIRST)} />
          </details>
        )}
      </Section>

      {extra.length > 0 && (
        <Section id="more-repairs" title={t('services.specialist.title')} lead={t('services.specialist.lead')} className="bg-surface">
          <ServiceGrid services={extra} />
        </Section>
      )}

      {(nav.areas.length > 0 || nav.brands.length > 0) && (
        <div className="mx-auto max-w-6xl space-y-10 px-4 py-14">
          <LinkChips id="service-areas" title={t('services.areas', facts)} links={nav.areas} />
          <LinkChips id="service-brands" title={t('services.brands')} links={nav.brands} />
        </div>
      )}
      <ClosingBanner />
    </>
  );
}
