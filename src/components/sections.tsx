import { Link } from './link.tsx';
import { useT } from './site-context.tsx';
import { ServiceCard } from './cards.tsx';
import { PhoneLink } from './contact-links.tsx';
import { Icon, type IconName } from './icons.tsx';
import type { ResolvedSection } from '../contract/pages.ts';

/** The props of one section component: its data. */
type SectionProps<T extends ResolvedSection['type']> = { section: Extract<ResolvedSection, { type: T }> };

/** Three to six service cards, each with its own "Learn More" target. */
export function ServicesSection({ section }: SectionProps<'services'>) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {section.items.map((it) => (
        <li key={it.title}>
          <ServiceCard service={{ id: it.title, title: it.title, description: it.text, icon: it.icon }} href={it.href} />
        </li>
      ))}
    </ul>
  );
}

/** A row of short facts (e.g. years, warranty, same-day service). */
export function StripSection({ section, id }: SectionProps<'strip'> & { id: string }) {
  const t = useT();
  return (
    <section id={id} aria-label={section.title ?? t('sections.strip')} className="border-y border-line bg-brand-50">
      <ul className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-8 md:grid-cols-4">
        {section.items.map((it) => (
          <li key={it.value + it.label} className="text-center">
            {it.icon && <Icon name={it.icon as IconName} className="mx-auto mb-2 size-7 text-brand-700" />}
            <span className="block text-2xl font-extrabold text-brand-900">{it.value}</span>
            <span className="block text-sm text-muted">{it.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function InfoItem({ icon, label, text }: { icon: IconName; label: string; text: string }) {
  return (
    <li className="flex gap-3 rounded-lg border border-line p-4">
      <Icon name={icon} className="mt-0.5 size-5 shrink-0 text-brand-700" />
      <div>
        <p className="font-semibold text-ink">{label}</p>
        <p className="text-muted">{text}</p>
      </div>
    </li>
  );
}

/** The service address line and the service hours of an area. */
export function ServiceInfoSection({ section }: SectionProps<'service-info'>) {
  const t = useT();
  return (
    <ul className="mx-auto grid max-w-3xl gap-4 sm:grid-cols-2">
      {section.address && <InfoItem icon="pin" label={t('sections.serviceAddress')} text={section.address} />}
      {section.hoursText && <InfoItem icon="clock" label={t('sections.serviceHours')} text={section.hoursText} />}
    </ul>
  );
}

/** The shop's number with and without the +91 prefix. */
export function PhoneFormatsSection() {
  const link = 'inline-flex min-h-11 items-center gap-2 rounded-lg border border-line px-4 py-2 text-lg font-semibold text-brand-700 hover:border-brand-600';
  return (
    <ul className="flex flex-wrap justify-center gap-4">
      <li>
        <PhoneLink className={link} />
      </li>
      <li>
        <PhoneLink local className={link} />
      </li>
    </ul>
  );
}

/** Model lines: a name and a note each, beside the section's icon (a check mark unless content names one). */
export function ModelsSection({ section }: SectionProps<'models'>) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {section.items.map((m) => (
        <li key={m.name} className="flex gap-3 rounded-lg border border-line p-4">
          <Icon name={section.icon ?? 'check'} className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <span>
            <span className="block font-semibold text-ink">{m.name}</span>
            {m.detail && <span className="block text-sm text-muted">{m.detail}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}

const chip = 'flex min-h-11 items-center gap-2 rounded-lg border border-line bg-white px-4 py-2 font-medium';

/** Areas (or brands): names, linked when they have a page. */
export function AreasSection({ section }: SectionProps<'areas'>) {
  return (
    <ul className="flex flex-wrap justify-center gap-3">
      {section.items.map((a) => (
        <li key={a.name}>
          {a.href ? (
            <Link to={a.href} className={`${chip} text-brand-700 hover:border-brand-600`}>
              <Icon name="pin" className="size-4" />{a.name}
            </Link>
          ) : (
            <span className={`${chip} text-ink`}>
              <Icon name="pin" className="size-4 text-muted" />{a.name}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
