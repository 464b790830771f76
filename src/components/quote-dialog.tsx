import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Icon } from './icons.tsx';

// The form is fetched on first use (or when a "Get A Quote" control is hovered or focused), so its
// bytes are not part of every page load; the dialog itself is in the page from the start.
const loadForm = () => import('./quote-form.tsx');
const QuoteForm = lazy(loadForm);

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
  const [requested, setRequested] = useState(false);

  const open = useCallback(() => {
    opener.current = document.activeElement as HTMLElement | null;
    setRequested(true);
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
          {requested && (
            <Suspense fallback={<p className="py-8 text-center text-muted">Loading the form…</p>}>
              <QuoteForm onCancel={close} />
            </Suspense>
          )}
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
      onPointerEnter={() => void loadForm()}
      onFocus={() => void loadForm()}
    >
      {children}
    </a>
  );
}
