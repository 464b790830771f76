import type { ReactNode } from 'react';
import { Link } from '../components/link.tsx';
import { EmailLink, PhoneLink, WhatsAppLink } from '../components/contact-links.tsx';
import { FormFields, HiddenFields } from '../components/form-fields.tsx';
import { Icon, type IconName } from '../components/icons.tsx';
import { RelatedLinks } from '../components/related-links.tsx';
import { useSite, useSiteData, useT } from '../components/site-context.tsx';
import { WhatsAppBanner } from '../components/whatsapp-banner.tsx';
import { hoursRange, translate } from '../i18n/translate.ts';
import type { AreaCell, ContactData } from '../contract/pages.ts';

function Detail({ icon, title, children }: { icon: IconName; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="grid size-11 shrink-0 place-items-center rounded-full bg-brand-700 text-white">
        <Icon name={icon} />
      </span>
      <div className="min-w-0">
        <h3 className="font-semibold text-ink">{title}</h3>
        <div className="text-muted">{children}</div>
      </div>
    </li>
  );
}

/**
 * The embedded map, loaded only when it comes near the viewport: the static HTML holds an iframe
 * with no src (so no request to the map provider) and the map's address in data-src;
 * src/client/shell.ts gives it its src when it nears the viewport. `loading="lazy"` is a second
 * guard. Without JavaScript the iframe stays hidden (styles.css hides an iframe while it has data-src)
 * and the link under it opens the map instead.
 */
function MapEmbed() {
  const site = useSite();
  const t = useT();
  const { street, locality, city } = site.address;
  const place = `${site.business.name}, ${street}, ${locality}, ${city}`;
  const mapsLink = `https://www.google.com/maps/search/?api=1&query=${site.geo.latitude},${site.geo.longitude}`;

  return (
    <figure>
      <div className="relative aspect-[4/3] w-full overflow-hidden rounded-xl border border-line bg-surface md:aspect-[16/9]">
        <p className="absolute inset-0 grid place-items-center p-6 text-center text-muted">{t('map.placeholder', { place })}</p>
        <iframe
          data-src={site.mapEmbedUrl}
          title={t('map.title', { place })}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          className="absolute inset-0 h-full w-full border-0"
        />
      </div>      <figcaption className="mt-3 text-sm">
        <a href={mapsLink} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 hover:underline">
          {t('map.open')}<span className="sr-only"> {t('common.opensInNewTab')}</span>
        </a>
      </figcaption>
    </figure>
  );
}

const LINK = 'font-medium break-words text-brand-700 hover:underline';

function GetInTouch() {
  const { site, messages } = useSiteData();
  const t = useT();
  const { address: a, hours } = site;
  return (
    <section aria-labelledby="get-in-touch">
      <h2 id="get-in-touch" className="text-2xl font-bold text-brand-900">
        {t('contact.getInTouch.title')}
      </h2>
      <p className="mt-1 text-muted">{t('contact.getInTouch.lead')}</p>
      <ul className="mt-6 space-y-5">
        <Detail icon="phone" title={t('contact.getInTouch.phone')}>
          <PhoneLink className={LINK} />
        </Detail>
        <Detail icon="chat" title={t('contact.getInTouch.whatsApp')}>
          <WhatsAppLink className={LINK}>{t('contact.getInTouch.whatsAppLink')}</WhatsAppLink>
        </Detail>
        <Detail icon="mail" title={t('contact.getInTouch.email')}>
          <EmailLink className={LINK} />
        </Detail>
        <Detail icon="pin" title={t('contact.getInTouch.address')}>
          <address className="not-italic">{t('common.address', { ...a })}</address>
        </Detail>
        <Detail icon="clock" title={t('contact.getInTouch.hours')}>
          {t('contact.getInTouch.hoursText', { label: hours.primary.label, range: hoursRange(hours.primary, messages) })}
        </Detail>
      </ul>
    </section>
  );
}

function AreasGrid({ areas }: { areas: AreaCell[] }) {
  const t = useT();
  const site = useSite();
  return (
    <section aria-labelledby="areas-served" className="bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="areas-served" className="text-center text-3xl font-bold text-brand-900">
          {t('contact.areas.title')}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-muted">{t('contact.areas.lead', { city: site.address.city })}</p>
        <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {areas.map((area) => (
            <li key={area.name}>
              {area.href ? (
                <Link to={area.href} className="flex min-h-11 items-center gap-2 rounded-lg border border-brand-600 bg-white px-3 py-2 font-semibold text-brand-700 hover:bg-brand-50">
                  <Icon name="pin" className="size-4 shrink-0" />
                  {area.name}
                </Link>
              ) : (
                <span className="flex min-h-11 items-center gap-2 rounded-lg border border-line bg-white px-3 py-2 text-ink">
                  <Icon name="pin" className="size-4 shrink-0 text-muted" />
                  {area.name}
                </span>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/**
 * "Send Us a Message": a native POST to the leads function, so it works without JavaScript; the
 * browser's own required-field checks are the only validation (spec §5). The "Get A Quote" link
 * falls back to this form (#contact-form) when the dialog cannot open.
 */
function ContactForm() {
  const { site, contactServices, subjects } = useSiteData();
  const t = useT();
  return (
    <section aria-labelledby="contact-form-title" className="rounded-xl border border-line bg-white p-6 shadow-sm md:p-8">
      <h2 id="contact-form-title" className="text-2xl font-bold text-brand-900">
        {t('forms.contact.title')}
      </h2>
      <p className="mt-1 text-muted">{t('forms.contact.lead')}</p>
      <form id="contact-form" method="post" action={site.forms.contactEndpoint} className="relative mt-6 scroll-mt-24 space-y-4">
        <HiddenFields subject={translate(subjects, 'functions.subject.contact')} />
        <FormFields
          idPrefix="contact"
          fields={[
            { name: 'name', label: t('forms.fields.name'), type: 'text', autoComplete: 'name' },
            { name: 'phone', label: t('forms.fields.phone'), type: 'tel', autoComplete: 'tel' },
            { name: 'email', label: t('forms.fields.email'), type: 'email', autoComplete: 'email' },
            // The business's services (site.yaml forms.services): the value sent is the title in the default language.
            { name: 'service', label: t('forms.contact.service.label'), type: 'select', placeholder: t('forms.contact.service.placeholder'), options: contactServices },
            { name: 'message', label: t('forms.fields.message'), type: 'textarea', rows: 4 },
          ]}
        />
        <button type="submit" className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-accent-600 px-5 py-2.5 font-semibold text-white hover:bg-accent-700 sm:w-auto">
          {t('forms.contact.submit')}
        </button>
      </form>
    </section>
  );
}

/** /contact: ways to reach the shop, the message form, the map, the areas served and related links. */
export function Page({ data }: { data: ContactData }) {
  const site = useSite();
  const t = useT();
  return (
    <>
      <header className="mx-auto max-w-6xl px-4 pt-6 pb-2">
        <h1 className="text-3xl font-extrabold text-brand-900 md:text-4xl">{t('contact.title', { business: site.business.name })}</h1>
        <p className="mt-3 max-w-2xl text-lg text-muted">{t('contact.lead', { city: site.address.city })}</p>
      </header>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[2fr_3fr]">
        <GetInTouch />
        <ContactForm />
      </div>
      <section aria-labelledby="find-us" className="mx-auto max-w-6xl px-4 pb-14">
        <h2 id="find-us" className="mb-6 text-2xl font-bold text-brand-900">
          {t('contact.findUs')}
        </h2>
        <MapEmbed />
      </section>
      <AreasGrid areas={data.areas} />
      <WhatsAppBanner title={t('contact.whatsapp.title')} text={t('contact.whatsapp.text')} />
      <RelatedLinks title={t('contact.related')} links={data.related} />
    </>
  );
}
