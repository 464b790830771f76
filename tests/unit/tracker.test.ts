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
  fetch?: (url: string, init: RequestInit) => Promise<{ ok: boolean; status: number }>;
} = {}) {
  const sent: Sent[] = [];
  const windowListeners: Record<string, (() => void)[]> = {};
  const clickListeners: ((e: { target: unknown }) => void)[] = [];
  const start = new URL(opts.href ?? 'https://tv.example/');
  const location = { href: start.href, pathname: start.pathname, origin: 'https://tv.example' };
  const go = (url: string) => {
    const u = new URL(url, location.href);
    Object.assign(location, { href: u.href, pathname: u.pathname });
  };
  const history = {
    pushState: (_s: unknown, _t: string, url?: string) => url && go(url),
    replaceState: (_s: unknown, _t: string, url?: string) => url && go(url),
  };
  const win: Record<string, unknown> = { doNotTrack: undefined };
  if (opts.optInFlag) win.__SITE_TRACK_AUTOMATION__ = true;
  vi.stubGlobal('window', win);
  vi.stubGlobal('location', location);
  vi.stubGlobal('history', history);
  if (opts.storage) vi.stubGlobal('localStorage', { getItem: (k: string) => opts.storage![k] ?? null });
  vi.stubGlobal('navigator', {
    userAgent: 'Mozilla/5.0 TestBrowser',
    webdriver: opts.webdriver ?? false,
    doNotTrack: opts.doNotTrack ?? null,
    globalPrivacyControl: opts.gpc,
  });
  vi.stubGlobal('document', {
    referrer: 'https://www.google.com/',
    documentElement: { hasAttribute: (n: string) => n === 'data-track-automation' && !!opts.optInAttribute },
    addEventListener: (type: string, fn: (e: { target: unknown }) => void) => type === 'click' && clickListeners.push(fn),
  });
  vi.stubGlobal('addEventListener', (type: string, fn: () => void) => (windowListeners[type] ??= []).push(fn));
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      sent.push({ url, init, body: JSON.parse(String(init.body)) });
      return opts.fetch ? opts.fetch(url, init) : Promise.resolve({ ok: true, status: 201 });
    }),
  );
  return {
    sent,
    history,
    click: (target: unknown) => clickListeners.forEach((fn) => fn({ target })),
    back: (url: string) => {
      go(url);
      windowListeners.popstate?.forEach((fn) => fn());
    },
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
    b.history.pushState(null, '', '/analytics');
    b.click(el('A', { href: '/' }));
    expect(b.sent).toHaveLength(2);
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

  it('sends a page_view on each client-side path change, once per path', async () => {
    const b = fakeBrowser();
    const { startTracker, trackPageView } = await load();
    startTracker({ endpoint: ENDPOINT });
    b.history.pushState({}, '', '/services');
    b.history.replaceState({ scroll: 1 }, '', '/services'); // same path: not a new view
    trackPageView(); // the router's own call for the same path is ignored too
    b.back('/');
    trackPageView('/blog/fix-no-picture');
    expect(b.sent.slice(2).map((s) => [s.body.eventType, s.body.pageUrl])).toEqual([
      ['page_view', 'https://tv.example/services'],
      ['page_view', 'https://tv.example/'],
      ['page_view', 'https://tv.example/blog/fix-no-picture'],
    ]);
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
    const { startTracker, trackPageView } = await load();
    startTracker({ endpoint: ENDPOINT });
    trackPageView('/services');
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
    b.history.pushState({}, '', '/contact');
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
