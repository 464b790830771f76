/**
 * What JavaScript adds to controls that already work without it (decision 090): the HTML has
 * native <details> for the menu, the contact widget and the FAQs, a <dialog> for the quote form and
 * plain forms and links. One listener per event type on the document, whatever the page holds.
 */


const OPEN_DISCLOSURES = 'details[data-disclosure][open]';
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([type="hidden"]):not([tabindex="-1"]), select, textarea, summary';

function closeDisclosures(except?: Element | null) {
  for (const d of Array.from(document.querySelectorAll<HTMLDetailsElement>(OPEN_DISCLOSURES))) if (d !== except) d.open = false;
}

/** Opens the quote dialog; focus goes back to the element that opened it when it closes. */
function openQuote(opener: HTMLElement) {
  const dialog = document.getElementById('quote-dialog');
  if (!(dialog instanceof HTMLDialogElement) || dialog.open) return;
  dialog.addEventListener('close', () => opener.focus(), { once: true });
  dialog.showModal();
  // The first field, not the Close control that comes first in the dialog.
  dialog.querySelector<HTMLElement>('form input:not([type="hidden"]):not([tabindex="-1"])')?.focus();
}

function onClick(e: MouseEvent) {
  const target = e.target as Element | null;
  if (!target?.closest) return;
  const opener = target.closest<HTMLElement>('[data-quote-open]');
  if (opener && !(e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)) {
    // Spec §4: "Get A Quote" also closes the mobile menu.
    e.preventDefault();
    closeDisclosures();
    openQuote(opener);
    return;
  }
  const close = target.closest('[data-dialog-close]')?.closest('dialog');
  if (close) return close.close();
  // A click on the backdrop of the modal dialog (the dialog itself, outside its content) closes it.
  if (target instanceof HTMLDialogElement && target.open) return target.close();
  // A click outside an open menu or widget closes it; a click on a link inside closes it too (spec §4).
  const inside = target.closest('details[data-disclosure]');
  closeDisclosures(target.closest('a') ? null : inside);
}

/** Escape closes an open menu or widget and puts focus on its toggle (the dialog closes on Escape natively). */
function onKeydown(e: KeyboardEvent) {
  if (e.key === 'Escape') {
    const open = Array.from(document.querySelectorAll<HTMLDetailsElement>(OPEN_DISCLOSURES));
    if (open.length === 0) return;
    const focused = open.find((d) => d.contains(document.activeElement)) ?? open[open.length - 1]!;
    closeDisclosures();
    focused.querySelector('summary')?.focus();
    return;
  }
  // In the modal dialog, Tab wraps around instead of leaving for the browser's own controls.
  const dialog = (e.target as Element | null)?.closest?.('dialog[open]');
  if (e.key !== 'Tab' || !dialog) return;
  const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null);
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

/** One FAQ answer open at a time, also in browsers that predate <details name>. */
function onToggle(e: Event) {
  const d = e.target;
  if (!(d instanceof HTMLDetailsElement) || !d.open) return;
  if (d.hasAttribute('data-disclosure')) return closeDisclosures(d);
  const name = d.getAttribute('name');
  if (!name || 'name' in HTMLDetailsElement.prototype) return;
  for (const other of Array.from(document.querySelectorAll<HTMLDetailsElement>('details[name]'))) {
    if (other !== d && other.getAttribute('name') === name) other.open = false;
  }
}

/** The newsletter form: the same POST through fetch, answered in the form's status line. */
function onSubmit(e: SubmitEvent) {
  const form = e.target;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-newsletter')) return;
  e.preventDefault();
  const status = form.parentElement?.querySelector('[role="status"]');
  const button = form.querySelector('button');
  if (button) button.disabled = true;
  const body = new URLSearchParams();
  new FormData(form).forEach((value, key) => body.append(key, String(value)));
  fetch(form.action, { method: 'POST', body, headers: { accept: 'application/json' }, credentials: 'omit' })
    .then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      form.reset();
      if (status) status.textContent = form.dataset.done ?? '';
    })
    .catch((error: unknown) => {
      console.error('Newsletter sign-up failed', error);
      if (status) status.textContent = form.dataset.failed ?? '';
    })
    .finally(() => {
      if (button) button.disabled = false;
    });
}

/** Maps get their src when they come near the viewport, never before (no request to the provider on load); every browser that runs this ES2022 bundle has IntersectionObserver. */
function loadMaps(root: Element) {
  const frames = Array.from(root.querySelectorAll<HTMLIFrameElement>('iframe[data-src]'));
  if (frames.length === 0) return;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        const frame = entry.target as HTMLIFrameElement;
        frame.src = frame.dataset.src ?? '';
        // Without data-src the iframe shows (styles.css); classes are never changed by script (decision 092).
        frame.removeAttribute('data-src');
      }
    },
    { rootMargin: '200px 0px' },
  );
  frames.forEach((f) => observer.observe(f));
}

/** Dates that always read as today in India (the privacy policy's "last updated", spec §3). */
function showToday(root: Element) {
  const times = Array.from(root.querySelectorAll('time[data-today]'));
  if (times.length === 0) return;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  // The browser has no message catalogue: the date is written in the words of the page's
  // language (its <html lang>) as the browser's Intl knows them.
  const text = new Intl.DateTimeFormat(document.documentElement.lang || undefined, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${today}T00:00:00Z`));
  for (const time of times) {
    time.setAttribute('datetime', today);
    time.textContent = text;
  }
}

/** What a page's own content needs once it is loaded. */
export function enhancePage(root: Element) {
  loadMaps(root);
  showToday(root);
  // Spec: the not-found screen logs the path that was asked for.
  if (root.querySelector('[data-not-found]')) console.error('404 Error: User attempted to access non-existent route:', location.pathname);
}

export function enhanceShell() {
  document.addEventListener('click', onClick);
  document.addEventListener('keydown', onKeydown);
  document.addEventListener('toggle', onToggle, true);
  document.addEventListener('submit', onSubmit);
}
