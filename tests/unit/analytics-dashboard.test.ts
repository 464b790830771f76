import type { Server as HttpServer } from 'node:http';
// The /analytics page's helpers: IST times, and the read through supabase-js's functions client
// against the Node entry of the function (a GET with the key as a bearer token).

import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNodeFunctions, type NodeFunctions } from '#cli/lib/server/functions.ts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { formatIst, KeyRefused, readDashboard, type LeadsData } from '#src/lib/analytics-dashboard.ts';
import { WaitingDeliveries } from '#src/pages/analytics-leads.tsx';
import { DashboardWords } from '#src/components/analytics/words.tsx';
import { translate } from '#src/i18n/translate.ts';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import { migratedDataDir } from '../support/pglite.ts';
import { TV_SHOP } from '../support/functions-content.ts';

/** The TV shop fixture's catalogue, flattened to dotted keys. */
const TV_WORDS: Record<string, string> = (() => {
  const out: Record<string, string> = {};
  const walk = (v: unknown, at: string[]) => (typeof v === 'string' ? void (out[at.join('.')] = v) : Object.entries(v as object).forEach(([k, c]) => walk(c, [...at, k])));
  walk(parse(readFileSync(join(import.meta.dirname, '../fixtures/content/messages/en.yaml'), 'utf8')), []);
  return out;
})();

describe('formatIst', () => {
  it.each([
    ['2025-07-03T10:15:30.000Z', '03 Jul 2025, 15:45:30 IST'],
    ['2025-07-02T18:30:00.000Z', '03 Jul 2025, 00:00:00 IST'], // midnight is 00, not 24
    ['2025-12-31T20:00:05.000Z', '01 Jan 2026, 01:30:05 IST'],
  ])('shows %s as %s', (iso, shown) => {
    // The words are the TV shop fixture's (dashboard.time, dashboard.day, dashboard.months.*).
    expect(formatIst(iso, (key, vars) => translate(TV_WORDS, `dashboard.${key}`, vars))).toBe(shown);
  });
});

describe('readDashboard', () => {
  let dir: string;
  let analytics: NodeFunctions;
  let server: ServerType;
  let origin: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'site-dashboard-'));
    await migratedDataDir(join(dir, 'pglite'));
    // The request below comes from 127.0.0.1 as a local proxy would send it, naming its client.
    analytics = await createNodeFunctions({ dataDir: dir, allowedOrigins: [], trustedProxies: ['loopback'], content: TV_SHOP });
    const app = new Hono();
    app.all('/functions/v1/analytics', (c) => analytics.handle(c.req.raw, '127.0.0.1'));
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    vi.stubGlobal('location', new URL(`${origin}/analytics`));
    await analytics.handle(
      new Request(`${origin}/functions/v1/analytics`, {
        method: 'POST',
        headers: { 'user-agent': 'Mozilla/5.0 Chrome/130', 'x-forwarded-for': '49.36.10.20' },
        body: JSON.stringify({ type: 'session', sessionId: 'session_1751537730000_dash', pageUrl: `${origin}/` }),
      }),
      '127.0.0.1',
    );
  });

  afterAll(async () => {
    vi.unstubAllGlobals();
    (server as HttpServer | undefined)?.closeAllConnections(); // keep-alive sockets would hold close()
    await new Promise((resolve) => server?.close(resolve));
    await analytics?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('reads totals and rows with the key, from a path endpoint on the page origin', async () => {
    const data = await readDashboard('/functions/v1/analytics', analytics.dashboardKey);
    expect(data.totals).toEqual({ visitors: 1, sessions: 1, events: 0, uniqueIps: 1, pageViews: 0 });
    expect(data.topCountries).toEqual([{ country: 'IN', count: 1 }]);
    expect(data.sessions.map((s) => [s.session_id, s.ip_address])).toEqual([['session_1751537730000_dash', '49.36.10.0']]);
  });

  it('tells a refused key (401) from other failures, so that a link cannot replace a working key', async () => {
    await expect(readDashboard(`${origin}/functions/v1/analytics`, 'not-the-key')).rejects.toBeInstanceOf(KeyRefused);
    await expect(readDashboard(`${origin}/functions/v1/analytics?from=1`, analytics.dashboardKey)).rejects.not.toBeInstanceOf(KeyRefused);
  });
});

describe('the warning about deliveries still waiting', () => {
  const data = (waiting: LeadsData['waiting'], deliveryFailed = 0): LeadsData => ({ from: '', to: '', leads: [], perDay: [], perPage: [], waiting, deliveryFailed });
  // In the words of the TV shop's fixture (dashboard.leads.*).
  const words = TV_WORDS;
  const t = (key: string, vars: Record<string, string | number> = {}) => words[`dashboard.${key}`]!.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k]));
  const render = (d: LeadsData) => renderToStaticMarkup(createElement(DashboardWords, { value: words, children: createElement(WaitingDeliveries, { data: d }) })).replace(/&#x27;/g, "'");

  it('says what has waited more than 10 minutes, where to, since when and why, as an alert', () => {
    const html = render(data([
      { channel: 'telegram', count: 3, oldest: '2026-11-25T04:30:00.000Z', last_error: 'HTTP 401: Unauthorized' },
      { channel: 'forward', count: 1, oldest: '2026-11-25T05:00:00.000Z', last_error: null },
    ], 2));
    expect(html).toContain('role="alert"');
    const error = t('leads.lastError', { error: 'HTTP 401: Unauthorized' });
    expect(html).toContain(t('leads.waiting.many', { n: 3, channel: t('leads.channel.telegram'), since: '25 Nov 2026, 10:00:00 IST', error }));
    expect(html).toContain(t('leads.waiting.one', { n: 1, channel: t('leads.channel.forward'), since: '25 Nov 2026, 10:30:00 IST', error: '' }));
    expect(html).toContain(t('leads.givenUp.many', { n: 2 }));
  });

  it('shows nothing when nothing waits', () => {
    expect(render(data([]))).toBe('');
  });
});
