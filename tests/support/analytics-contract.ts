// The handler's behaviour, written once and run against PGlite (tests/unit) and a real
// PostgreSQL (tests/integration): every bad input gets its status and stores nothing, good input
// stores exactly the expected row, and the dashboard read returns correct totals.

import { createHmac as nodeHmac } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '#functions/_shared/db.ts';
import { createAnalyticsHandler, type AnalyticsConfig } from '#functions/_shared/analytics-handler.ts';
import type { FunctionHandler } from '#functions/_shared/http.ts';
import { type DashboardData } from '#functions/_shared/figures.ts';
import type { ParsedIp } from '#functions/_shared/ip.ts';
import { hostileCases, sendRaw, type Site } from './hostile-inputs.ts';

export const ORIGIN = 'https://tv-repair.example';
export const DASHBOARD_KEY = 'dashboard-key-for-tests-0123456789';
export const HMAC_SECRET = 'hmac-secret-for-tests';
export const ENDPOINT = 'https://project.example/functions/v1/analytics';
export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const NOW = new Date('2025-07-03T10:15:30.000Z');

/** The keyed hash the handler should store, computed here with node:crypto, independently of it. */
export const expectedHash = (ip: string) => nodeHmac('sha256', HMAC_SECRET).update(ip).digest('hex');

// A stand-in for the country database, so that the expected rows are plain to read.
const fakeCountry = (ip: ParsedIp) =>
  ip.kind() === 'ipv4' && ip.toByteArray()[0] === 49 ? 'IN' : ip.kind() === 'ipv6' ? 'JP' : null;

/** The load balancer the contract's requests come through; its x-forwarded-for is believed. */
export const PROXY = '10.0.0.2';

export function makeHandler(db: Db, config: Partial<AnalyticsConfig> = {}, now = () => NOW): FunctionHandler {
  const handler = createAnalyticsHandler({
    query: db.query,
    lookupCountry: fakeCountry,
    now,
    logError: () => {},
    config: {
      allowedOrigins: [ORIGIN],
      dashboardKey: DASHBOARD_KEY,
      hmacSecret: HMAC_SECRET,
      clientAddress: { trustedProxies: ['10.0.0.0/8'] },
      ...config,
    },
  });
  return (req, info) => handler(req, { remoteAddress: PROXY, ...info });
}

export const session = (extra: Record<string, unknown> = {}) => ({
  type: 'session',
  sessionId: 'session_1751537730000_k3j9x2ab',
  pageUrl: `${ORIGIN}/services`,
  userAgent: BROWSER_UA,
  referrer: 'https://www.google.com/',
  ...extra,
});

export const event = (extra: Record<string, unknown> = {}) => ({
  type: 'event',
  eventType: 'click',
  elementClicked: 'tel:+911234567890',
  eventData: { href: 'tel:+911234567890', text: 'Call Now' },
  sessionId: 'session_1751537730000_k3j9x2ab',
  pageUrl: `${ORIGIN}/contact`,
  userAgent: BROWSER_UA,
  referrer: '',
  ...extra,
});

export function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(ENDPOINT, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': BROWSER_UA,
      origin: ORIGIN,
      'x-forwarded-for': '49.36.10.77, 10.0.0.1',
      ...headers,
    },
  });
}

export const get = (headers: Record<string, string> = {}) =>
  new Request(ENDPOINT, { headers: { origin: ORIGIN, ...headers } });

export async function counts(db: Db) {
  const [row] = await db.query(
    'select (select count(*) from public.user_sessions)::int as sessions, (select count(*) from public.user_events)::int as events',
  );
  return row as { sessions: number; events: number };
}

export function describeAnalyticsContract(name: string, getDb: () => Db): void {
  describe(`analytics handler on ${name}`, () => {
    let db: Db;
    let handler: FunctionHandler;

    beforeEach(async () => {
      db = getDb();
      // The day counts go with the rows they counted (as the retention purge does).
      await db.exec('truncate public.user_sessions, public.user_events, public.analytics_daily, public.analytics_daily_done restart identity');
      handler = makeHandler(db);
    });

    it('stores a session as exactly the expected row, with a truncated IP and its keyed hash', async () => {
      const res = await handler(
        post(session(), {
          'cf-ipcity': 'Jaipur',
          'cf-region': 'Rajasthan',
          'cf-iplatitude': '26.91240',
          'cf-iplongitude': '75.78730',
        }),
      );
      expect(res.status).toBe(201);
      expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      const rows = await db.query(
        `select id::int, session_id, host(ip_address) as ip_address, ip_hash, country, city, region, latitude, longitude,
           page_url, user_agent, referrer, to_char(created_at at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
         from public.user_sessions`,
      );
      expect(rows).toEqual([
        {
          id: 1,
          session_id: 'session_1751537730000_k3j9x2ab',
          ip_address: '49.36.10.0',
          ip_hash: expectedHash('49.36.10.77'),
          country: 'IN',
          city: 'Jaipur',
          region: 'Rajasthan',
          latitude: 26.9124,
          longitude: 75.7873,
          page_url: `${ORIGIN}/services`,
          user_agent: BROWSER_UA,
          referrer: 'https://www.google.com/',
          created_at: '2025-07-03T10:15:30.000Z',
        },
      ]);
      expect(await counts(db)).toEqual({ sessions: 1, events: 0 });
    });

    it('stores an event as exactly the expected row; IPv6 keeps its /48', async () => {
      const res = await handler(post(event(), { 'x-forwarded-for': '2001:db8:abcd:12:1:2:3:4' }));
      expect(res.status).toBe(201);
      const rows = await db.query(
        `select id::int, session_id, event_type, element_clicked, event_data, page_url, host(ip_address) as ip_address, ip_hash,
           to_char("timestamp" at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "timestamp"
         from public.user_events`,
      );
      expect(rows).toEqual([
        {
          id: 1,
          session_id: 'session_1751537730000_k3j9x2ab',
          event_type: 'click',
          element_clicked: 'tel:+911234567890',
          event_data: { href: 'tel:+911234567890', text: 'Call Now' },
          page_url: `${ORIGIN}/contact`,
          ip_address: '2001:db8:abcd::',
          ip_hash: expectedHash('2001:db8:abcd:12:1:2:3:4'),
          timestamp: '2025-07-03T10:15:30.000Z',
        },
      ]);
      expect(await counts(db)).toEqual({ sessions: 0, events: 1 });
    });

    it('accepts application/json and a custom event name with no element or data', async () => {
      const res = await handler(
        post(event({ eventType: 'quote_dialog_open', elementClicked: undefined, eventData: undefined }), {
          'content-type': 'application/json',
        }),
      );
      expect(res.status).toBe(201);
      expect(await db.query('select event_type, element_clicked, event_data from public.user_events')).toEqual([
        { event_type: 'quote_dialog_open', element_clicked: null, event_data: null },
      ]);
    });

    it('never stores the raw IP by default, and stores it only when the owner opts in', async () => {
      await handler(post(session()));
      await handler(post(event()));
      const dump = async () =>
        (
          await db.query(
            `select (select coalesce(json_agg(s), '[]'::json) from public.user_sessions s)::text ||
                    (select coalesce(json_agg(e), '[]'::json) from public.user_events e)::text as all_rows`,
          )
        )[0]!.all_rows as string;
      const stored = await dump();
      expect(stored).toContain('49.36.10.0');
      expect(stored).not.toContain('49.36.10.77');

      await makeHandler(db, { storeRawIp: true })(post(session({ sessionId: 'session_1751537730001_raw' })));
      const rows = await db.query(
        `select host(ip_address) as ip from public.user_sessions where session_id = 'session_1751537730001_raw'`,
      );
      expect(rows).toEqual([{ ip: '49.36.10.77' }]);
    });

    it('believes x-forwarded-for only from a trusted proxy: its right-most untrusted entry, else the socket peer', async () => {
      // Through the proxy: the entries left of the client's own are the client's to forge.
      await handler(post(session(), { 'x-forwarded-for': '198.51.100.9, 49.36.10.5:5123, 10.0.0.1' }));
      // Straight from a client: its x-forwarded-for proves nothing.
      await handler(post(session({ sessionId: 'session_1751537730000_direct' }), { 'x-forwarded-for': '49.36.10.5' }), {
        remoteAddress: '192.0.2.1',
      });
      const noForward = post(session({ sessionId: 'session_1751537730000_remote' }));
      noForward.headers.delete('x-forwarded-for');
      await handler(noForward, { remoteAddress: '::ffff:192.0.2.44' });
      const rows = await db.query(
        'select session_id, host(ip_address) as ip, ip_hash from public.user_sessions order by id',
      );
      expect(rows).toEqual([
        { session_id: 'session_1751537730000_k3j9x2ab', ip: '49.36.10.0', ip_hash: expectedHash('49.36.10.5') },
        { session_id: 'session_1751537730000_direct', ip: '192.0.2.0', ip_hash: expectedHash('192.0.2.1') },
        { session_id: 'session_1751537730000_remote', ip: '192.0.2.0', ip_hash: expectedHash('192.0.2.44') },
      ]);
    });

    const bad: [string, () => Request, number, Record<string, unknown> | null][] = [
      ['a body over 8 KB', () => post(session({ referrer: `${ORIGIN}/?q=${'x'.repeat(8200)}` })), 413, {
        error: 'Body is larger than 8192 bytes',
      }],
      [
        'a streamed body over 8 KB with no content-length',
        () =>
          new Request(ENDPOINT, {
            method: 'POST',
            headers: { 'user-agent': BROWSER_UA, origin: ORIGIN },
            body: new ReadableStream({
              start(c) {
                for (let i = 0; i < 9; i++) c.enqueue(new TextEncoder().encode(' '.repeat(1024)));
                c.close();
              },
            }),
            duplex: 'half',
          } as RequestInit),
        413,
        { error: 'Body is larger than 8192 bytes' },
      ],
      ['invalid JSON', () => post('{"type":"session",'), 400, { error: 'Body is not valid JSON', issues: [] }],
      ['an unknown record type', () => post(session({ type: 'visit' })), 400, null],
      ['a malformed session id', () => post(session({ sessionId: 'abc' })), 400, null],
      ['a page URL that is not http(s)', () => post(session({ pageUrl: 'javascript:alert(1)' })), 400, null],
      ['an event without an event type', () => post(event({ eventType: undefined })), 400, null],
      ['an event type with spaces', () => post(event({ eventType: 'drop table' })), 400, null],
      ['an element descriptor over 256 characters', () => post(event({ elementClicked: 'a'.repeat(257) })), 400, null],
      ['event data that is not an object', () => post(event({ eventData: [1, 2] })), 400, null],
      ['a form-encoded body', () => post('type=session', { 'content-type': 'application/x-www-form-urlencoded' }), 415, {
        error: 'Send the record as text/plain or application/json',
      }],
      ['a crawler user agent', () => post(session(), { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }), 204, null],
      ['a crawler in the payload user agent', () => post(session({ userAgent: 'Mozilla/5.0 (compatible; bingbot/2.0)' })), 204, null],
      ['an HTTP library', () => post(session({ userAgent: undefined }), { 'user-agent': 'curl/8.5.0' }), 204, null],
      ['no user agent at all', () => post(session({ userAgent: undefined }), { 'user-agent': '' }), 204, null],
      ['another site as origin', () => post(session(), { origin: 'https://evil.example' }), 403, { error: 'Origin not allowed' }],
      // The request's URL names the host the caller chose: its origin is not thereby allowed.
      ['the origin of the request URL itself', () => post(session(), { origin: new URL(ENDPOINT).origin }), 403, {
        error: 'Origin not allowed',
      }],
      ['PUT', () => new Request(ENDPOINT, { method: 'PUT', body: JSON.stringify(session()), headers: { origin: ORIGIN } }), 405, {
        error: 'Method not allowed',
      }],
      ['DELETE', () => new Request(ENDPOINT, { method: 'DELETE', headers: { origin: ORIGIN } }), 405, { error: 'Method not allowed' }],
    ];

    for (const [what, request, status, body] of bad) {
      it(`answers ${status} to ${what} and stores nothing`, async () => {
        const res = await handler(request());
        expect(res.status).toBe(status);
        if (status === 204) expect(await res.text()).toBe('');
        else if (body) expect(await res.json()).toEqual(body);
        expect(await counts(db)).toEqual({ sessions: 0, events: 0 });
      });
    }

    it('lists the failing fields in a 400', async () => {
      const res = await handler(post(event({ sessionId: 'nope', pageUrl: 'ftp://x', eventType: 'a b' })));
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: string; issues: { path: string }[] };
      expect(body.error).toBe('Invalid analytics record');
      expect(body.issues.map((i) => i.path).sort()).toEqual(['eventType', 'pageUrl', 'sessionId']);
    });

    it('allows a burst per client, then answers 429 and stores nothing more', async () => {
      const limited = makeHandler(db, { rateLimit: { burst: 3, perSecond: 0.001 } });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited(post(session()))).status);
      expect(statuses).toEqual([201, 201, 201, 429]);
      expect(await counts(db)).toEqual({ sessions: 3, events: 0 });
      // Another client is not affected.
      expect((await limited(post(session(), { 'x-forwarded-for': '198.51.100.1' }))).status).toBe(201);
    });

    it('answers a preflight from the allowed origin only', async () => {
      const preflight = (origin: string) =>
        handler(
          new Request(ENDPOINT, {
            method: 'OPTIONS',
            headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
          }),
        );
      const ok = await preflight(ORIGIN);
      expect(ok.status).toBe(204);
      expect(ok.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(ok.headers.get('access-control-allow-headers')).toContain('authorization');
      const denied = await preflight('https://evil.example');
      expect(denied.status).toBe(403);
      expect(denied.headers.get('access-control-allow-origin')).toBeNull();
    });

    it.each([
      ['no key', {}],
      ['a wrong key', { authorization: `Bearer ${DASHBOARD_KEY}x` }],
      ['a prefix of the key', { authorization: `Bearer ${DASHBOARD_KEY.slice(0, -1)}` }],
      ['another scheme', { authorization: `Basic ${DASHBOARD_KEY}` }],
    ])('answers 401 to a dashboard read with %s', async (_what, headers) => {
      await handler(post(session()));
      const res = await handler(get(headers));
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'A valid dashboard key is required' });
    });

    it('returns totals over all rows, the top 5 countries and the newest 50 sessions and 100 events', async () => {
      // 60 sessions: IN×30 US×12 GB×8 DE×5 FR×3 JP×1, unknown×1; 7 distinct IP hashes; one per minute.
      const countries = [...Array(30).fill('IN'), ...Array(12).fill('US'), ...Array(8).fill('GB'), ...Array(5).fill('DE'),
        ...Array(3).fill('FR'), 'JP', null];
      for (const [i, country] of countries.entries()) {
        await db.query(
          `insert into public.user_sessions (session_id, ip_address, ip_hash, country, page_url, created_at)
           values ($1, '203.0.113.0', $2, $3, $4, timestamptz '2025-07-01T00:00:00Z' + make_interval(mins => $5::int))`,
          [`session_175153773${String(i).padStart(4, '0')}_x`, expectedHash(`203.0.113.${i % 7}`), country, `${ORIGIN}/`, i],
        );
      }
      await db.exec(`insert into public.user_events (session_id, event_type, page_url, "timestamp")
        select 'session_1751537730000_x', case when g % 3 = 0 then 'click' else 'page_view' end, '${ORIGIN}/',
          timestamptz '2025-07-01T00:00:00Z' + make_interval(secs => g)
        from generate_series(1, 130) g`);

      const res = await handler(get({ authorization: `Bearer ${DASHBOARD_KEY}` }));
      expect(res.status).toBe(200);
      const data = (await res.json()) as {
        totals: unknown;
        topCountries: unknown;
        sessions: Record<string, unknown>[];
        events: Record<string, unknown>[];
      };
      // Seeded without a visitor hash (as rows stored before decision 074): each session is one visitor.
      expect(data.totals).toEqual({ visitors: 60, sessions: 60, events: 130, uniqueIps: 7, pageViews: 87 });
      expect(data.topCountries).toEqual([
        { country: 'IN', count: 30 },
        { country: 'US', count: 12 },
        { country: 'GB', count: 8 },
        { country: 'DE', count: 5 },
        { country: 'FR', count: 3 },
      ]);
      expect(data.sessions).toHaveLength(50);
      expect(data.sessions[0]).toMatchObject({ created_at: '2025-07-01T00:59:00.000Z', country: null, ip_address: '203.0.113.0' });
      expect(data.sessions[49]!.created_at).toBe('2025-07-01T00:10:00.000Z');
      expect(data.events).toHaveLength(100);
      expect(data.events[0]).toMatchObject({ timestamp: '2025-07-01T00:02:10.000Z', event_type: 'page_view' });
      expect(data.events[99]!.timestamp).toBe('2025-07-01T00:00:31.000Z');
      expect(Object.keys(data.sessions[0]!)).not.toContain('ip_hash');
      expect(Object.keys(data.events[0]!)).not.toContain('ip_hash');
    });

    it('returns zeros and empty lists when nothing is stored', async () => {
      const res = await handler(get({ authorization: `Bearer ${DASHBOARD_KEY}` }));
      const zero = { visitors: 0, sessions: 0, events: 0, uniqueIps: 0, pageViews: 0 };
      const none = { page: [], entry: [], source: [], utm_source: [], utm_medium: [], utm_campaign: [], device: [], country: [] };
      expect(await res.json()).toMatchObject({
        totals: zero,
        previousTotals: zero,
        topCountries: [],
        perDay: [],
        top: none,
        leadsByPage: [],
        leadsBySource: [],
        sessions: [],
        events: [],
      });
    });

    it('purges rows older than the retention period (13 months by default)', async () => {
      await db.exec(`insert into public.user_sessions (session_id, page_url, created_at) values
          ('session_1600000000000_old', 'https://x.example/', now() - interval '13 months 1 day'),
          ('session_1700000000000_new', 'https://x.example/', now() - interval '12 months 29 days');
        insert into public.user_events (session_id, event_type, page_url, "timestamp") values
          ('session_1600000000000_old', 'page_view', 'https://x.example/', now() - interval '14 months'),
          ('session_1700000000000_new', 'page_view', 'https://x.example/', now() - interval '1 day');`);
      expect(await db.query('select public.analytics_purge_expired()::int as deleted')).toEqual([{ deleted: 2 }]);
      expect(await db.query('select session_id from public.user_sessions')).toEqual([{ session_id: 'session_1700000000000_new' }]);
      expect(await db.query('select session_id from public.user_events')).toEqual([{ session_id: 'session_1700000000000_new' }]);
      expect(await db.query(`select public.analytics_purge_expired(interval '1 hour')::int as deleted`)).toEqual([{ deleted: 2 }]);
    });
  });
}

/** Checks, as Supabase's public roles, that visitor data can be neither read nor written. */
export function describeRowLevelSecurity(name: string, getDb: () => Db): void {
  describe(`row level security on ${name}`, () => {
    let db: Db;
    const asRole = <T>(role: string, fn: (tx: Pick<Db, 'query' | 'exec'>) => Promise<T>) =>
      db.transaction(async (tx) => {
        await tx.exec(`set local role ${role}`);
        return fn(tx);
      });

    beforeEach(async () => {
      db = getDb();
      await db.exec('truncate public.user_sessions, public.user_events restart identity');
      await makeHandler(db)(post(session()));
      await makeHandler(db)(post(event()));
      expect(await counts(db)).toEqual({ sessions: 1, events: 1 });
    });

    for (const role of ['anon', 'authenticated']) {
      it(`${role} can neither read nor write the tables, nor run the purge`, async () => {
        for (const table of ['user_sessions', 'user_events']) {
          await expect(asRole(role, (tx) => tx.query(`select * from public.${table}`))).rejects.toThrow(
            /permission denied/,
          );
        }
        await expect(
          asRole(role, (tx) =>
            tx.query(`insert into public.user_sessions (session_id, page_url) values ('session_1_x', 'https://x.example/')`),
          ),
        ).rejects.toThrow(/permission denied/);
        await expect(
          asRole(role, (tx) => tx.query(`insert into public.user_events (session_id, event_type, page_url) values ('session_1_x', 'click', 'https://x.example/')`)),
        ).rejects.toThrow(/permission denied/);
        await expect(asRole(role, (tx) => tx.query('select public.analytics_purge_expired()'))).rejects.toThrow(
          /permission denied/,
        );
        expect(await counts(db)).toEqual({ sessions: 1, events: 1 });
      });

      it(`${role} still sees no rows and can insert none if a grant is added by mistake`, async () => {
        // Row level security is the second lock: grant inside a transaction that is rolled back.
        const rolledBack = new Error('roll back');
        await expect(
          db.transaction(async (tx) => {
            await tx.exec(`grant select, insert on public.user_sessions to ${role}`);
            await tx.exec(`set local role ${role}`);
            expect(await tx.query('select * from public.user_sessions')).toEqual([]);
            await tx.exec('savepoint before_insert');
            await expect(
              tx.query(`insert into public.user_sessions (session_id, page_url) values ('session_1_x', 'https://x.example/')`),
            ).rejects.toThrow(/row-level security/);
            throw rolledBack;
          }),
        ).rejects.toBe(rolledBack);
        expect(await counts(db)).toEqual({ sessions: 1, events: 1 });
      });
    }

    it('service_role (what Supabase server code uses) reads the rows', async () => {
      expect(await asRole('service_role', (tx) => tx.query('select count(*)::int as n from public.user_sessions'))).toEqual([
        { n: 1 },
      ]);
    });
  });
}

/**
 * The hostile inputs of tests/support/hostile-inputs.ts sent over HTTP to a running entry: each gets
 * its status and error, a 201 stores exactly its row (read back through the dashboard GET), and
 * any other answer stores nothing.
 */
export function describeHostileInputs(entry: string, target: () => { url: string; site: Site; dashboardKey: string }): void {
  describe(`hostile inputs over HTTP to ${entry}`, () => {
    const read = async () => {
      const { url, site, dashboardKey } = target();
      const res = await sendRaw(url, { method: 'GET', headers: { origin: site.origin, authorization: `Bearer ${dashboardKey}` } });
      expect(res.status).toBe(200);
      return JSON.parse(res.body) as DashboardData;
    };
    for (const [i, { name, defect, status }] of hostileCases({ origin: ORIGIN }).entries()) {
      it(`${defect ? `(issue 10.${defect}) ` : ''}${name}: ${status}`, async () => {
        const { url, site } = target();
        const c = hostileCases(site)[i]!;
        const before = await read();
        const res = await sendRaw(url, c.request);
        expect(res.status).toBe(c.status);
        const after = await read();
        if (c.error) expect(JSON.parse(res.body)).toMatchObject({ error: c.error });
        if (!c.row) {
          expect(after.totals).toEqual(before.totals);
          return;
        }
        const { table, ...fields } = c.row;
        expect(JSON.parse(res.body)).toEqual(c.normalised ? { ok: true, normalised: c.normalised } : { ok: true });
        expect(after.totals[table] - before.totals[table]).toBe(1);
        const rows = (after[table] as unknown as Record<string, unknown>[]).filter((r) => r.session_id === fields.session_id);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject(fields);
      });
    }
  });
}
