import { createContext, useCallback, useContext, useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { Icon } from './icons.tsx';
import { useSite } from './site-context.tsx';
import { FormFields, HiddenFields } from './form-fields.tsx';

const QuoteContext = createContext<(() => void) | null>(null);

/** Opens the quote dialog from anywhere (navigation, banners). */
export function useOpenQuote(): () => void {
  const open = useContext(QuoteContext);
  if (!open) throw new Error('useOpenQuote() used outside <QuoteDialogProvider>');
  return open;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([type="hidden"]):not([tabindex="-1"]), select, textarea';

/** A modal <dialog> makes the page inert, but Tab can still leave it for the browser's own UI: wrap around. */
function trapTab(e: KeyboardEvent<HTMLDialogElement>) {
  if (e.key !== 'Tab') return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * The "Get A Quote" dialog: a native modal <dialog>, so focus is trapped and Escape closes it;
 * focus goes back to whatever opened it.
 */
export function QuoteDialogProvider({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const site = useSite();

  const open = useCallback(() => {
    opener.current = document.activeElement as HTMLElement | null;
    ref.current?.showModal();
  }, []);
  const close = useCallback(() => ref.current?.close(), []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const restore = () => opener.current?.focus();
    dialog.addEventListener('close', restore);
    return () => dialog.removeEventListener('close', restore);
  }, []);

  return (
    <QuoteContext.Provider value={open}>
      {children}
      <dialog
        ref={ref}
        aria-labelledby="quote-title"
        className="m-auto w-[calc(100%-2rem)] max-w-[425px] rounded-xl bg-white p-0 text-ink shadow-2xl"
        onClick={(e) => {
          if (e.target === e.currentTarget) close();
        }}
        onKeyDown={trapTab}
      >
        <div className="p-6">
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <h2 id="quote-title" className="text-xl font-bold text-brand-900">
                Get A Free Quote
              </h2>
              <p className="mt-1 text-sm text-muted">Tell us about your TV and we will call you back with a price.</p>
            </div>
            <button
              type="button"
              onClick={close}
              className="-mt-1 -mr-2 rounded-md p-2 text-muted hover:bg-surface hover:text-ink"
              aria-label="Close"
            >
              <Icon name="close" />
            </button>
          </div>
          <form method="post" action={site.forms.contactEndpoint} className="space-y-4">
            <HiddenFields subject="New Quote Request from Website" />
            <FormFields
              idPrefix="quote"
              fields={[
                { name: 'name', label: 'Your name', type: 'text', autoComplete: 'name' },
                { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
                { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
                { name: 'message', label: 'TV brand, model and problem', type: 'textarea', rows: 3 },
              ]}
            />
            <div className="flex justify-end gap-3 pt-2">
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <button type="submit" className="inline-flex min-h-11 items-center rounded-lg bg-accent-600 px-5 py-2.5 font-semibold text-white hover:bg-accent-700">
                Send Request
              </button>
            </div>
          </form>
        </div>
      </dialog>
    </QuoteContext.Provider>
  );
}

/**
 * "Get A Quote": opens the dialog. Without JavaScript it is a plain link to the contact form,
 * so the request can still be sent.
 */
export function QuoteButton({ className, children = 'Get A Quote', onOpen }: { className?: string; children?: ReactNode; onOpen?: () => void }) {
  const openQuote = useOpenQuote();
  return (
    <a
      href="/contact#contact-form"
      role="button"
      className={className}
      onClick={(e) => {
        e.preventDefault();
        onOpen?.();
        openQuote();
      }}
    >
      {children}
    </a>
  );
}
