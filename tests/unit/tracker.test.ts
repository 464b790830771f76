// The tracker in a small stand-in browser: what it sends, when it stays silent, and that it never
// throws. The e2e tests check the same in Chromium against the real server.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Sent = { url: string; init: RequestInit; body: Record<string, unknown> };

interface FakeElement {
  tagName: string;
  textContent: string;
  attrs: Record<string, string>;
  parent?: FakeElement;
  getAttribute(name: string): string | null;
  closest(selector: string): FakeElement | null;
}

function el(tagName: string, attrs: Record<string, string> = {}, textContent = '', parent?: FakeElement): FakeElement {
  const self: FakeElement = {
    tagName,
    textContent,
    attrs,
    parent,
    getAttribute: (name) => attrs[name] ?? null,
    closest(selector) {
      const tags = selector.split(',').map((s) => s.trim().toUpperCase());
      let at: FakeElement | undefined = self;
      while (at && !tags.includes(at.tagName)) at = at.parent;
      return at ?? null;
    },
  };
  return self;
}

function fakeBrowser(opts: {
  webdriver?: boolean;
  doNotTrack?: string;
  gpc?: boolean;
  optInFlag?: boolean;
  optInAttribute?: boolean;
  /** What localStorage holds; left out, there is no localStorage at all (a browser that blocks it). */
  storage?: Record<string, string>;
  /** The page's URL at load. */
  href?: string;
  /** The page that linked here (document.referrer); default a search engine. */
  referrer?: string;
  /** What sessionStorage holds; left out, there is none (a browser that blocks it). */
  session?: Record<string, string>;
  /** The page is being prerendered (document.prerendering) until activate() is called. */
  prerendering?: boolean;
  fetch?: (url: string, init: RequestInit) => Promise<{ ok: boolean; status: number }>;
} = {}) {
  const sent: Sent[] = [];
  const windowListeners: Record<string, ((e: { persisted?: boolean }) => void)[]> = {};
  const documentListeners: Record<string, ((e: { target?: unknown }) => void)[]> = {};
  const start = new URL(opts.href ?? 'https://tv.example/');
  const location = { href: start.href, pathname: start.pathname, origin: 'https://tv.example' };
  const win: Record<string, unknown> = { doNotTrack: undefined };
  if (opts.optInFlag) win.__SITE_TRACK_AUTOMATION__ = true;
  vi.stubGlobal('window', win);
  vi.stubGlobal('location', location);
  if (opts.storage) vi.stubGlobal('localStorage', { getItem: (k: string) => opts.storage![k] ?? null });
  const session = opts.session;
  if (session) vi.stubGlobal('sessionStorage', { getItem: (k: string) => session[k] ?? null, setItem: (k: string, v: string) => (session[k] = v) });
  vi.stubGlobal('navigator', {
    userAgent: 'Mozilla/5.0 TestBrowser',
    webdriver: opts.webdriver ?? false,
    doNotTrack: opts.doNotTrack ?? null,
    globalPrivacyControl: opts.gpc,
  });
  const doc = {
    referrer: opts.referrer ?? 'https://www.google.com/',
    prerendering: !!opts.prerendering,
    documentElement: { hasAttribute: (n: string) => n === 'data-track-automation' && !!opts.optInAttribute },
    addEventListener: (type: string, fn: (e: { target?: unknown }) => void) => (documentListeners[type] ??= []).push(fn),
  };
  vi.stubGlobal('document', doc);
  vi.stubGlobal('addEventListener', (type: string, fn: (e: { persisted?: boolean }) => void) => (windowListeners[type] ??= []).push(fn));
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      sent.push({ url, init, body: JSON.parse(String(init.body)) });
      return opts.fetch ? opts.fetch(url, init) : Promise.resolve({ ok: true, status: 201 });
    }),
  );
  return {
    sent,
    click: (target: unknown) => documentListeners.click?.forEach((fn) => fn({ target })),
    /** The prerendered page is shown. */
    activate: () => {
      doc.prerendering = false;
      documentListeners.prerenderingchange?.forEach((fn) => fn({}));
    },
    /** The page is shown again from the back/forward cache. */
    restore: () => windowListeners.pageshow?.forEach((fn) => fn({ persisted: true })),
  };
}

const ENDPOINT = 'https://project.example/functions/v1/analytics';
const load = async () => {
  vi.resetModules();
  return import('#src/tracker/index.ts');
};
const flush = () => new Promise((r) => setTimeout(r, 0));

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('tracker', () => {
  it('sends nothing from the dashboard, nor from a browser the owner excluded; never a #fragment', async () => {
    const onDashboard = fakeBrowser({ href: 'https://tv.example/analytics#key=secret' });
    (await load()).startTracker({ endpoint: ENDPOINT });
    expect(onDashboard.sent).toEqual([]);
    vi.unstubAllGlobals();

    const excluded = fakeBrowser({ storage: { 'site.analytics.ignore': '1' } });
    (await load()).startTracker({ endpoint: ENDPOINT });
    expect(excluded.sent).toEqual([]);
    vi.unstubAllGlobals();

    const b = fakeBrowser({ href: 'https://tv.example/services#key=secret', storage: {} });
    const { startTracker } = await load();
    startTracker({ endpoint: ENDPOINT });
    expect(b.sent.map((s) => s.body.pageUrl)).toEqual(['https://tv.example/services', 'https://tv.example/services']);
  });

  it('sends one session record and one page_view on load, as text/plain JSON with keepalive', async () => {
    const b = fakeBrowser();
    const { startTracker } = await load();
    startTracker({ endpoint: ENDPOINT });
    startTracker({ endpoint: ENDPOINT }); // a second call changes nothing
    expect(b.sent.map((s) => [s.body.type, s.body.eventType])).toEqual([
      ['session', undefined],
      ['event', 'page_view'],
    ]);
    const [session, view] = b.sent;
    expect(session!.url).toBe(ENDPOINT);
    expect(session!.init).toMatchObject({ method: 'POST', keepalive: true, headers: { 'content-type': 'text/plain' } });
    expect(session!.body).toEqual({
      type: 'session',
      sessionId: expect.stringMatching(/^session_\d{13}_[a-z0-9]{1,9}$/),
      pageUrl: 'https://tv.example/',
      userAgent: 'Mozilla/5.0 TestBrowser',
      referrer: 'https://www.google.com/',
    });
    expect(view!.body).toMatchObject({ sessionId: session!.body.sessionId, pageUrl: 'https://tv.example/' });
  });

  it('a page opened from another page of the site continues its visit: a page_view, no new session', async () => {
    const session = { 'site.analytics.session': 'session_1751537730000_abc123' };
    const b = fakeBrowser({ href: 'https://tv.example/services', referrer: 'https://tv.example/', session });
    (await load()).startTracker({ endpoint: ENDPOINT });
    expect(b.sent.map((s) => [s.body.type, s.body.eventType, s.body.sessionId])).toEqual([['event', 'page_view', 'session_1751537730000_abc123']]);
    vi.unstubAllGlobals();

    // From outside the site, the visit is a new one, and the next page continues it.
    const fresh: Record<string, string> = {};
    const c = fakeBrowser({ href: 'https://tv.example/services', session: fresh });
    (await load()).startTracker({ endpoint: ENDPOINT });
    expect(c.sent.map((s) => s.body.type)).toEqual(['session', 'event']);
    expect(fresh['site.analytics.session']).toBe(c.sent[0]!.body.sessionId);
  });

  it('counts a prerendered page only when it is shown, after its first frame', async () => {
    const b = fakeBrowser({ prerendering: true, session: {} });
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (fn: () => void) => frames.push(fn));
    (await load()).startTracker({ endpoint: ENDPOINT });
    expect(b.sent).toEqual([]);
    b.activate();
    expect(b.sent).toEqual([]);
    frames.forEach((fn) => fn());
    await flush();
    expect(b.sent.map((s) => [s.body.type, s.body.eventType])).toEqual([
      ['session', undefined],
      ['event', 'page_view'],
    ]);
  });

  it('counts a page shown again from the back/forward cache: one page_view each time, in the same visit', async () => {
    const b = fakeBrowser({ session: {} });
    (await load()).startTracker({ endpoint: ENDPOINT });
    b.restore();
    b.restore();
    expect(b.sent.map((s) => [s.body.type, s.body.eventType])).toEqual([
      ['session', undefined],
      ['event', 'page_view'],
      ['event', 'page_view'],
      ['event', 'page_view'],
    ]);
    expect(new Set(b.sent.map((s) => s.body.sessionId)).size).toBe(1);
  });

  it('names clicks on phone, WhatsApp, e-mail links and buttons', async () => {
    const b = fakeBrowser();
    const { startTracker } = await load();
    startTracker({ endpoint: ENDPOINT });
    const tel = el('A', { href: 'tel:+91 12345 67890' }, 'Call Now');
    b.click(el('SPAN', {}, 'Call Now', tel)); // the click lands on the link's inner text
    b.click(el('A', { href: 'https://wa.me/911234567890?text=TV%20repair' }));
    b.click(el('A', { href: 'mailto:shop@example.com' }));
    b.click(el('A', { href: '/services#power-issues' }, 'Power issues'));
    b.click(el('BUTTON', { 'aria-label': 'Get A Quote' }, '  Get  A Quote '));
    b.click(el('DIV', {}, 'not a control'));
    expect(b.sent.slice(2).map((s) => [s.body.eventType, s.body.elementClicked])).toEqual([
      ['click', 'tel:+911234567890'],
      ['click', 'whatsapp'],
      ['click', 'mailto'],
      ['click', 'a:/services#power-issues'],
      ['click', 'button:Get A Quote'],
    ]);
  });

  it.each([
    ['an automated browser', { webdriver: true }],
    ['Do Not Track', { doNotTrack: '1' }],
    ['Global Privacy Control', { gpc: true }],
  ])('sends nothing under %s', async (_what, opts) => {
    const b = fakeBrowser(opts);
    const { startTracker } = await load();
    startTracker({ endpoint: ENDPOINT });
    b.restore();
    b.click(el('A', { href: 'tel:+911234567890' }));
    expect(b.sent).toEqual([]);
  });

  it.each([
    ['window.__SITE_TRACK_AUTOMATION__', { webdriver: true, optInFlag: true }],
    ['<html data-track-automation>', { webdriver: true, optInAttribute: true }],
  ])('tracks an automated browser that opts in with %s', async (_what, opts) => {
    const b = fakeBrowser(opts);
    const { startTracker } = await load();
    startTracker({ endpoint: ENDPOINT });
    expect(b.sent.map((s) => s.body.type)).toEqual(['session', 'event']);
  });

  it('logs "Analytics tracking error" on a failed or refused send, and never throws', async () => {
    const network = new TypeError('Failed to fetch');
    let answer: () => Promise<{ ok: boolean; status: number }> = () => Promise.reject(network);
    const b = fakeBrowser({ fetch: () => answer() });
    const { startTracker } = await load();
    expect(() => startTracker({ endpoint: ENDPOINT })).not.toThrow();
    await flush();
    expect(errors.mock.calls).toEqual([
      ['Analytics tracking error', network],
      ['Analytics tracking error', network],
    ]);

    errors.mockClear();
    answer = () => Promise.resolve({ ok: false, status: 429 });
    b.restore();
    await flush();
    expect(errors.mock.calls).toEqual([['Analytics tracking error', new Error('HTTP 429')]]);

    errors.mockClear();
    const thrown = new Error('fetch blocked');
    answer = () => {
      throw thrown;
    };
    expect(() => b.click(el('BUTTON', {}, 'Send'))).not.toThrow();
    expect(errors.mock.calls).toEqual([['Analytics tracking error', thrown]]);
  });
});
