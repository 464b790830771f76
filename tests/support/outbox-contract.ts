// The leads outbox on any database: the same suite runs on PGlite (tests/unit/leads-outbox.test.ts)
// and on Debian's PostgreSQL (tests/integration/postgres.test.ts, where two instances claim on
// separate connections at once). Every delivery goes over real HTTP to a local receiver
// (tests/support/receiver.ts); the outbox's clock is injected, so waits are set, not slept.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '#functions/_shared/db.ts';
import type { AlertChannels } from '#functions/_shared/alerts.ts';
import type { LeadsData } from '#functions/_shared/leads-handler.ts';
import { createOutbox, type OutboxOptions } from '#functions/_shared/outbox.ts';
import { CLAIM_DELIVERIES_SQL, INSERT_LEAD_SQL } from '#functions/_shared/sql.ts';
import { say } from './functions-content.ts';
import { form, QUOTE } from './hostile-leads.ts';
import { ENDPOINT, KEY, makeLeadsHandler, postForm, readLeads, SITE } from './leads-contract.ts';
import { startReceiver, verifyWebhook, type Receiver } from './receiver.ts';

const SECRET = 'webhook-secret-for-tests-0123456789';
const TOKEN = '123456:TEST-token-for-the-bot';
const T0 = Date.parse('2026-12-18T04:30:00.000Z');

/** A clock the test moves. */
function testClock() {
  let t = T0;
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

/** Stores a quote lead with deliveries on `channels`, as the handler's statement does; returns its id. */
async function storeLead(db: Db, channels: string, at = new Date(T0), name = 'Asha Verma'): Promise<number> {
  const [row] = await db.query(INSERT_LEAD_SQL, [
    'quote', '/contact', at.toISOString(), null, at.toISOString(), channels, name, QUOTE.email, QUOTE.phone, QUOTE.message, null, null, null, null, QUOTE.subject,
  ]);
  return Number(row!.id);
}

const deliveries = (db: Db) =>
  db.query(`select channel, status, attempts, last_error, to_char(next_try_at at time zone 'utc', 'HH24:MI:SS') as next_try from public.leads_outbox order by id`);

export function describeOutboxContract(name: string, getDb: () => Db, second?: () => Db): void {
  describe(`the leads outbox on ${name}`, () => {
    let db: Db;
    let receiver: Receiver;
    beforeEach(async () => {
      db = getDb();
      await db.exec('truncate public.leads, public.leads_outbox, public.leads_settings restart identity');
      receiver = await startReceiver();
    });
    afterEach(() => receiver.close());

    const channels = (): AlertChannels => ({
      forward: { url: `${receiver.url}/formsubmit/owner@shop.in` },
      telegram: { token: TOKEN, chatId: '424242', apiUrl: receiver.url },
      webhook: { url: `${receiver.url}/hook`, secret: SECRET },
    });
    const outboxOn = (on: Db, o: Partial<OutboxOptions> = {}) => createOutbox({ say, query: on.query, channels: channels(), siteOrigin: SITE, ...o });

    it('sends each lead as it was stored: the form to the form service, a Telegram message, a signed webhook', async () => {
      const deferred: Promise<unknown>[] = [];
      const outbox = outboxOn(db);
      const h = makeLeadsHandler(db, {}, deferred, undefined, outbox);
      // Valid, and unusual: a space at each end of the name, brackets in the phone, CR LF and a tab in the message.
      const sent = { ...QUOTE, name: ' Asha  Verma ', phone: '+(91) (98290) (12345)', message: 'No picture.\r\n\tSound OK =1+1' };
      expect((await h(postForm(form(sent)))).status).toBe(303);
      await Promise.all(deferred);
      const by = (path: string) => receiver.received.filter((r) => r.path.startsWith(path));
      expect(receiver.received).toHaveLength(3);

      expect(Object.fromEntries(new URLSearchParams(by('/formsubmit/')[0]!.body))).toEqual(sent);

      const telegram = by(`/bot${TOKEN}/sendMessage`);
      expect(telegram).toHaveLength(1);
      const message = JSON.parse(telegram[0]!.body) as { chat_id: string; text: string };
      expect(message.chat_id).toBe('424242');
      expect(message.text).toContain(
        [say('alert.quote'), say('alert.name', { name: sent.name }), say('alert.phone', { phone: sent.phone }), say('alert.email', { email: sent.email })].join('\n'),
      );
      // The message quoted line by line: none of its lines reads as a line of the alert.
      expect(message.text).toContain('\n\n│ No picture.\n│ \tSound OK =1+1\n\n');

      const [hook] = by('/hook');
      expect(verifyWebhook(SECRET, hook!)).toBe(true);
      expect(verifyWebhook('another-secret-0123456789', hook!)).toBe(false);
      const key = String((await db.query(`select idempotency_key::text as key from public.leads_outbox where channel = 'webhook'`))[0]!.key);
      expect(hook!.headers['idempotency-key']).toBe(key);
      const body = JSON.parse(hook!.body) as { type: string; id: string; lead: Record<string, unknown>; text: string; dashboard: string };
      expect(body).toMatchObject({ type: 'lead.created', id: key, dashboard: `${SITE}/analytics`, text: message.text });
      expect(body.lead).toMatchObject({ kind: 'quote', name: sent.name, phone: sent.phone, email: sent.email, message: sent.message, subject: sent.subject, page_path: '/contact' });

      expect(await db.query('select channel, status, attempts, last_error from public.leads_outbox order by channel')).toEqual([
        { channel: 'forward', status: 'sent', attempts: 1, last_error: null },
        { channel: 'telegram', status: 'sent', attempts: 1, last_error: null },
        { channel: 'webhook', status: 'sent', attempts: 1, last_error: null },
      ]);
    });

    it('a newsletter sign-up goes to the form service and the webhook, not to the phone', async () => {
      const deferred: Promise<unknown>[] = [];
      const h = makeLeadsHandler(db, {}, deferred, undefined, outboxOn(db));
      expect((await h(postForm(form({ email: 'reader@gmail.com' })))).status).toBe(200);
      await Promise.all(deferred);
      expect(receiver.received.map((r) => r.path).sort()).toEqual(['/formsubmit/owner@shop.in', '/hook']);
    });

    it('retries a failing receiver with growing waits and one idempotency key, and the dashboard warns after 10 minutes', async () => {
      const clock = testClock();
      receiver.setMode(502, 2);
      const deferred: Promise<unknown>[] = [];
      const outbox = createOutbox({ say, query: db.query, channels: { webhook: channels().webhook }, now: clock.now });
      const h = makeLeadsHandler(db, {}, deferred, clock.now, outbox);
      await h(postForm(form(QUOTE)));
      await Promise.all(deferred);
      expect(await deliveries(db)).toEqual([{ channel: 'webhook', status: 'pending', attempts: 1, last_error: 'HTTP 502', next_try: '04:30:10' }]);
      await outbox.drain(); // not due yet: nothing is sent
      expect(receiver.received).toHaveLength(1);
      clock.advance(10_000);
      await outbox.drain();
      expect(await deliveries(db)).toEqual([{ channel: 'webhook', status: 'pending', attempts: 2, last_error: 'HTTP 502', next_try: '04:30:40' }]);

      clock.advance(11 * 60_000);
      const waiting = await readLeads(h);
      expect(waiting.waiting).toEqual([{ channel: 'webhook', count: 1, oldest: '2026-12-18T04:30:00.000Z', last_error: 'HTTP 502' }]);

      await outbox.drain();
      expect(await deliveries(db)).toEqual([{ channel: 'webhook', status: 'sent', attempts: 3, last_error: null, next_try: '04:41:40' }]);
      expect(new Set(receiver.received.map((r) => r.headers['idempotency-key'])).size).toBe(1);
      expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
      expect((await readLeads(h)).waiting).toEqual([]);
    });

    it('waits as long as Telegram asks after a 429', async () => {
      const clock = testClock();
      receiver.setMode(429, 1);
      const outbox = createOutbox({ say, query: db.query, channels: { telegram: channels().telegram }, now: clock.now });
      await storeLead(db, 'telegram');
      await outbox.drain();
      expect(await deliveries(db)).toEqual([
        { channel: 'telegram', status: 'pending', attempts: 1, last_error: 'HTTP 429: Too Many Requests: retry after 42', next_try: '04:30:42' },
      ]);
    });

    it('a server stopped during an attempt records it, and the next start delivers it', async () => {
      const clock = testClock();
      receiver.setMode('hang');
      await storeLead(db, 'webhook');
      const before = outboxOn(db, { now: clock.now });
      const running = before.drain();
      await receiver.waitFor(1);
      await before.stop();
      await running;
      expect(await deliveries(db)).toEqual([{ channel: 'webhook', status: 'pending', attempts: 1, last_error: 'The server stopped during the attempt', next_try: '04:30:10' }]);

      receiver.setMode('ok');
      clock.advance(10_000);
      expect(await outboxOn(db, { now: clock.now }).drain()).toEqual({ delivered: 1, failed: 0 });
      expect(receiver.received).toHaveLength(2);
      expect(receiver.received[0]!.headers['idempotency-key']).toBe(receiver.received[1]!.headers['idempotency-key']);
    });

    it('takes again a delivery claimed by an instance that died, once the claim runs out', async () => {
      const clock = testClock();
      await storeLead(db, 'webhook');
      // The dead instance: it claimed for 30 s and recorded nothing.
      expect(await db.query(CLAIM_DELIVERIES_SQL, [clock.now().toISOString(), 10, 30, 'webhook'])).toHaveLength(1);
      clock.advance(29_000);
      expect(await outboxOn(db, { now: clock.now }).drain()).toEqual({ delivered: 0, failed: 0 });
      clock.advance(2_000);
      expect(await outboxOn(db, { now: clock.now }).drain()).toEqual({ delivered: 1, failed: 0 });
      expect(await deliveries(db)).toMatchObject([{ status: 'sent', attempts: 2 }]);
    });

    it('two instances draining at once make each delivery once', async () => {
      for (let i = 0; i < 40; i++) await storeLead(db, 'webhook', new Date(), `Lead ${i}`);
      const other = second?.() ?? db;
      const [a, b] = await Promise.all([outboxOn(db).drain(), outboxOn(other).drain()]);
      expect(a.delivered + b.delivered).toBe(40);
      expect(receiver.received).toHaveLength(40);
      expect(new Set(receiver.received.map((r) => r.headers['idempotency-key'])).size).toBe(40);
      expect(await db.query(`select status, count(*)::int as n, max(attempts) as most from public.leads_outbox group by status`)).toEqual([{ status: 'sent', n: 40, most: 1 }]);
    });

    it('keeps at most maxOpen deliveries open, however many leads wait', async () => {
      receiver.setMode('hang');
      for (let i = 0; i < 30; i++) await storeLead(db, 'webhook', new Date(), `Lead ${i}`);
      const outbox = outboxOn(db, { maxOpen: 4, timeoutMs: 120_000 });
      const running = outbox.drain();
      await receiver.waitFor(4);
      // Claimed (attempted) so far: the four open ones, and no more while they hang.
      expect(await db.query('select count(*)::int as n from public.leads_outbox where attempts > 0')).toEqual([{ n: 4 }]);
      await outbox.stop();
      await running;
      expect(receiver.received).toHaveLength(4);
      expect(receiver.maxOpenRequests).toBe(4);
    });

    describe('(issue 38, N2) every delivery on its own', () => {
      let telegram: Receiver;
      beforeEach(async () => {
        telegram = await startReceiver('hang');
      });
      afterEach(() => telegram.close());
      const split = (o: Partial<OutboxOptions> = {}) =>
        createOutbox({ say, query: db.query, channels: { telegram: { token: TOKEN, chatId: '424242', apiUrl: telegram.url }, webhook: channels().webhook }, siteOrigin: SITE, timeoutMs: 600_000, stopGraceMs: 0, ...o });
      const named = (r: Receiver, name: string) => r.received.filter((x) => x.body.includes(name));

      it('a hanging channel never delays another channel, nor a later lead on its own channel while it has a free slot', async () => {
        const outbox = split({ maxOpen: 2 });
        await storeLead(db, 'telegram,webhook', new Date(), 'Lead A');
        const first = outbox.drain();
        await Promise.all([receiver.waitFor(1), telegram.waitFor(1)]);
        // Lead A's Telegram message hangs (for ten minutes, its time limit here); lead B comes in.
        await storeLead(db, 'telegram,webhook', new Date(), 'Lead B');
        void outbox.drain();
        await Promise.all([receiver.waitFor(2), telegram.waitFor(2)]);
        expect(named(receiver, 'Lead B')).toHaveLength(1);
        expect(named(telegram, 'Lead B')).toHaveLength(1);
        // Both Telegram messages still hang: nothing waited for them. The cap is reached: lead C's
        // Telegram message waits for a slot, its webhook does not.
        expect(telegram.openRequests()).toBe(2);
        await storeLead(db, 'telegram,webhook', new Date(), 'Lead C');
        void outbox.drain();
        await receiver.waitFor(3);
        expect(named(receiver, 'Lead C')).toHaveLength(1);
        expect(named(telegram, 'Lead C')).toHaveLength(0);
        await outbox.stop();
        await first;
        expect(telegram.maxOpenRequests).toBe(2);
      });

      it('at a stop, deliveries not yet tried stay due and untouched; the next start makes every one', async () => {
        const clock = testClock();
        for (const name of ['Lead 1', 'Lead 2', 'Lead 3', 'Lead 4']) await storeLead(db, 'telegram', new Date(T0), name);
        const before = split({ maxOpen: 1, now: clock.now });
        void before.drain();
        await telegram.waitFor(1);
        await before.stop();
        expect(await deliveries(db)).toEqual([
          { channel: 'telegram', status: 'pending', attempts: 1, last_error: 'The server stopped during the attempt', next_try: '04:30:10' },
          ...Array(3).fill({ channel: 'telegram', status: 'pending', attempts: 0, last_error: null, next_try: '04:30:00' }),
        ]);
        telegram.setMode('ok');
        clock.advance(10_000);
        expect(await split({ now: clock.now }).drain()).toEqual({ delivered: 4, failed: 0 });
        expect((await deliveries(db)).map((d) => d.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
      });

      it('Telegram, which takes no idempotency key: one message at a time while it answers nothing, and the next one says it may repeat', async () => {
        const clock = testClock();
        telegram.setMode('drop');
        for (let i = 1; i <= 8; i++) await storeLead(db, 'telegram', new Date(T0), `Lead ${i}`);
        await split({ maxOpen: 4, now: clock.now }).drain();
        // The first four went at once; once they got no answer, the rest went one by one.
        expect(telegram.received).toHaveLength(8);
        expect(telegram.received.slice(4).map((r) => r.openAtArrival)).toEqual([1, 1, 1, 1]);
        expect(await db.query('select count(*)::int as n from public.leads_outbox where maybe_delivered')).toEqual([{ n: 8 }]);

        telegram.setMode(502, 1);
        clock.advance(10_000);
        await split({ maxOpen: 4, now: clock.now }).drain();
        const texts = telegram.received.slice(8).map((r) => (JSON.parse(r.body) as { text: string }).text);
        expect(texts).toHaveLength(8);
        expect(texts.map((t) => t.split('\n').slice(0, 2))).toEqual(texts.map(() => [say('alert.repeat'), say('alert.quote')]));
        // A refusal is an answer: it sets nothing, and a delivery that was only ever refused says nothing of a repeat.
        await storeLead(db, 'telegram', new Date(T0), 'Lead 9');
        telegram.setMode(502, 1);
        await split({ now: clock.now }).drain();
        clock.advance(10_000);
        await split({ now: clock.now }).drain();
        const last = (JSON.parse(telegram.received.at(-1)!.body) as { text: string }).text;
        expect(last.split('\n').slice(0, 2)).toEqual([say('alert.quote'), say('alert.name', { name: 'Lead 9' })]);
      });
    });

    it('the schedule asks the function only when a delivery is due; its call makes them', async () => {
      const kick = async (at = new Date(T0)) => String((await db.query('select public.leads_outbox_kick($1::timestamptz) as said', [at.toISOString()]))[0]!.said);
      expect(await kick()).toBe('nothing due');
      await storeLead(db, 'webhook', new Date(T0 + 60_000));
      expect(await kick()).toBe('nothing due');
      expect(await kick(new Date(T0 + 60_000))).toBe('1 due; no function_url in public.leads_settings');
      await db.query(`insert into public.leads_settings (name, value) values ('function_url', $1)`, [ENDPOINT]);
      expect(await kick(new Date(T0 + 60_000))).toBe('1 due; pg_net is not installed');
      // pg_net is not packaged for Debian: a function of its signature that records its calls
      // stands in for it here (on Supabase the real one sends the request).
      await db.exec(`create schema net;
        create table net.calls (url text, body jsonb, headers jsonb, timeout_milliseconds integer);
        create function net.http_post(url text, body jsonb default '{}', params jsonb default '{}',
          headers jsonb default '{}', timeout_milliseconds integer default 5000) returns bigint
        language sql as $$ insert into net.calls values (url, body, headers, timeout_milliseconds); select 1::bigint $$;`);
      try {
        expect(await kick(new Date(T0 + 60_000))).toBe(`1 due; asked ${ENDPOINT} to deliver`);
        expect(await db.query('select url, body, headers, timeout_milliseconds from net.calls')).toEqual([
          { url: `${ENDPOINT}?outbox=run`, body: { due: 1, digest: false }, headers: { 'content-type': 'application/json' }, timeout_milliseconds: 30000 },
        ]);
      } finally {
        await db.exec('drop schema net cascade');
      }
      // The call it makes: answered at once, the deliveries made after.
      const deferred: Promise<unknown>[] = [];
      const clock = testClock();
      clock.advance(60_000);
      const h = makeLeadsHandler(db, {}, deferred, clock.now, outboxOn(db, { now: clock.now }));
      const res = await h(new Request(`${ENDPOINT}?outbox=run`, { method: 'POST', body: '{"due":1}', headers: { 'content-type': 'application/json' } }));
      expect([res.status, await res.json()]).toEqual([202, { ok: true }]);
      await Promise.all(deferred);
      expect(receiver.received.map((r) => r.path)).toEqual(['/hook']);
      expect(await kick(new Date(T0 + 60_000))).toBe('nothing due');
    });

    it('the dashboard lists each lead with how its deliveries went', async () => {
      receiver.setMode(502);
      const deferred: Promise<unknown>[] = [];
      const h = makeLeadsHandler(db, {}, deferred, undefined, createOutbox({ say, query: db.query, channels: { forward: channels().forward, webhook: channels().webhook } }));
      await h(postForm(form(QUOTE)));
      await Promise.all(deferred);
      const data: LeadsData = await readLeads(h);
      expect(data.leads[0]).toMatchObject({
        forward_status: 'pending',
        forward_error: 'HTTP 502',
        deliveries: [
          { channel: 'forward', status: 'pending', attempts: 1, last_error: 'HTTP 502' },
          { channel: 'webhook', status: 'pending', attempts: 1, last_error: 'HTTP 502' },
        ],
      });
      const csv = await (await h(new Request(`${ENDPOINT}?format=csv`, { headers: { authorization: `Bearer ${KEY}` } }))).text();
      expect(csv.trim().split('\r\n')[1]).toMatch(/,pending,HTTP 502$/);
    });
  });
}
