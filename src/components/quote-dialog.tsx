import type { ReactNode } from 'react';
import { buttonClass } from './button.tsx';
import { FormFields, HiddenFields } from './form-fields.tsx';
import { Icon } from './icons.tsx';
import { translate } from '../i18n/translate.ts';
import { localHref } from '../i18n/href.ts';
import { useSiteData, useT } from './site-context.tsx';

/**
 * The "Get A Quote" dialog (spec §4): a native modal <dialog> holding the quote form, in every
 * page's HTML. src/client/shell.ts opens it with showModal(), so focus is trapped and Escape
 * closes it, as do Cancel, the Close control and a click on the backdrop. The form (spec §3, §5)
 * is a native POST to the leads function.
 */
export function QuoteDialog() {
  const { site, subjects } = useSiteData();
  const t = useT();
  return (
    <dialog
      id="quote-dialog"
      aria-labelledby="quote-title"
      className="m-auto w-[calc(100%-2rem)] max-w-dialog rounded-xl bg-white p-0 text-ink shadow-2xl"
    >
      <div className="p-6">
        <div className="mb-4 flex items-start justify-between gap-4">
          <div>
            <h2 id="quote-title" className="text-xl font-bold text-brand-900">
              {t('forms.quote.title')}
            </h2>
            <p className="mt-1 text-sm text-muted">{t('forms.quote.lead')}</p>
          </div>
          <button type="button" data-dialog-close="" className="-mt-1 -mr-2 rounded-md p-2 text-muted hover:bg-surface hover:text-ink" aria-label={t('common.close')}>
            <Icon name="close" />
          </button>
        </div>
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
      </div>
    </dialog>
  );
}

/**
 * "Get A Quote": opens the dialog (src/client/shell.ts). Without JavaScript it is a plain link to
 * the contact form, so the request can still be sent.
 */
export function QuoteButton({ className, children }: { className?: string; children?: ReactNode }) {
  const t = useT();
  return (
    <a href={localHref(useSiteData(), '/contact#contact-form')} role="button" data-quote-open="" className={className}>
      {children ?? t('nav.getAQuote')}
    </a>
  );
}
