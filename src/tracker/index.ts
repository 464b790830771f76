/**
 * The visitor tracker (spec §4, §7): self-contained, no imports, gzip size ≤ 1 KB (tested). The client
 * entry calls startTracker({ endpoint }) once per page; the browser navigates itself (decision 091),
 * so each page shown counts once: a "session" record when it starts a visit (the id is kept in
 * sessionStorage for pages opened from the site), then a "page_view"; a prerendered page once it is
 * shown; a page from the back/forward cache again. Links and buttons send a "click" ("tel:+91…",
 * "whatsapp", "mailto", "a:<href>", "button:<label>"). Nothing is sent under Do Not Track or Global
 * Privacy Control, from an automated browser unless the page opts in for tests
 * (`window.__SITE_TRACK_AUTOMATION__`, `<html data-track-automation>`), from the dashboard or a
 * browser the owner excluded there (decision 072); never a URL's #fragment (the dashboard link's key).
 * Records go as text/plain JSON (no CORS preflight) with fetch keepalive, so a click that leaves the
 * page is delivered; failures are logged as "Analytics tracking error", never thrown into the page.
 */

let endpoint = '';
let sessionId = '';

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

const SESSION = 'site.analytics.session';

/** Sets the visit's session id; true when this page starts the visit (a session record is sent then). */
function visit(): boolean {
  try {
    // A page opened from another page of the site continues that page's visit.
    if (!document.referrer.indexOf(location.origin + '/')) sessionId = sessionStorage.getItem(SESSION) || '';
  } catch {
    // no storage: every page starts a visit
  }
  if (sessionId) return false;
  sessionId = 'session_' + Date.now() + '_' + (Math.random().toString(36).slice(2, 11) || '0');
  try {
    sessionStorage.setItem(SESSION, sessionId);
  } catch {
    // the next page starts a visit of its own
  }
  return true;
}

function send(type: 'session' | 'event', eventType?: string, elementClicked?: string) {
  try {
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
        pageUrl: noHash(location.href),
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

const pageView = () => sessionId && send('event', 'page_view');

function describe(el: Element): string {
  const href = el.getAttribute('href') || '';
  if (/^tel:/i.test(href)) return href.replace(/\s/g, '');
  if (/wa\.me|whatsapp\.com/i.test(href)) return 'whatsapp';
  if (/^mailto:/i.test(href)) return 'mailto';
  const label = (el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\s+/g, ' ');
  return (el.tagName === 'A' ? 'a:' + href : 'button:' + label).slice(0, 100);
}

/** The page is shown: count it (once), and start a visit when it opens one. */
function shown() {
  try {
    if (sessionId || isDashboard(location.pathname) || excluded()) return;
    if (visit()) send('session');
    pageView();
  } catch (e) {
    fail(e);
  }
}

export function startTracker(opts: { endpoint: string }): void {
  try {
    if (endpoint || !opts.endpoint) return;
    const w = window as Window & { __SITE_TRACK_AUTOMATION__?: boolean; doNotTrack?: string };
    const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
    const optedIn = w.__SITE_TRACK_AUTOMATION__ === true || document.documentElement.hasAttribute('data-track-automation');
    if ((nav.webdriver && !optedIn) || nav.doNotTrack === '1' || w.doNotTrack === '1' || nav.globalPrivacyControl) return;
    endpoint = opts.endpoint;
    // Shown after a prerender: counted after its first frame, which its storage reads must not delay.
    if ((document as Document & { prerendering?: boolean }).prerendering)
      document.addEventListener('prerenderingchange', () => requestAnimationFrame(() => setTimeout(shown)), { once: true });
    else shown();
    addEventListener('pageshow', (e) => e.persisted && pageView());
    document.addEventListener(
      'click',
      (e) => {
        try {
          const el = (e.target as Element | null)?.closest?.('a,button');
          if (el && sessionId) send('event', 'click', describe(el));
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
