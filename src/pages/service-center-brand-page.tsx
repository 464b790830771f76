import { Link } from 'react-router';
import { buttonClass, CallButton } from '../components/button.tsx';
import { Hero, Section } from '../components/hero.tsx';
import { Icon, type IconName } from '../components/icons.tsx';
import { ServiceRequestForm } from '../components/service-request-form.tsx';
import { useSite } from '../components/site-context.tsx';
import type { ServiceCenterBrandData } from '../contract/pages.ts';

export type { ServiceCenterBrandData };

const PRODUCTS = [
  ['tv', 'TV Repair', 'monitor'],
  ['ac', 'AC Repair', 'sun'],
  ['refrigerator', 'Refrigerator Repair', 'home'],
  ['microwave', 'Microwave Repair', 'zap'],
] as const;

const PROBLEMS: { icon: IconName; title: string; items: string[] }[] = [
  { icon: 'monitor', title: 'Display Problems', items: ['No picture or a black screen', 'Lines, spots or a cracked panel', 'Dim or flickering backlight'] },
  { icon: 'zap', title: 'Power Problems', items: ['TV does not switch on', 'Blinking standby light', 'Switches off by itself'] },
  { icon: 'volume', title: 'Sound Problems', items: ['No sound or low volume', 'Crackling or distorted audio', 'Sound out of sync'] },
  { icon: 'wifi', title: 'Smart TV Problems', items: ['Apps crash or will not open', 'Wi-Fi keeps disconnecting', 'Stuck on the logo after an update'] },
];

const STEPS = [
  ['Diagnosis', 'A technician finds the fault, free of charge.'],
  ['Quote', 'You get the price before any work starts.'],
  ['Repair', 'Genuine parts, fitted by a trained technician.'],
  ['Quality Check', 'The TV is tested for hours before it goes back.'],
  ['Delivery', 'We bring it back and set it up, free of charge.'],
] as const;

/** /service-center/<brand>: the brand's services, common problems, the process and the request form. */
export function Page({ data }: { data: ServiceCenterBrandData }) {
  const site = useSite();
  const { brand } = data;
  const badge = site.hours.alternatives.serviceCenterBadge?.label;
  return (
    <>
      <Hero eyebrow={badge && <span className="rounded-full bg-white/15 px-3 py-1 normal-case">{badge}</span>} title={`${brand.name} Service Centre in ${site.address.city}`} lead={brand.description}>
        <a href="#request-service" className={buttonClass('accent')}>
          Request Service
        </a>
        <CallButton variant="light" />
      </Hero>
      <Section id="services" title={`${brand.name} Products We Service`}>
        <ul className="grid gap-6 md:grid-cols-2">
          {PRODUCTS.filter(([key]) => brand.services[key]).map(([key, title, icon]) => (
            <li key={key} id={`service-${key}`} className="rounded-xl border border-line p-6">
              <Icon name={icon} className="h-7 w-7 text-brand-700" />
              <h3 className="mt-3 text-lg font-semibold text-ink">{`${brand.name} ${title}`}</h3>
              <p className="mt-1 text-muted">{brand.services[key]}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="problems" title={`Common ${brand.name} TV Problems`} className="bg-surface">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {PROBLEMS.map((p) => (
            <li key={p.title} className="rounded-xl border border-line bg-white p-6">
              <Icon name={p.icon} className="h-7 w-7 text-brand-700" />
              <h3 className="mt-3 text-lg font-semibold text-ink">{p.title}</h3>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-muted">
                {p.items.map((i) => (
                  <li key={i}>{i}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="process" title="Our Repair Process">
        <ol className="grid gap-6 md:grid-cols-5">
          {STEPS.map(([title, text], i) => (
            <li key={title} className="text-center">
              <span className="mx-auto grid h-12 w-12 place-items-center rounded-full bg-brand-700 text-lg font-bold text-white">{i + 1}</span>
              <h3 className="mt-3 font-semibold text-ink">{title}</h3>
              <p className="mt-1 text-sm text-muted">{text}</p>
            </li>
          ))}
        </ol>
      </Section>
      <Section id="request-service" title={`Request ${brand.name} Service`} className="bg-surface">
        <div className="mx-auto max-w-xl rounded-xl border border-line bg-white p-6">
          <ServiceRequestForm brand={brand.name} offered={brand.services} />
        </div>
      </Section>
      {data.others.length > 0 && (
        <Section id="other-brands" title="Other Brands We Service">
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {data.others.map((b) => (
              <li key={b.href}>
                <Link to={b.href} className="flex h-14 items-center justify-center rounded-lg border border-line px-2 font-semibold text-brand-800 hover:border-brand-600">
                  {b.label}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </>
  );
}
