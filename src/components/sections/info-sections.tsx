import { useT } from '../../i18n/use-t.ts';
import { sectionTitle } from './titles.ts';
import { PhoneLink } from '../contact-links.tsx';
import { Section } from '../hero.tsx';
import { Icon, type IconName } from '../icons.tsx';
import type { SectionProps } from './types.ts';

/** A row of short facts (e.g. years, warranty, same-day service). */
export function StripSection({ section, id }: SectionProps<'strip'>) {
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
export function ServiceInfoSection({ section, id }: SectionProps<'service-info'>) {
  const t = useT();
  return (
    <Section id={id} title={sectionTitle(t, section)} lead={section.lead}>
      <ul className="mx-auto grid max-w-3xl gap-4 sm:grid-cols-2">
        {section.address && <InfoItem icon="pin" label={t('sections.serviceAddress')} text={section.address} />}
        {section.hoursText && <InfoItem icon="clock" label={t('sections.serviceHours')} text={section.hoursText} />}
      </ul>
    </Section>
  );
}

/** The shop's number with and without the +91 prefix. */
export function PhoneFormatsSection({ section, id }: SectionProps<'phone-formats'>) {
  const t = useT();
  const link = 'inline-flex min-h-11 items-center gap-2 rounded-lg border border-line px-4 py-2 text-lg font-semibold text-brand-700 hover:border-brand-600';
  return (
    <Section id={id} title={sectionTitle(t, section)} lead={section.lead}>
      <ul className="flex flex-wrap justify-center gap-4">
        <li>
          <PhoneLink className={link} />
        </li>
        <li>
          <PhoneLink local className={link} />
        </li>
      </ul>
    </Section>
  );
}
