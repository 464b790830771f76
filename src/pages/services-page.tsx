import type { Service } from '#schemas/index.ts';
import { ButtonLink } from '../components/button.tsx';
import { ClosingBanner } from '../components/closing-banner.tsx';
import { Hero, Section } from '../components/hero.tsx';
import { Icon, type IconName } from '../components/icons.tsx';
import { LinkChips } from '../components/link-chips.tsx';
import { ServiceDetail } from '../components/service-detail.tsx';
import { useSite, useSiteData } from '../components/site-context.tsx';
import type { ServicesData } from '../contract/pages.ts';

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
  const items: { icon: IconName; value: string; label: string }[] = [
    { icon: 'monitor', value: stats.tvsRepaired, label: 'TVs Repaired' },
    { icon: 'award', value: stats.years, label: 'Years of Experience' },
    { icon: 'clock', value: 'Same-Day', label: 'Service for Most Repairs' },
    { icon: 'shield', value: 'Verified', label: 'Trained Technicians' },
  ];
  return (
    <section aria-label="Our record" className="border-b border-line bg-surface">
      <ul className="mx-auto grid max-w-6xl grid-cols-2 gap-4 px-4 py-8 lg:grid-cols-4">
        {items.map((i) => (
          <li key={i.label} className="flex items-center gap-3">
            <span className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-brand-700 text-white">
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
 * /services. The services after the first four sit in a native <details>: the static HTML holds all
 * six (every #anchor resolves, and they open without JavaScript), and opening it is one way because
 * the summary disappears once it is open (docs/decisions/020-services-view-all.md).
 */
export function Page({ data }: { data: ServicesData }) {
  const site = useSite();
  const { nav } = useSiteData();
  const main = data.services.filter((s) => s.main);
  const extra = data.services.filter((s) => !s.main);
  return (
    <>
      <Hero
        eyebrow={`All TV brands · ${site.address.city}`}
        title="Professional TV Repair Services"
        lead={`Screen, power supply, motherboard and audio repairs, wall mounting and free pickup – by technicians who have fixed ${site.stats.tvsRepaired} TVs in ${site.address.city}.`}
      >
        <ButtonLink to="/contact" variant="accent">
          Book a Repair
        </ButtonLink>
      </Hero>
      <StatsStrip />

      <Section id="repair-services" title="Our Repair Services" lead="Free diagnosis on every visit, genuine parts, and a written quote before we start.">
        <ServiceGrid services={main.slice(0, SHOWN_FIRST)} />
        {main.length > SHOWN_FIRST && (
          <details className="group mt-6">
            <summary className="mx-auto flex min-h-11 w-fit cursor-pointer list-none items-center gap-2 rounded-lg border-2 border-brand-700 bg-white px-5 py-2.5 font-semibold text-brand-700 group-open:hidden hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
              View All Repair Services <Icon name="chevron" className="h-4 w-4" />
            </summary>
            <ServiceGrid services={main.slice(SHOWN_FIRST)} />
          </details>
        )}
      </Section>

      {extra.length > 0 && (
        <Section id="more-repairs" title="Specialist Repairs" lead="Faults that need a workshop bench, a genuine part or a software fix." className="bg-surface">
          <ServiceGrid services={extra} />
        </Section>
      )}

      {(nav.areas.length > 0 || nav.brands.length > 0) && (
        <div className="mx-auto max-w-6xl space-y-10 px-4 py-14">
          <LinkChips id="service-areas" title={`TV Repair Across ${site.address.city}`} links={nav.areas} />
          <LinkChips id="service-brands" title="Brands We Repair" links={nav.brands} />
        </div>
      )}
      <ClosingBanner />
    </>
  );
}
