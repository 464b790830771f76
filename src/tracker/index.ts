/**
 * The visitor tracker (spec §4, §7). Self-contained: no imports, gzip size ≤ 1 KB (tested).
 *
 * How it is called: once, by the client entry —
 *     startTracker({ endpoint: site.analytics.endpoint })   // ".../functions/v1/analytics"
 * It then sends one "session" record and a "page_view" event for the page load, a "page_view" on
 * every client-side path change (it wraps history.pushState/replaceState and listens to
 * popstate, so the router needs no hook), and a "click" event for links and buttons:
 * "tel:+91…", "whatsapp", "mailto", "a:<href>" or "button:<label>".
 * `trackPageView(path?)` is there for callers that change the path by other means; a repeat of
 * the last path is ignored, so calling it as well as the history hook counts one view.
 *
 * It sends nothing when the visitor asks not to be tracked (Do Not Track, Global Privacy Control)
 * or in an automated browser (navigator.webdriver), unless the page opts in to automation for
 * tests: `window.__SITE_TRACK_AUTOMATION__ = true` or `<html data-track-automation>`.
 * It also sends nothing from the owner's dashboard (/analytics) or from a browser the owner
 * excluded there (localStorage "site.analytics.ignore" = "1"), and never a URL's #fragment (the
 * dashboard link carries its key there).
 * Records go out as text/plain JSON (no CORS preflight) with fetch keepalive, so a click that
 * leaves the page is still delivered. Any failure is logged as "Analytics tracking error" and
 * never thrown into the page.
 */

let endpoint = '';
let sessionId = '';
let lastPath: string | undefined;

const fail = (error: unknown) => console.error('Analytics tracking error', error);

/** The owner's dashboard is never counted (decision 072). */
const isDashboard = (path: string) => /^\/analytics\/?$/.test(path);
/** The owner excluded this browser on the dashboard; storage that cannot be read excludes nothing. */
function excluded(): boolean {
  try {
    return localStorage.getItem('site.analytics.ignore') === '1';
  } catch {
    return false;
  }
}
/** A URL without its #fragment: the dashboard link's key must never reach a stored row. */
const noHash = (href: string) => href.split('#')[0]!;

function send(type: 'session' | 'event', eventType?: string, elementClicked?: string, pageUrl = location.href) {
  try {
    if (isDashboard(location.pathname)) return;
    pageUrl = noHash(pageUrl);
    fetch(endpoint, {
      method: 'POST',
      keepalive: true,
      credentials: 'omit',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({
        type,
        eventType,
        elementClicked,
        sessionId,
        pageUrl,
        userAgent: navigator.userAgent,
        referrer: document.referrer,
      }),
    })
      .then((r) => {
        if (!r.ok) throw Error('HTTP ' + r.status);
        // Read the (tiny) answer: an unread body keeps the request open in the browser, and tools
        // that wait for the network to go quiet (Lighthouse) wait for it until they time out.
        return r.text();
      })
      .catch(fail);
  } catch (e) {
    fail(e);
  }
}

/** Sends a page_view for `path` (default: the current path) unless it is the last one sent. */
export function trackPageView(path?: string): void {
  try {
    const p = path ?? location.pathname;
    if (!sessionId || p === lastPath || isDashboard(p)) return;
    lastPath = p;
    send('event', 'page_view', undefined, path == null ? location.href : new URL(path, location.href).href);
  } catch (e) {
    fail(e);
  }
}

function describe(el: Element): string {
  const href = el.getAttribute('href') || '';
  if (/^tel:/i.test(href)) return href.replace(/\s/g, '');
  if (/wa\.me|whatsapp\.com/i.test(href)) return 'whatsapp';
  if (/^mailto:/i.test(href)) return 'mailto';
  const label = (el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\s+/g, ' ');
  return (el.tagName === 'A' ? 'a:' + href : 'button:' + label).slice(0, 100);
}

export function startTracker(opts: { endpoint: string }): void {
  try {
    if (sessionId || !opts.endpoint) return;
    const w = window as Window & { __SITE_TRACK_AUTOMATION__?: boolean; doNotTrack?: string };
    const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
    const optedIn = w.__SITE_TRACK_AUTOMATION__ === true || document.documentElement.hasAttribute('data-track-automation');
    if ((nav.webdriver && !optedIn) || nav.doNotTrack === '1' || w.doNotTrack === '1' || nav.globalPrivacyControl) return;
    if (isDashboard(location.pathname) || excluded()) return;
    endpoint = opts.endpoint;
    sessionId = 'session_' + Date.now() + '_' + (Math.random().toString(36).slice(2, 11) || '0');
    send('session');
    trackPageView();
    for (const m of ['pushState', 'replaceState'] as const) {
      const original = history[m];
      history[m] = function (this: History, ...args: Parameters<History['pushState']>) {
        original.apply(this, args);
        trackPageView();
      };
    }
    addEventListener('popstate', () => trackPageView());
    document.addEventListener(
      'click',
      (e) => {
        try {
          const el = (e.target as Element | null)?.closest?.('a,button');
          if (el) send('event', 'click', describe(el));
        } catch (x) {
          fail(x);
        }
      },
      true,
    );
  } catch (e) {
    fail(e);
  }
}
