import type { Server as HttpServer } from 'node:http';
import { readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '#cli/lib/server/database.ts';
import { createNodeFunctions } from '#cli/lib/server/functions.ts';
import { loadCountryLookup } from '#functions/_shared/mmdb.ts';
import { type Db } from '#functions/_shared/db.ts';
import { createAnalyticsHandler } from '#functions/_shared/analytics-handler.ts';
import { isbot } from 'isbot';
import { formatIp, parseIp, truncateIp } from '#functions/_shared/ip.ts';
import { BACKOFF_MS } from '#functions/_shared/outbox.ts';
import { istDate } from '#functions/_shared/range.ts';
import {
  BROWSER_UA,
  describeAnalyticsContract,
  ORIGIN,
  describeRowLevelSecurity,
  session,
} from '../support/analytics-contract.ts';
import { migratedDataDir, migratedPglite } from '../support/pglite.ts';
import { TV_SHOP } from '../support/functions-content.ts';
import { startReceiver } from '../support/receiver.ts';

let db: Db;

beforeAll(async () => {
  db = await migratedPglite();
});

afterAll(async () => {
  await db?.close();
});

describeAnalyticsContract('PGlite', () => db);
describeRowLevelSecurity('PGlite', () => db);

describe('migrations on PGlite', () => {
  it('are recorded and not applied twice', async () => {
    // db was migrated in this run, by this file or the one that made the run's copy; that every
    // file applies to an empty database is checked there (tests/support/pglite.ts).
    expect(await applyMigrations(db)).toEqual([]);
    // Each file of supabase/migrations once, in order, under its version and name.
    const files = readdirSync('supabase/migrations').filter((f) => f.endsWith('.sql')).sort();
    expect(files.length).toBeGreaterThan(3);
    expect(await db.query('select version, name from supabase_migrations.schema_migrations order by version')).toEqual(
      files.map((f) => ({ version: f.slice(0, 14), name: f.slice(15, -'.sql'.length) })),
    );
  });

  it('enable row level security on both tables', async () => {
    expect(
      await db.query(
        `select relname, relrowsecurity from pg_class where relname in ('user_sessions', 'user_events') order by relname`,
      ),
    ).toEqual([
      { relname: 'user_events', relrowsecurity: true },
      { relname: 'user_sessions', relrowsecurity: true },
    ]);
  });
});

describe('when the database fails', () => {
  it('answers 500 with a generic error and reports the cause to the log', async () => {
    const cause = new Error('connection refused');
    const logged: unknown[][] = [];
    const handler = createAnalyticsHandler({
      query: () => Promise.reject(cause),
      logError: (...args) => void logged.push(args),
      config: { allowedOrigins: [], dashboardKey: 'k', hmacSecret: 's' },
    });
    const post = await handler(
      new Request('http://x.example/functions/v1/analytics', {
        method: 'POST',
        headers: { 'user-agent': BROWSER_UA },
        body: JSON.stringify(session()),
      }),
    );
    expect(post.status).toBe(500);
    expect(await post.json()).toEqual({ error: 'Could not store the record' });
    const get = await handler(new Request('http://x.example/functions/v1/analytics', { headers: { authorization: 'Bearer k' } }));
    expect(get.status).toBe(500);
    expect(await get.json()).toEqual({ error: 'Could not read the analytics data' });
    expect(logged).toEqual([
      ['analytics: could not store the record', cause],
      ['analytics: could not read the dashboard data', cause],
    ]);
  });

  it('refuses to start without its secrets', () => {
    expect(() =>
      createAnalyticsHandler({ query: async () => [], config: { allowedOrigins: [], dashboardKey: '', hmacSecret: 's' } }),
    ).toThrow('analytics: hmacSecret and dashboardKey must be set');
  });
});

describe('a digest sent by hand that is not delivered', () => {
  it('is logged through the function\'s logError and stays queued for its retry', async () => {
    const hook = await startReceiver(500);
    try {
      const at = new Date('2098-07-08T06:00:00Z');
      const logged: unknown[][] = [];
      const deferred: Promise<unknown>[] = [];
      const handler = createAnalyticsHandler({
        query: db.query,
        content: TV_SHOP,
        now: () => at,
        logError: (...args) => void logged.push(args),
        defer: (work) => void deferred.push(work),
        config: { allowedOrigins: [], dashboardKey: 'k', hmacSecret: 's', channels: { webhook: { url: `${hook.url}/hook`, secret: 'digest-failing-webhook-secret' } } },
      });
      const res = await handler(new Request('http://x.example/functions/v1/analytics?digest=send', { method: 'POST', headers: { authorization: 'Bearer k' } }));
      expect(res.status).toBe(202);
      const { sent, from } = (await res.json()) as { sent: string[]; from: string };
      expect(sent).toEqual(['webhook']);
      await Promise.all(deferred);
      expect(hook.received).toHaveLength(1);
      expect(logged).toEqual([[`leads: webhook delivery of the digest of the week from ${istDate(Date.parse(from))} failed (attempt 1)`, expect.stringContaining('500')]]);
      const rows = await db.query(`select status, attempts, next_try_at, last_error from public.leads_outbox where digest is not null and channel = 'webhook'`);
      expect(rows).toEqual([{ status: 'pending', attempts: 1, next_try_at: new Date(at.getTime() + BACKOFF_MS[0]), last_error: logged[0]![1] }]);
    } finally {
      await hook.close();
    }
  });
});

describe('IP handling', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0'],
    ['::ffff:198.51.100.200', '198.51.100.0'],
    ['2001:db8:abcd:12:1:2:3:4', '2001:db8:abcd::'],
    ['2001:DB8::1', '2001:db8::'],
    ['fe80::1%eth0', 'fe80::'],
  ])('truncates %s to %s', (raw, truncated) => {
    expect(formatIp(truncateIp(parseIp(raw)!))).toBe(truncated);
  });

  it.each(['', 'localhost', '1.2.3', '256.1.1.1', '1::2::3', '12345::', '1:2:3:4:5:6:7:8:9'])('rejects %j', (raw) => {
    expect(parseIp(raw)).toBeNull();
  });

  it('formats IPv6 in RFC 5952 form', () => {
    expect(formatIp(parseIp('2001:0db8:0000:0000:0001:0000:0000:0001')!)).toBe('2001:db8::1:0:0:1');
    expect(formatIp(parseIp('0:0:0:0:0:0:0:1')!)).toBe('::1');
  });
});

describe('bot filter (isbot)', () => {
  it.each([
    ['Chrome on Android', 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36', false],
    ['Safari on iOS', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', false],
    ['Firefox', 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', false],
    ['UC Browser', 'Mozilla/5.0 (Linux; U; Android 10; en-US; RMX2185 Build/QP1A.190711.020) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/123.0 UCBrowser/13.4.0.1306 Mobile Safari/537.36', false],
    ['Opera Mini', 'Opera/9.80 (Android; Opera Mini/36.2.2254/191.249; U; en) Presto/2.12.423 Version/12.16', false],
    ['Facebook in-app', 'Mozilla/5.0 (Linux; Android 13; SM-A145F Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/125.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/466.0.0.45.86;]', false],
    ['a Cubot phone', 'Mozilla/5.0 (Linux; Android 10; Cubot X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130 Mobile Safari/537.36', false],
    ["Playwright's Desktop Chrome (the e2e tests)", 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.7339.16 Safari/537.36', false],
    ['headless Chrome', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/150.0.0.0 Safari/537.36', true],
    ['a bare "Mozilla/5.0"', 'Mozilla/5.0', true],
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true],
    ['WhatsApp link previews', 'WhatsApp/2.23.20.0', true],
    ['Lighthouse', 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36 Chrome-Lighthouse', true],
    ['python-requests', 'python-requests/2.32.3', true],
  ] as [string, string, boolean][])('%s: a bot? %s', (_what, ua, bot) => {
    expect(isbot(ua)).toBe(bot);
  });
});

describe('country database (IPtoASN, public domain)', () => {
  it('maps addresses to countries offline, and private ranges to nothing', async () => {
    const lookup = await loadCountryLookup();
    expect(lookup(parseIp('49.36.10.20')!)).toBe('IN'); // Reliance Jio
    expect(lookup(parseIp('2001:200::1')!)).toBe('JP'); // WIDE project
    expect(lookup(parseIp('10.1.2.3')!)).toBeNull();
    expect(lookup(parseIp('::1')!)).toBeNull();
  });
});

describe('createNodeFunctions (PGlite in a data folder)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'site-analytics-'));
    // A database to open, as on a second start (a first start, in an empty folder, is in
    // server-hardening.test.ts).
    await migratedDataDir(join(dir, 'pglite'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('generates its secrets once (mode 0600), keeps data across restarts, and serves through a Hono mount', async () => {
    const first = await createNodeFunctions({ dataDir: dir, allowedOrigins: [ORIGIN], content: TV_SHOP });
    const secretsFile = join(dir, 'analytics-secrets.json');
    expect((await stat(secretsFile)).mode & 0o777).toBe(0o600);
    const secrets = JSON.parse(await readFile(secretsFile, 'utf8')) as { dashboardKey: string; hmacSecret: string };
    expect(first.dashboardKey).toBe(secrets.dashboardKey);
    expect(secrets.hmacSecret).toMatch(/^[\w-]{40,}$/);

    const app = new Hono();
    app.all('/functions/v1/analytics', (c) => first.handle(c.req.raw, getConnInfo(c).remote.address));
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const res = await fetch(`${base}/functions/v1/analytics`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER_UA, origin: ORIGIN },
        body: JSON.stringify(session()),
      });
      expect(res.status).toBe(201);
      const denied = await fetch(`${base}/functions/v1/analytics`);
      expect(denied.status).toBe(401);
    } finally {
      (server as HttpServer).closeAllConnections(); // keep-alive sockets would hold close()
      await new Promise((resolve) => server.close(resolve));
      await first.close();
    }

    const second = await createNodeFunctions({ dataDir: dir, allowedOrigins: [], content: TV_SHOP });
    try {
      expect(second.dashboardKey).toBe(first.dashboardKey);
      const res = await second.handle(
        new Request('http://localhost/functions/v1/analytics', {
          headers: { authorization: `Bearer ${second.dashboardKey}` },
        }),
      );
      const data = (await res.json()) as { totals: unknown; sessions: { ip_address: string }[] };
      // The socket address (127.0.0.1) was the client, stored as its /24.
      expect(data.totals).toEqual({ visitors: 1, sessions: 1, events: 0, uniqueIps: 1, pageViews: 0 });
      expect(data.sessions[0]!.ip_address).toBe('127.0.0.0');
    } finally {
      await second.close();
    }
  }, 120_000); // two starts of an embedded database on disk: slow on a busy machine
});
