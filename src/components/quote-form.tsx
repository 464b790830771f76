import { buttonClass } from './button.tsx';
import { FormFields, HiddenFields } from './form-fields.tsx';
import { useSiteData, useT } from './site-context.tsx';
import { translate } from '../i18n/translate.ts';

/** The quote request (spec §3, §5): a native POST to the leads function; Cancel closes the dialog (src/client/shell.ts). */
export default function QuoteForm() {
  const { site, subjects } = useSiteData();
  const t = useT();
  return (
    <form method="post" action={site.forms.contactEndpoint} className="grid gap-4">
      <HiddenFields subject={translate(subjects, 'functions.subject.quote')} />
      <FormFields
        idPrefix="quote"
        fields={[
          { name: 'name', label: t('forms.fields.name'), type: 'text', autoComplete: 'name' },
          { name: 'email', label: t('forms.fields.email'), type: 'email', autoComplete: 'email' },
          { name: 'phone', label: t('forms.fields.phone'), type: 'tel', autoComplete: 'tel' },
          { name: 'message', label: t('forms.quote.message'), type: 'textarea', rows: 3 },
        ]}
      />
      <div className="flex justify-end gap-3 pt-2">
        {/* Not a submit button: Enter in a field must send the form, not close the dialog. */}
        <button type="button" data-dialog-close="" className={buttonClass('secondary')}>
          {t('forms.quote.cancel')}
        </button>
        <button type="submit" className="inline-flex min-h-11 items-center rounded-lg bg-accent-600 px-5 py-2.5 font-semibold text-white hover:bg-accent-700">
          {t('forms.quote.submit')}
        </button>
      </div>
    </form>
  );
}
