import type { ReactNode } from 'react';
import { Icon } from './icons.tsx';
import QuoteForm from './quote-form.tsx';
import { localHref } from '../i18n/href.ts';
import { useSiteData, useT } from './site-context.tsx';

/**
 * The "Get A Quote" dialog (spec §4): a native modal <dialog> holding the quote form, in every
 * page's HTML. src/client/shell.ts opens it with showModal(), so focus is trapped and Escape
 * closes it, as do Cancel, the Close control and a click on the backdrop.
 */
export function QuoteDialog() {
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
        <QuoteForm />
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
