import type { Server as HttpServer } from 'node:http';
// Issue 10 ("Hardening"), the analytics function through the real Node server: the app that
// `site start` serves (createApp + createNodeFunctions on PGlite in a temp folder, @hono/node-server
// on a free port), real HTTP requests from this process, and the stored rows read back through
// the dashboard GET.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { run } from '#cli/index.ts';
import { createNodeFunctions, type NodeFunctions, type NodeFunctionsOptions } from '#cli/lib/server/functions.ts';
import { createApp } from '#cli/lib/server/app.ts';
import type { DashboardData } from '#functions/_shared/figures.ts';
import { describeHostileInputs, ORIGIN } from '../support/analytics-contract.ts';
import { ANDROID_UA, sendRaw } from '../support/hostile-inputs.ts';
import { migratedDataDir } from '../support/pglite.ts';
import { TV_SHOP } from '../support/functions-content.ts';

interface Running {
  url: string;
  origin: string;
  analytics: NodeFunctions;
  close(): Promise<void>;
}

let work: string;

/** The site and its function as `site start` serves them, with `options` for the function. */
async function startServer(options: Partial<NodeFunctionsOptions> = {}): Promise<Running> {
  const dataDir = await mkdtemp(join(work, 'data-'));
  // The run's migrated database, opened as `site start` opens .data/ on its second start.
  await migratedDataDir(join(dataDir, 'pglite'));
  let analytics: NodeFunctions | undefined = undefined;
  const app = createApp({ dist: join(work, 'dist'), analytics: (req, remote) => analytics!.handle(req, remote) });
  const server: ServerType = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  analytics = await createNodeFunctions({
    dataDir,
    // What `site start` passes: its own origins and the site's.
    allowedOrigins: [origin, origin.replace('127.0.0.1', 'localhost'), ORIGIN],
    content: TV_SHOP,
    ...options,
  });
  return {
    url: `${origin}/functions/v1/analytics`,
    origin,
    analytics,
    async close() {
      (server as HttpServer).closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await analytics!.close();
    },
  };
}

const visit = (sessionId: string, headers: Record<string, string> = {}) => ({
  headers: { 'content-type': 'text/plain', origin: ORIGIN, 'user-agent': ANDROID_UA, ...headers },
  body: JSON.stringify({ type: 'session', sessionId, pageUrl: `${ORIGIN}/`, userAgent: ANDROID_UA }),
});

async function dashboard(s: Running): Promise<DashboardData> {
  const res = await sendRaw(s.url, { method: 'GET', headers: { authorization: `Bearer ${s.analytics.dashboardKey}` } });
  return JSON.parse(res.body) as DashboardData;
}

let plain: Running;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'site-hardening-'));
  await mkdir(join(work, 'dist'));
  await writeFile(join(work, 'dist', 'index.html'), '<!doctype html><title>Home</title>');
  plain = await startServer();
});

afterAll(async () => {
  await plain?.close();
  await rm(work, { recursive: true, force: true });
});

describeHostileInputs('the Node server (site start)', () => ({
  url: plain.url,
  site: { origin: ORIGIN },
  dashboardKey: plain.analytics.dashboardKey,
}));

describe('the client address on the Node server without SITE_TRUSTED_PROXY', () => {
  // The server's clock stands still while the posts go out: the bucket refills at 1 a second,
  // and on a busy machine 61 posts once took 17 s, so the 61st was let through.
  let at = Date.now();
  let fresh: Running;
  beforeAll(async () => {
    fresh = await startServer({ now: () => new Date(at) });
  });
  afterAll(() => fresh?.close());

  it('(issue 10.4) is the socket address: a forged x-forwarded-for neither moves the row nor dodges the rate limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const forged = `49.36.${i}.20`;
      statuses.push((await sendRaw(fresh.url, visit(`session_1751537730000_xff${i}`, { 'x-forwarded-for': forged }))).status);
    }
    // The default burst is 60 per client: the 61st is refused though it named another address.
    expect(statuses).toEqual([...Array(60).fill(201), 429]);
    // A second later the client has one more (the limiter runs on the clock given to the server).
    at += 1000;
    expect((await sendRaw(fresh.url, visit('session_1751537730000_xff61', { 'x-forwarded-for': '49.36.61.20' }))).status).toBe(201);
    expect((await sendRaw(fresh.url, visit('session_1751537730000_xff62', { 'x-forwarded-for': '49.36.62.20' }))).status).toBe(429);
    at += 1000; // the dashboard reads up to the present, which excludes its own instant
    const data = await dashboard(fresh);
    expect(data.totals).toEqual({ sessions: 61, events: 0, uniqueIps: 1, visitors: 1, pageViews: 0 });
    expect(new Set(data.sessions.map((s) => s.ip_address))).toEqual(new Set(['127.0.0.0']));
  });

  it('(issue 10.7) ignores geo headers: a forged cf-ipcountry is not stored for a loopback client', async () => {
    const res = await sendRaw(
      plain.url,
      visit('session_1751537730000_kp', { 'cf-ipcountry': 'KP', 'cf-ipcity': 'Pyongyang', 'x-forwarded-for': '49.36.10.20' }),
    );
    expect(res.status).toBe(201);
    const row = (await dashboard(plain)).sessions.find((s) => s.session_id === 'session_1751537730000_kp');
    expect(row).toMatchObject({ ip_address: '127.0.0.0', country: null, city: null });
  });
});

describe('the client address on the Node server with SITE_TRUSTED_PROXY=loopback', () => {
  let proxied: Running;
  beforeAll(async () => {
    proxied = await startServer({ trustedProxies: ['loopback'] });
  });
  afterAll(() => proxied?.close());

  const stored = async (sessionId: string) => (await dashboard(proxied)).sessions.find((s) => s.session_id === sessionId);

  it('(issue 10.4) is the right-most x-forwarded-for entry that is not a trusted proxy', async () => {
    await sendRaw(proxied.url, visit('session_1751537730000_right', { 'x-forwarded-for': '8.8.8.8, 49.36.10.20, 127.0.0.1' }));
    expect(await stored('session_1751537730000_right')).toMatchObject({ ip_address: '49.36.10.0', country: 'IN' });
  });

  it('(issue 10.7) takes geo headers for a public client, never for a private one', async () => {
    await sendRaw(proxied.url, visit('session_1751537730000_pub', { 'x-forwarded-for': '49.36.10.20', 'cf-ipcity': 'Jaipur' }));
    await sendRaw(proxied.url, visit('session_1751537730000_lan', { 'x-forwarded-for': '10.1.2.3', 'cf-ipcountry': 'KP', 'cf-ipcity': 'Pyongyang' }));
    expect(await stored('session_1751537730000_pub')).toMatchObject({ country: 'IN', city: 'Jaipur' });
    expect(await stored('session_1751537730000_lan')).toMatchObject({ ip_address: '10.1.2.0', country: null, city: null });
  });

  it('(issue 10.3) stores a visit whose geo header holds a NUL, without the city', async () => {
    const res = await sendRaw(proxied.url, visit('session_1751537730000_nul', { 'x-forwarded-for': '49.36.10.20', 'cf-ipcity': 'Jai%00pur' }));
    expect(res.status).toBe(201);
    expect(await stored('session_1751537730000_nul')).toMatchObject({ country: 'IN', city: null });
  });
});

describe('site start', () => {
  it('refuses a SITE_TRUSTED_PROXY entry that is not an address, a range or "loopback" (exit 2)', async () => {
    vi.stubEnv('SITE_TRUSTED_PROXY', 'loopback, 10.0.0.0/33');
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await run(['node', 'site', 'start', '--no-build', '--dist', join(work, 'dist'), '--port', '0'])).toBe(2);
      expect(stderr.mock.calls.map((c) => String(c[0])).join('')).toBe(
        'SITE_TRUSTED_PROXY: "10.0.0.0/33" is not an IP address, a CIDR range (such as 10.0.0.0/8) or "loopback"\n',
      );
    } finally {
      stderr.mockRestore();
      vi.unstubAllEnvs();
    }
  });
});
