import { FormFields, HiddenFields } from './form-fields.tsx';
import { useSiteData, useT } from './site-context.tsx';
import { translate } from '../i18n/translate.ts';

/**
 * "Send Us a Message": a native POST to the leads function, so it works without JavaScript; the
 * browser's own required-field checks are the only validation (spec §5). The "Get A Quote" link
 * falls back to this form (#contact-form) when the dialog cannot open.
 */
export function ContactForm() {
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
