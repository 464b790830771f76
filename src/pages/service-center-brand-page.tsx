import { Link } from '../components/link.tsx';
import { buttonClass, CallButton } from '../components/button.tsx';
import { Hero, Section } from '../components/hero.tsx';
import { Icon, type IconName } from '../components/icons.tsx';
import { FormFields, HiddenFields } from '../components/form-fields.tsx';
import { useSite, useSiteData, useT } from '../components/site-context.tsx';
import { translate } from '../i18n/translate.ts';
import type { ServiceCenterBrandData } from '../contract/pages.ts';

/** Problem groups under serviceCenter.brand.problems: the group's key, icon and its items' keys. */
const PROBLEMS: { key: string; icon: IconName; items: string[] }[] = [
  { key: 'display', icon: 'monitor', items: ['noPicture', 'lines', 'backlight'] },
  { key: 'power', icon: 'zap', items: ['noStart', 'blinking', 'switchesOff'] },
  { key: 'sound', icon: 'volume', items: ['noSound', 'crackling', 'sync'] },
  { key: 'smart', icon: 'wifi', items: ['apps', 'wifi', 'logo'] },
];

/** The repair process's steps under serviceCenter.brand.process. */
const STEPS = ['diagnosis', 'quote', 'repair', 'check', 'delivery'] as const;

/** The per-brand "Request Service" form: a native POST to the leads function (spec §5, §7); it offers the brand's products, in site.yaml's order. */
function ServiceRequestForm({ brand, offered }: { brand: string; offered: Record<string, unknown> }) {
  const { site, subjects } = useSiteData();
  const t = useT();
  return (
    <form method="post" action={site.forms.serviceRequestEndpoint} className="space-y-4">
      <HiddenFields subject={translate(subjects, 'functions.subject.serviceRequest', { brand })} brand={brand} />
      <FormFields
        idPrefix="service-request"
        fields={[
          { name: 'name', label: t('forms.fields.name'), type: 'text', autoComplete: 'name' },
          { name: 'email', label: t('forms.fields.email'), type: 'email', autoComplete: 'email' },
          { name: 'phone', label: t('forms.fields.phone'), type: 'tel', autoComplete: 'tel' },
          {
            name: 'serviceType',
            label: t('forms.serviceRequest.serviceType.label'),
            type: 'select',
            placeholder: t('forms.serviceRequest.serviceType.placeholder'),
            options: Object.keys(site.products).filter((id) => offered[id]).map((value) => ({ value, label: t(`serviceCenter.brand.products.${value}`) })),
          },
          { name: 'area', label: t('forms.serviceRequest.area', { city: site.address.city }), type: 'text', autoComplete: 'address-level3' },
          { name: 'message', label: t('forms.serviceRequest.message'), type: 'textarea', rows: 4 },
        ]}
      />
      <button type="submit" className="inline-flex min-h-11 items-center rounded-lg bg-accent-600 px-5 py-2.5 font-semibold text-white hover:bg-accent-700">
        {t('forms.serviceRequest.submit')}
      </button>
    </form>
  );
}

/** /service-center/<brand>: the brand's services, common problems, the process and the request form. */
export function Page({ data }: { data: ServiceCenterBrandData }) {
  const site = useSite();
  const t = useT();
  const { brand } = data;
  const vars = { brand: brand.name, city: site.address.city };
  const badge = site.hours.alternatives.serviceCenterBadge?.label;
  return (
    <>
      <Hero eyebrow={badge && <span className="rounded-full bg-white/15 px-3 py-1 normal-case">{badge}</span>} title={t('serviceCenter.brand.title', vars)} lead={brand.description}>
        <a href="#request-service" className={buttonClass('accent')}>
          {t('serviceCenter.brand.requestService')}
        </a>
        <CallButton variant="light" />
      </Hero>
      <Section id="services" title={t('serviceCenter.brand.products.title', vars)}>
        <ul className="grid gap-6 md:grid-cols-2">
          {Object.entries(site.products).filter(([key]) => brand.services[key]).map(([key, icon]) => (
            <li key={key} id={`service-${key}`} className="rounded-xl border border-line p-6">
              <Icon name={icon} className="size-7 text-brand-700" />
              <h3 className="mt-3 text-lg font-semibold text-ink">{t('serviceCenter.brand.products.item', { brand: brand.name, product: t(`serviceCenter.brand.products.${key}`) })}</h3>
              <p className="mt-1 text-muted">{brand.services[key]}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="problems" title={t('serviceCenter.brand.problems.title', vars)} className="bg-surface">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {PROBLEMS.map((p) => (
            <li key={p.key} className="rounded-xl border border-line bg-white p-6">
              <Icon name={p.icon} className="size-7 text-brand-700" />
              <h3 className="mt-3 text-lg font-semibold text-ink">{t(`serviceCenter.brand.problems.${p.key}.title`)}</h3>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-muted">
                {p.items.map((i) => (
                  <li key={i}>{t(`serviceCenter.brand.problems.${p.key}.${i}`)}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="process" title={t('serviceCenter.brand.process.title')}>
        <ol className="grid gap-6 md:grid-cols-5">
          {STEPS.map((step, i) => (
            <li key={step} className="text-center">
              <span className="mx-auto grid size-12 place-items-center rounded-full bg-brand-700 text-lg font-bold text-white">{i + 1}</span>
              <h3 className="mt-3 font-semibold text-ink">{t(`serviceCenter.brand.process.${step}.title`)}</h3>
              <p className="mt-1 text-sm text-muted">{t(`serviceCenter.brand.process.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </Section>
      <Section id="request-service" title={t('serviceCenter.brand.request', vars)} className="bg-surface">
        <div className="mx-auto max-w-xl rounded-xl border border-line bg-white p-6">
          <ServiceRequestForm brand={brand.name} offered={brand.services} />
        </div>
      </Section>
      {data.others.length > 0 && (
        <Section id="other-brands" title={t('serviceCenter.brand.others')}>
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
