/**
 * Client-side navigation without a client-side renderer (decision 090). A click on a link to
 * another page of this site fetches that page's prerendered HTML and swaps it in: the head's
 * page tags, <html lang> and #root. The URL goes into the history (the tracker counts the page
 * view from there), the scroll goes to the top or to the #fragment, and focus moves to <main>.
 * The global loading flag (spec §2, §4) is true while a page is on its way and for the
 * page-transition window after every path change (from 100 ms to 350 ms after it).
 *
 * Anything else (another origin, a file, a modified click, a failed fetch) falls back to the
 * browser's own navigation, so a link always works.
 */

const TRANSITION_DELAY_MS = 100;
const TRANSITION_LENGTH_MS = 250;
/** A prefetched page is used if the click comes within this time. */
const PREFETCH_TTL_MS = 10_000;

type Mode = 'push' | 'replace' | 'pop';

let pending = 0;
let transition = false;
let transitionTimers: ReturnType<typeof setTimeout>[] = [];
let latest = 0;
let controller: AbortController | undefined;
/** The path and query of the page on screen: a history entry that differs only by #fragment needs no fetch. */
let shown = location.pathname + location.search;
const prefetched = new Map<string, { at: number; response: Promise<Response> }>();
const afterSwap: ((root: Element) => void)[] = [];
const beforeSwap: (() => void)[] = [];

/** The global loading flag, drawn by the hidden #loading-bar of the page on screen. */
function drawLoading() {
  const bar = document.getElementById('loading-bar');
  if (bar) bar.hidden = !(pending > 0 || transition);
}

/** The page-transition state: marked 100 ms after a path change, for about 250 ms. */
function markPathChange() {
  transitionTimers.forEach(clearTimeout);
  transition = false;
  transitionTimers = [
    setTimeout(() => {
      transition = true;
      drawLoading();
    }, TRANSITION_DELAY_MS),
    setTimeout(() => {
      transition = false;
      drawLoading();
    }, TRANSITION_DELAY_MS + TRANSITION_LENGTH_MS),
  ];
  drawLoading();
}

/** The URL a link leads to when it is a page of this site that can be swapped in, else null. */
export function pageUrl(a: HTMLAnchorElement): URL | null {
  if ((a.target && a.target !== '_self') || a.hasAttribute('download') || a.hasAttribute('data-reload')) return null;
  if (!a.hasAttribute('href')) return null;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || !/^https?:$/.test(url.protocol)) return null;
  // Files (/rss.xml, /og/…png, /_img/…) and functions are not pages.
  if (/\.[a-z0-9]+$/i.test(url.pathname) || url.pathname.startsWith('/functions/')) return null;
  return url;
}

const keyOf = (url: URL) => url.pathname + url.search;

function fetchPage(url: URL, signal?: AbortSignal): Promise<Response> {
  return fetch(url.href, { headers: { accept: 'text/html' }, credentials: 'same-origin', signal });
}

/** Starts fetching a page the visitor is likely to open (pointer over or focus on its link). */
function prefetch(url: URL) {
  const key = keyOf(url);
  const hit = prefetched.get(key);
  if (key === shown || (hit && Date.now() - hit.at < PREFETCH_TTL_MS)) return;
  const response = fetchPage(url);
  response.catch(() => prefetched.delete(key));
  prefetched.set(key, { at: Date.now(), response });
}

function takePrefetched(url: URL): Promise<Response> | undefined {
  const key = keyOf(url);
  const hit = prefetched.get(key);
  prefetched.delete(key);
  return hit && Date.now() - hit.at < PREFETCH_TTL_MS ? hit.response : undefined;
}

/** Replace the page tags of <head> (title, meta, canonical, JSON-LD, …) by those of the new page; the rest stays. */
function swapHead(next: Document) {
  const current = new Map<string, Element>();
  for (const el of Array.from(document.head.children)) current.set(el.outerHTML, el);
  const wanted = Array.from(next.head.children);
  const keep = new Set(wanted.map((el) => el.outerHTML));
  // Scripts that ran (the client entry, an ad tag) stay; data scripts are page tags like the others.
  const ran = (el: Element) => el.tagName === 'SCRIPT' && el.getAttribute('type') !== 'application/ld+json';
  for (const [html, el] of current) if (!keep.has(html) && !ran(el)) el.remove();
  for (const el of wanted) if (!current.has(el.outerHTML)) document.head.append(document.adoptNode(el));
}

/** Scroll to the element a #fragment names, opening any closed <details> around it first. */
export function scrollToHash(hash: string, behavior: ScrollBehavior = 'auto'): boolean {
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // a malformed escape: look the raw text up
  }
  const target = id ? document.getElementById(id) : null;
  if (!target) return false;
  for (let d = target.closest('details'); d; d = d.parentElement?.closest('details') ?? null) d.open = true;
  target.scrollIntoView({ behavior });
  return true;
}

async function go(url: URL, mode: Mode, restoreY?: number) {
  const id = ++latest;
  controller?.abort();
  const abort = (controller = new AbortController());
  pending++;
  drawLoading();
  try {
    const response = await (takePrefetched(url) ?? fetchPage(url, abort.signal));
    // The server answers a missing page with its 404 page: that is a page to show too.
    if (!(response.headers.get('content-type') ?? '').includes('text/html')) throw new Error(`not a page: ${url.pathname}`);
    const html = await response.text();
    if (id !== latest) return;
    const next = new DOMParser().parseFromString(html, 'text/html');
    const root = next.getElementById('root');
    if (!root) throw new Error(`no #root in ${url.pathname}`);

    if (mode !== 'pop') history.replaceState({ ...(history.state as object | null), scrollY: window.scrollY }, '');
    beforeSwap.forEach((f) => f());
    swapHead(next);
    document.documentElement.lang = next.documentElement.lang;
    document.getElementById('root')?.replaceWith(document.adoptNode(root));
    const pathChanged = url.pathname !== location.pathname || mode === 'pop';
    if (mode === 'push') history.pushState({}, '', url.href);
    else if (mode === 'replace') history.replaceState({}, '', url.href);
    shown = keyOf(url);
    if (pathChanged) markPathChange();

    const main = document.getElementById('main');
    main?.focus({ preventScroll: true });
    // A new page appears where it should at once; the stylesheet's smooth scrolling is for moves within a page.
    if (!(url.hash && scrollToHash(url.hash, 'instant'))) {
      if (mode === 'pop') window.scrollTo({ top: restoreY ?? 0, behavior: 'instant' });
      else if (!main?.hasAttribute('data-keep-scroll')) window.scrollTo({ top: 0, behavior: 'instant' });
    }
    const newRoot = document.getElementById('root');
    if (newRoot) afterSwap.forEach((f) => f(newRoot));
  } catch {
    if (abort.signal.aborted && id !== latest) return;
    // Let the browser load it the ordinary way.
    if (mode === 'pop') location.reload();
    else location.assign(url.href);
  } finally {
    pending--;
    drawLoading();
  }
}

const modified = (e: MouseEvent) => e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;

function onClick(e: MouseEvent) {
  if (modified(e)) return;
  const a = (e.target as Element | null)?.closest?.('a');
  if (!(a instanceof HTMLAnchorElement)) return;
  const url = pageUrl(a);
  if (!url) return;
  // A #fragment of the page on screen: the browser scrolls there itself (and fires hashchange).
  if (keyOf(url) === shown && url.hash) return;
  e.preventDefault();
  void go(url, keyOf(url) === shown ? 'replace' : 'push');
}

function onIntent(e: Event) {
  const a = (e.target as Element | null)?.closest?.('a');
  if (!(a instanceof HTMLAnchorElement)) return;
  const url = pageUrl(a);
  if (url) prefetch(url);
}

/**
 * Starts client-side navigation. `onSwap` runs after each new page is in the document (to enhance
 * its content); `onLeave` before the old one goes (to stop what runs in it).
 */
export function startNavigation(hooks: { onSwap: (root: Element) => void; onLeave: () => void }) {
  afterSwap.push(hooks.onSwap);
  beforeSwap.push(hooks.onLeave);
  // The scroll position of each entry is restored by go() once its page is back.
  history.scrollRestoration = 'manual';
  document.addEventListener('click', onClick);
  document.addEventListener('mouseover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent, { passive: true });
  document.addEventListener('touchstart', onIntent, { passive: true });
  addEventListener('popstate', (e) => {
    const url = new URL(location.href);
    if (keyOf(url) === shown) {
      if (url.hash) scrollToHash(url.hash);
      return;
    }
    void go(url, 'pop', (e.state as { scrollY?: number } | null)?.scrollY);
  });
  addEventListener('hashchange', () => scrollToHash(location.hash));
}
