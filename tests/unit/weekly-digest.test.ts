// Issue 38, item 2: the owner's weekly digest, through the real Node server (`site start`'s
// createNodeFunctions on a PGlite data folder, @hono/node-server on a free port), with a clock the
// test holds, and the alerts arriving over HTTP at two stand-ins on 127.0.0.1 (Telegram's Bot API
// and the owner's webhook). The words the test expects come from the fixture's catalogues.

import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pgliteDb } from '#cli/lib/server/database.ts';
import { type Db } from '#functions/_shared/db.ts';
import { wordsOf } from '#functions/_shared/content.ts';
import { dueWeek, type Digest } from '#functions/_shared/digest.ts';
import type { DashboardData } from '#functions/_shared/figures.ts';
import type { LeadsData } from '#functions/_shared/leads-handler.ts';
import { functionsContentOf } from '../support/functions-content.ts';
import { startFunctionsServer, type FunctionsServer } from '../support/functions-server.ts';
import { migratedPglite } from '../support/pglite.ts';
import { verifyWebhook, type Receiver } from '../support/receiver.ts';

const KEY = 'weekly-digest-dashboard-key-0123456';
const SECRET = 'weekly-digest-webhook-secret-0123';
const ORIGIN = 'https://site.test';
const content = functionsContentOf();
const say = wordsOf(content);

/** An instant given as an India date and time. The test's weeks are in 2098 (its calendar is 2025's):
 * the server's purge of rows older than 13 months, at its start, keeps them whenever it runs. */
const ist = (day: string, time = '00:00:00') => new Date(`${day}T${time}+05:30`);
// 7 July 2098 is a Monday. The week the digest of that Monday reports: 30 June to 6 July.
const MONDAY = '2098-07-07';

let clock = ist(MONDAY, '08:59:59');
let running: FunctionsServer;
let telegram: Receiver;
let hook: Receiver;
let base: string;
const deferred: Promise<unknown>[] = [];

/**
 * The week (30 Jun – 6 Jul, India) and the weeks around it, at the edges of India's week, which
 * are not UTC's: b's visit at Monday 00:00 India (Sunday 18:30 UTC) is in it, z's at the next
 * Monday 00:00:10 India (still Sunday in UTC) is not; y's on the Sunday before is the week before.
 */
async function seed(db: Db) {
  const s = (at: Date, visitor: string, page: string, referrer: string, sid: string) =>
    db.query(
      `insert into public.user_sessions (session_id, ip_address, ip_hash, visitor_id, country, page_url, user_agent, referrer, created_at)
       values ($1, '49.36.10.0'::inet, $2, $3, 'IN', $4, 'Mozilla/5.0', $5, $6)`,
      [sid, visitor.padEnd(64, '0'), visitor.padEnd(32, '0'), `${ORIGIN}${page}`, referrer, at.toISOString()],
    );
  const e = (at: Date, sid: string, type: string, element: string | null, page: string) =>
    db.query(`insert into public.user_events (session_id, event_type, element_clicked, page_url, "timestamp") values ($1, $2, $3, $4, $5)`, [sid, type, element, `${ORIGIN}${page}`, at.toISOString()]);
  const lead = (at: Date, kind: string, page: string, source: string | null) =>
    db.query(`insert into public.leads (kind, name, email, phone, message, subject, page_path, source, created_at) values ($1, 'Asha', 'asha@gmail.com', '9829012345', 'No picture', 'New Quote Request from Website', $2, $3, $4)`, [
      kind, page, source, at.toISOString(),
    ]);
  // The week before: one visitor, one page view, one quote.
  await s(ist('2098-06-29', '23:59:00'), 'c', '/', '', 's_y');
  await e(ist('2098-06-29', '23:59:00'), 's_y', 'page_view', null, '/');
  await lead(ist('2098-06-25', '12:00:00'), 'quote', '/contact', null);
  // The week: b at its first instant, from Facebook, taps WhatsApp; a at its last minute, from
  // Google, taps the phone number; a quote from /contact that came from Google. (Visitor ids are
// hex, as the daily hash makes them.)
  await s(ist('2098-06-30'), 'b', '/', 'https://m.facebook.com/', 's_b');
  await e(ist('2098-06-30'), 's_b', 'page_view', null, '/');
  await e(ist('2098-06-30', '00:00:20'), 's_b', 'click', 'whatsapp', '/');
  await s(ist('2098-07-06', '23:59:30'), 'a', '/tv-repair-mansarovar', 'https://www.google.com/', 's_a');
  await e(ist('2098-07-06', '23:59:30'), 's_a', 'page_view', null, '/tv-repair-mansarovar');
  await e(ist('2098-07-06', '23:59:50'), 's_a', 'click', 'tel:+919000000001', '/tv-repair-mansarovar');
  await lead(ist('2098-07-03', '10:00:00'), 'quote', '/contact', 'google');
  // The next week, from its first seconds: a visit and a contact message.
  await s(ist(MONDAY, '00:00:10'), 'd', '/services', '', 's_z');
  await e(ist(MONDAY, '00:00:10'), 's_z', 'page_view', null, '/services');
  await lead(ist(MONDAY, '00:00:05'), 'contact', '/services', null);
}

beforeAll(async () => {
  const now = () => new Date(clock);
  const seeded = async (dir: string) => {
    const pg = await PGlite.create(dir);
    try {
      await seed(pgliteDb(pg));
    } finally {
      await pg.close();
    }
  };
  running = await startFunctionsServer(({ telegram, hook }) => ({
    allowedOrigins: [ORIGIN],
    dashboardKey: KEY,
    hmacSecret: 'weekly-digest-hmac',
    trustedProxies: ['loopback'],
    content,
    now,
    deferLeadWork: (work) => void deferred.push(work),
    leads: {
      alerts: { telegram: { token: '123456:weekly-digest', chatId: '4242', apiUrl: telegram.url }, webhook: { url: `${hook.url}/hook`, secret: SECRET } },
      outbox: { now, backoffMs: [60_000] },
      // The outbox's own timer never runs during the test; the digest's runs often, so that a
      // digest that is due is made at once.
      pollMs: 600_000,
      digestPollMs: 25,
    },
  }), seeded);
  ({ telegram, hook, base } = running);
});

afterAll(() => running?.close());

beforeEach(() => {
  telegram.setMode('ok');
  hook.setMode('ok');
});

let client = 0;
/** A request from a client address of its own (the rate limits), with the dashboard key unless `key` is null. */
async function call(path: string, init: RequestInit = {}, key: string | null = KEY) {
  const c = ++client;
  const headers = { 'x-forwarded-for': `49.40.${c >> 8}.${c & 255}`, ...(key && { authorization: `Bearer ${key}` }), ...(init.headers as Record<string, string>) };
  return fetch(`${base}${path}`, { ...init, headers });
}
const digestOf = async (path = '/functions/v1/analytics?digest=week') => {
  const res = await call(path);
  expect(res.status).toBe(200);
  return (await res.json()) as Digest;
};
/** The schedule's call (pg_cron's on Supabase), then the deliveries it started. */
async function scheduleCall() {
  const res = await call('/functions/v1/leads?outbox=run', { method: 'POST' }, null);
  expect(res.status).toBe(202);
  while (deferred.length) await deferred.shift();
}
const digests = (r: Receiver) => r.received.filter((x) => (r === hook ? (JSON.parse(x.body) as { type: string }).type === 'digest.weekly' : true));
const textOf = (r: Receiver, i: number) => (JSON.parse(r.received[i]!.body) as { text: string }).text;

describe('GET ?digest=week', () => {
  it('needs the dashboard key, and then gives the last whole week (Monday to Sunday in India) against the week before', async () => {
    expect((await call('/functions/v1/analytics?digest=week', {}, null)).status).toBe(401);
    expect((await call('/functions/v1/analytics?digest=week', {}, 'not-the-key-at-all-0000000000')).status).toBe(401);
    const d = await digestOf();
    expect([d.from, d.to]).toEqual([ist('2098-06-30').toISOString(), ist(MONDAY).toISOString()]);
    const f = d.figures;
    expect(f.before).toEqual({ from: ist('2098-06-23').toISOString(), to: ist('2098-06-30').toISOString() });
    // b at the week's first instant and a at its last minute; not z, the next Monday at 00:00:10.
    expect([f.visitors, f.pageViews, f.calls, f.whatsapp]).toEqual([
      { week: 2, before: 1 },
      { week: 2, before: 1 },
      { week: 1, before: 0 },
      { week: 1, before: 0 },
    ]);
    expect(f.leads).toEqual({ quote: { week: 1, before: 1 }, contact: { week: 0, before: 0 }, 'service-request': { week: 0, before: 0 }, newsletter: { week: 0, before: 0 } });
    expect(f.firstWeek).toBe(false);
    expect(f.pagesByLeads).toEqual([
      { page: '/contact', leads: 1 },
      { page: '/', leads: 1 },
      { page: '/tv-repair-mansarovar', leads: 1 },
    ].sort((x, y) => x.page.localeCompare(y.page)));
    expect(f.pagesByViews.map((p) => p.page).sort()).toEqual(['/', '/tv-repair-mansarovar']);
    expect(f.waiting).toEqual([]);
  });

  it('counts what the dashboard counts for the same week: one read for both', async () => {
    const d = await digestOf();
    const range = `from=${encodeURIComponent(d.from)}&to=${encodeURIComponent(d.to)}`;
    const dashboard = (await (await call(`/functions/v1/analytics?${range}`)).json()) as DashboardData;
    const leads = (await (await call(`/functions/v1/leads?${range}`)).json()) as LeadsData;
    expect(d.figures.visitors).toEqual({ week: dashboard.totals.visitors, before: dashboard.previousTotals.visitors });
    expect(d.figures.pageViews).toEqual({ week: dashboard.totals.pageViews, before: dashboard.previousTotals.pageViews });
    const kind = (k: string) => leads.perDay.filter((p) => p.kind === k).reduce((n, p) => n + p.count, 0);
    expect([d.figures.calls.week, d.figures.whatsapp.week, d.figures.leads.quote.week]).toEqual([kind('call'), kind('whatsapp'), kind('quote')]);
    expect(d.figures.pagesByViews).toEqual(dashboard.top.page.slice(0, 5).map((p) => ({ page: p.key, views: p.count })));
    expect(d.figures.sourcesByVisits).toEqual(dashboard.top.source.slice(0, 5).map((p) => ({ source: p.key, visits: p.count })));
  });

  it('reads as the owner reads it on a phone, in the words of the content', async () => {
    const { text } = await digestOf();
    const lines = text.split('\n');
    expect(lines[0]).toContain(content.site.name);
    expect(lines).toContain(say('digest.withChange', { figure: say('digest.visitors', { n: 2 }), change: say('digest.up', { percent: '100%', before: 1 }) }));
    expect(lines).toContain(say('digest.withChange', { figure: say('digest.calls', { n: 1 }), change: say('digest.fromNone') }));
    expect(lines).toContain(say('digest.withChange', { figure: say('digest.leads.quote', { n: 1 }), change: say('digest.same') }));
    expect(lines).toContain(say('digest.pagesByLeads'));
    expect(lines).toContain(say('digest.allDelivered'));
    expect(lines.at(-1)).toBe(say('digest.dashboard', { url: `${content.site.origin}/analytics` }));
    // Every word is the content's: no key is left unsaid.
    expect(text).not.toMatch(/digest\.\w/);
  });

  it('the first week: nothing to compare with, and it says so', async () => {
    // Tuesday morning, after the window in which the server makes the week's digest.
    clock = ist('2098-07-01', '10:00:00');
    try {
      const d = await digestOf();
      expect([d.from, d.to]).toEqual([ist('2098-06-23').toISOString(), ist('2098-06-30').toISOString()]);
      expect(d.figures.firstWeek).toBe(true);
      expect([d.figures.visitors, d.figures.leads.quote]).toEqual([{ week: 1, before: 0 }, { week: 1, before: 0 }]);
      const lines = d.text.split('\n');
      expect(lines).toContain(say('digest.firstWeek'));
      expect(lines).toContain(say('digest.visitors', { n: 1 }));
      expect(d.text).not.toContain(say('digest.fromNone'));
    } finally {
      clock = ist(MONDAY, '08:59:59');
    }
  });

  it('a week with no visits says so, with zeros against the week before', async () => {
    clock = ist('2098-07-22', '10:00:00');
    try {
      const d = await digestOf();
      expect([d.from, d.to]).toEqual([ist('2098-07-14').toISOString(), ist('2098-07-21').toISOString()]);
      // The week before it had one visit: the first seconds of its Monday.
      expect([d.figures.visitors, d.figures.pageViews, d.figures.firstWeek]).toEqual([{ week: 0, before: 1 }, { week: 0, before: 1 }, false]);
      expect([d.figures.pagesByLeads, d.figures.pagesByViews, d.figures.sourcesByVisits]).toEqual([[], [], []]);
      const lines = d.text.split('\n');
      expect(lines).toContain(say('digest.noVisits'));
      expect(lines).toContain(say('digest.noneYet'));
      expect(lines).toContain(say('digest.withChange', { figure: say('digest.leads.contact', { n: 0 }), change: say('digest.down', { percent: '100%', before: 1 }) }));
      expect(lines).toContain(say('digest.withChange', { figure: say('digest.leads.serviceRequest', { n: 0 }), change: say('digest.same') }));
    } finally {
      clock = ist(MONDAY, '08:59:59');
    }
  });
});

describe('the scheduled digest: Monday 09:00 in India, once a week', () => {
  it('is not made before 09:00; from 09:00 `site start` makes it by itself, once, with one idempotency key per week', async () => {
    // 08:59:59: the schedule's call and the server's own timer make nothing.
    await scheduleCall();
    expect([digests(telegram).length, digests(hook).length]).toEqual([0, 0]);

    clock = ist(MONDAY, '09:00:00');
    // Nothing else asks: the server's timer makes it.
    await Promise.all([telegram.waitFor(1), hook.waitFor(1)]);
    const body = JSON.parse(hook.received[0]!.body) as Digest & { type: string; id: string };
    expect(body.type).toBe('digest.weekly');
    expect(verifyWebhook(SECRET, hook.received[0]!)).toBe(true);
    expect(hook.received[0]!.headers['idempotency-key']).toBe(body.id);
    expect([body.from, body.to]).toEqual([ist('2098-06-30').toISOString(), ist(MONDAY).toISOString()]);
    expect(textOf(telegram, 0)).toBe(body.text);
    expect(body.text).toBe((await digestOf()).text);

    // Later calls that Monday, by the schedule or the timer, make no second one.
    clock = ist(MONDAY, '09:05:00');
    await scheduleCall();
    clock = ist('2098-07-08', '08:59:00');
    await scheduleCall();
    expect([telegram.received.length, hook.received.length]).toEqual([1, 1]);
  });

  it('a retry sends the same body under the same key; the next Monday brings the next week under a new key', async () => {
    const firstKey = hook.received[0]!.headers['idempotency-key'];
    clock = ist('2098-07-14', '09:00:00');
    hook.setMode(502, 1);
    await Promise.all([telegram.waitFor(2), hook.waitFor(2)]);
    const failed = hook.received[1]!;
    expect(failed.answered).toBe(502);
    expect(failed.headers['idempotency-key']).not.toBe(firstKey);
    expect((JSON.parse(failed.body) as Digest).from).toBe(ist(MONDAY).toISOString());
    // Once the failure is recorded (a drain ends when no attempt is under way), the retry falls
    // due a minute later (the backoff given above).
    await scheduleCall();
    expect(hook.received).toHaveLength(2);
    clock = ist('2098-07-14', '09:01:01');
    await scheduleCall();
    await hook.waitFor(3);
    expect(hook.received[2]!.answered).toBe(200);
    expect([hook.received[2]!.headers['idempotency-key'], hook.received[2]!.body]).toEqual([failed.headers['idempotency-key'], failed.body]);
    expect(telegram.received).toHaveLength(2);
  });
});

describe('POST ?digest=send, to try a setup', () => {
  it('needs the dashboard key; then sends the last week\'s digest now, as a delivery of its own', async () => {
    const [tg0, hook0] = [telegram.received.length, hook.received.length];
    expect((await call('/functions/v1/analytics?digest=send', { method: 'POST' }, null)).status).toBe(401);
    await scheduleCall();
    expect([telegram.received.length, hook.received.length]).toEqual([tg0, hook0]);

    const res = await call('/functions/v1/analytics?digest=send', { method: 'POST' });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ sent: ['telegram', 'webhook'], from: ist('2098-07-07').toISOString(), to: ist('2098-07-14').toISOString() });
    while (deferred.length) await deferred.shift();
    await Promise.all([telegram.waitFor(tg0 + 1), hook.waitFor(hook0 + 1)]);
    const sent = hook.received[hook0]!;
    expect((JSON.parse(sent.body) as { type: string }).type).toBe('digest.weekly');
    // Not the scheduled delivery of that week: a key of its own.
    expect(hook.received.slice(0, hook0).map((r) => r.headers['idempotency-key'])).not.toContain(sent.headers['idempotency-key']);
    expect(textOf(telegram, tg0)).toBe((JSON.parse(sent.body) as Digest).text);
  });

  it('GET ?digest=send and POST ?digest=week are refused with the reason', async () => {
    for (const [method, what] of [['GET', 'send'], ['POST', 'week']] as const) {
      const res = await call(`/functions/v1/analytics?digest=${what}`, { method });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/digest/);
    }
  });
});

describe('the schedule on Supabase (pg_cron) and on `site start` follow one rule', () => {
  it('weekly_digest_due() agrees with dueWeek() at the edges of Monday 09:00 to Tuesday 09:00 in India', async () => {
    const db = await migratedPglite();
    try {
      const instants = [
        ist('2098-07-07', '08:59:59.999'),
        ist('2098-07-07', '09:00:00'),
        ist('2098-07-07', '23:59:59'),
        ist('2098-07-08', '08:59:59.999'),
        ist('2098-07-08', '09:00:00'),
        ist('2098-07-06', '09:00:00'),
        // Monday 09:00 in UTC is Monday 14:30 in India: due; Sunday 23:00 UTC is Monday 04:30 in India: not yet.
        new Date('2098-07-07T09:00:00Z'),
        new Date('2098-07-06T23:00:00Z'),
      ];
      const due = instants.map((at) => dueWeek(at) !== null);
      expect(due).toEqual([false, true, true, true, false, false, true, false]);
      for (const [i, at] of instants.entries()) {
        const [row] = await db.query('select public.weekly_digest_due($1::timestamptz) as due', [at.toISOString()]);
        expect([at.toISOString(), row!.due]).toEqual([at.toISOString(), due[i]]);
      }
      // The kick asks the function for the digest then, and not once the week's digest is in the outbox.
      const kick = async (at: Date) => String((await db.query('select public.leads_outbox_kick($1::timestamptz) as said', [at.toISOString()]))[0]!.said);
      expect(await kick(ist('2098-07-07', '09:00:00'))).toMatch(/^0 due and the weekly digest; /);
      expect(await kick(ist('2098-07-07', '08:59:00'))).toBe('nothing due');
      await db.query(`insert into public.leads_outbox (channel, digest, digest_week, status) values ('webhook', '{}'::jsonb, '2098-06-30', 'sent')`);
      expect(await kick(ist('2098-07-07', '09:00:00'))).toBe('nothing due');
    } finally {
      await db.close();
    }
  });
});
