import type { ReactNode } from 'react';
import { buttonClass, CallButton } from './button.tsx';
import { QuoteButton } from './quote-dialog.tsx';
import { useSite, useT } from './site-context.tsx';

/** The closing banner ("Ready to Get It Fixed?") with a call link and the quote button, or a page's own heading, text and actions. */
export function ClosingBanner({ id = 'closing-banner', title, text, children }: { id?: string; title?: string; text?: string; children?: ReactNode }) {
  const site = useSite();
  const t = useT();
  return (
    <section aria-labelledby={id} className="bg-brand-800 text-white">
      <div className="mx-auto max-w-6xl px-4 py-14 text-center">
        <h2 id={id} className="text-3xl font-bold">
          {title ?? t('closingBanner.title')}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-brand-100">
          {text ?? t('closingBanner.text', { warranty: site.warranty.primary.label })}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {children ?? (
            <>
              <CallButton variant="light" />
              <QuoteButton className={buttonClass('accent')} />
            </>
          )}
        </div>
      </div>
    </section>
  );
}
