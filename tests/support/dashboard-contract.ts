// The dashboard read of a date range and the visitor count (decision 074), on any database: the
// same suite runs on PGlite (tests/unit/dashboard-range.test.ts) and on Debian's PostgreSQL
// (tests/integration/postgres.test.ts). Rows are seeded with SQL at chosen times; the function's
// clock is fixed, so "closed days" (counted once into analytics_daily) are known.

import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '#functions/_shared/db.ts';
import type { DashboardData } from '#functions/_shared/figures.ts';
import { BROWSER_UA, DASHBOARD_KEY, ENDPOINT, makeHandler, ORIGIN, post, session } from './analytics-contract.ts';
import { form, QUOTE } from './hostile-leads.ts';
import { makeLeadsHandler, postForm } from './leads-contract.ts';

/** 2025-07-03 15:45:30 in India. */
const NOW = new Date('2025-07-03T10:15:30.000Z');
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const TABLET_UA = 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
/** Midnight of an India date, as an instant. */
const ist = (day: string, time = '00:00:00') => new Date(`${day}T${time}+05:30`);

async function seed(db: Db) {
  await db.exec('truncate public.user_sessions, public.user_events, public.leads, public.leads_outbox, public.analytics_daily, public.analytics_daily_done, public.analytics_salts restart identity');
  const s = (at: Date, visitor: string, page: string, ua: string, referrer: string, country: string | null, sid: string, ip = '49.36.10.0') =>
    db.query(
      `insert into public.user_sessions (session_id, ip_address, ip_hash, visitor_id, country, page_url, user_agent, referrer, created_at)
       values ($1, $2::inet, $3, $4, $5, $6, $7, $8, $9)`,
      [sid, ip, visitor.padEnd(64, '0'), visitor.padEnd(32, '0'), country, `${ORIGIN}${page}`, ua, referrer, at.toISOString()],
    );
  const e = (at: Date, sid: string, type: string, element: string | null, page: string) =>
    db.query(`insert into public.user_events (session_id, event_type, element_clicked, page_url, "timestamp") values ($1, $2, $3, $4, $5)`, [
      sid, type, element, `${ORIGIN}${page}`, at.toISOString(),
    ]);
  // This week (28 Jun – 3 Jul, India): visitor a reloads the Mansarovar page from a Google ad (two
  // session records, one visitor), then taps the phone number; b on a phone from Facebook; c on a
  // tablet typing the address; d came today and sent a quote from /contact.
  await s(ist('2025-07-01', '09:00:00'), 'a', '/tv-repair-mansarovar?utm_source=Google&utm_medium=cpc&utm_campaign=monsoon+sale', BROWSER_UA, 'https://www.google.com/', 'IN', 's_a1');
  await s(ist('2025-07-01', '09:00:05'), 'a', '/tv-repair-mansarovar?utm_source=Google&utm_medium=cpc&utm_campaign=monsoon+sale', BROWSER_UA, 'https://www.google.com/', 'IN', 's_a2');
  await e(ist('2025-07-01', '09:00:00'), 's_a1', 'page_view', null, '/tv-repair-mansarovar?utm_source=Google');
  await e(ist('2025-07-01', '09:00:05'), 's_a2', 'page_view', null, '/tv-repair-mansarovar?utm_source=Google');
  await e(ist('2025-07-01', '09:01:00'), 's_a2', 'click', 'tel:+919000000001', '/tv-repair-mansarovar?utm_source=Google');
  await s(ist('2025-07-02', '23:59:00'), 'b', '/', PHONE_UA, 'https://m.facebook.com/', 'IN', 's_b', '2.2.2.0');
  await e(ist('2025-07-02', '23:59:00'), 's_b', 'page_view', null, '/');
  // b's WhatsApp tap is after midnight: today, but its session (and source) is from yesterday.
  await e(ist('2025-07-03', '00:01:00'), 's_b', 'click', 'whatsapp', '/services#audio-problems');
  await e(ist('2025-07-03', '00:00:30'), 's_b', 'page_view', null, '/services');
  await s(ist('2025-07-03', '08:00:00'), 'c', '/services', TABLET_UA, '', 'US', 's_c', '8.8.8.0');
  await e(ist('2025-07-03', '08:00:00'), 's_c', 'page_view', null, '/services');
  await s(ist('2025-07-03', '09:00:00'), 'd', '/contact', BROWSER_UA, `${ORIGIN}/services`, null, 's_d', '2.2.2.0');
  await db.query(`insert into public.leads (kind, name, email, phone, message, page_path, source, created_at) values
    ('quote', 'Asha', 'asha@gmail.com', '9829012345', 'No picture', '/contact', 'google', $1),
    ('newsletter', null, 'n@gmail.com', null, null, '/blog', null, $1)`, [ist('2025-07-03', '09:05:00').toISOString()]);
  // The week before (21 – 27 Jun): one visitor, one page load; and one row long before.
  await s(ist('2025-06-25', '12:00:00'), 'e', '/', BROWSER_UA, '', 'IN', 's_e');
  await e(ist('2025-06-25', '12:00:00'), 's_e', 'page_view', null, '/');
  await s(ist('2025-05-01', '12:00:00'), 'f', '/about', BROWSER_UA, '', 'IN', 's_f');
}

export function describeDashboardContract(name: string, getDb: () => Db): void {
  describe(`the dashboard read of a date range on ${name}`, () => {
    let db: Db;
    beforeEach(async () => {
      db = getDb();
      await seed(db);
    });

    const get = (query: string, now = NOW) =>
      makeHandler(db, {}, () => now)(new Request(`${ENDPOINT}${query}`, { headers: { authorization: `Bearer ${DASHBOARD_KEY}` } }));
    const read = async (from: Date, to: Date, now = NOW) => {
      const res = await get(`?from=${from.toISOString()}&to=${to.toISOString()}`, now);
      expect(res.status).toBe(200);
      return (await res.json()) as DashboardData;
    };
    const week = () => read(ist('2025-06-27'), NOW);

    it('gives every figure of the range and of the same period just before', async () => {
      const data = await week();
      expect(data.range).toEqual({ from: ist('2025-06-27').toISOString(), to: NOW.toISOString() });
      expect(data.previous).toEqual({ from: ist('2025-06-20').toISOString(), to: ist('2025-06-26', '15:45:30').toISOString() });
      expect(data.totals).toEqual({ visitors: 4, sessions: 5, events: 7, uniqueIps: 4, pageViews: 5 });
      expect(data.previousTotals).toEqual({ visitors: 1, sessions: 1, events: 1, uniqueIps: 1, pageViews: 1 });
      expect(data.perDay).toEqual([
        { day: '2025-07-01', visitors: 1, sessions: 2, events: 3, calls: 1, whatsapp: 0, forms: 0 },
        { day: '2025-07-02', visitors: 1, sessions: 1, events: 1, calls: 0, whatsapp: 0, forms: 0 },
        { day: '2025-07-03', visitors: 2, sessions: 2, events: 3, calls: 0, whatsapp: 1, forms: 1 },
      ]);
      expect(data.top.page).toEqual([
        { key: '/services', count: 2 },
        { key: '/tv-repair-mansarovar', count: 2 },
        { key: '/', count: 1 },
      ]);
      expect(data.top.entry).toEqual([
        { key: '/tv-repair-mansarovar', count: 2 },
        { key: '/', count: 1 },
        { key: '/contact', count: 1 },
        { key: '/services', count: 1 },
      ]);
      // A visit from the site's own page is not a source; "www." is dropped.
      expect(data.top.source).toEqual([
        { key: '(direct)', count: 2 },
        { key: 'google.com', count: 2 },
        { key: 'm.facebook.com', count: 1 },
      ]);
      expect(data.top.utm_source).toEqual([{ key: 'google', count: 2 }]);
      expect(data.top.utm_medium).toEqual([{ key: 'cpc', count: 2 }]);
      expect(data.top.utm_campaign).toEqual([{ key: 'monsoon sale', count: 2 }]);
      expect(data.top.device).toEqual([
        { key: 'desktop', count: 3 },
        { key: 'mobile', count: 1 },
        { key: 'tablet', count: 1 },
      ]);
      expect(data.topCountries).toEqual([
        { country: 'IN', count: 3 },
        { country: 'US', count: 1 },
      ]);
      expect(data.leadsByPage).toEqual([
        { key: '/contact', calls: 0, whatsapp: 0, forms: 1 },
        { key: '/services', calls: 0, whatsapp: 1, forms: 0 },
        { key: '/tv-repair-mansarovar', calls: 1, whatsapp: 0, forms: 0 },
      ]);
      expect(data.leadsBySource).toEqual([
        { key: 'google', calls: 1, whatsapp: 0, forms: 1 },
        { key: 'm.facebook.com', calls: 0, whatsapp: 1, forms: 0 },
      ]);
      expect(data.sessions.map((s) => s.session_id)).toEqual(['s_d', 's_c', 's_b', 's_a2', 's_a1']);
      expect(data.sessions.map((s) => s.device)).toEqual(['desktop', 'tablet', 'mobile', 'desktop', 'desktop']);
      expect(data.events).toHaveLength(7);
    });

    it('counts each closed day once, and gives the same figures as reading every row', async () => {
      const counted = await week();
      expect((await db.query('select to_char(day, $1) as day from public.analytics_daily_done order by day', ['YYYY-MM-DD'])).map((r) => r.day)).toEqual([
        '2025-06-20', '2025-06-21', '2025-06-22', '2025-06-23', '2025-06-24', '2025-06-25', '2025-06-27', '2025-06-28', '2025-06-29', '2025-06-30', '2025-07-01', '2025-07-02',
      ]);
      // The same range read by a clock at its start, when none of its days had closed: all from the rows.
      const fromRows = await read(ist('2025-06-27'), NOW, ist('2025-06-20'));
      expect(fromRows).toEqual(counted);
      expect(await week()).toEqual(counted);
    });

    it('follows a custom range of whole days, and "today" against yesterday up to the same time', async () => {
      const july1 = await read(ist('2025-07-01'), ist('2025-07-02'));
      expect(july1.totals).toEqual({ visitors: 1, sessions: 2, events: 3, uniqueIps: 1, pageViews: 2 });
      expect(july1.previous.from).toBe(ist('2025-06-30').toISOString());
      expect(july1.sessions.map((s) => s.session_id)).toEqual(['s_a2', 's_a1']);
      const today = await read(ist('2025-07-03'), NOW);
      expect(today.totals).toEqual({ visitors: 2, sessions: 2, events: 3, uniqueIps: 2, pageViews: 2 });
      expect(today.previous).toEqual({ from: ist('2025-07-02').toISOString(), to: ist('2025-07-02', '15:45:30').toISOString() });
      expect(today.previousTotals).toEqual({ visitors: 0, sessions: 0, events: 0, uniqueIps: 0, pageViews: 0 });
      const empty = await read(ist('2020-01-01'), ist('2020-01-03'));
      expect(empty.totals).toEqual({ visitors: 0, sessions: 0, events: 0, uniqueIps: 0, pageViews: 0 });
      expect([empty.perDay, empty.top.page, empty.sessions, empty.topCountries]).toEqual([[], [], [], []]);
    });

    it('refuses a bad range or format with 400 and the reason, and a read without the key with 401', async () => {
      for (const q of ['?from=2025-07-03T00:00:00Z&to=2025-07-01T00:00:00Z', '?from=yesterday', '?from=2024-01-01T00:00:00Z&to=2025-07-01T00:00:00Z']) {
        const res = await get(q);
        expect([q, res.status, await res.json()]).toEqual([q, 400, { error: 'from and to must be ISO times such as 2026-11-01T00:00:00Z (or +05:30) in the years 2000 to 9998, from before to, at most 400 days apart' }]);
      }
      const xml = await get('?format=xml');
      expect([xml.status, await xml.json()]).toEqual([400, { error: 'format must be csv, or left out for JSON' }]);
      expect((await makeHandler(db, {}, () => NOW)(new Request(ENDPOINT))).status).toBe(401);
    });

    it('exports the events of the range as CSV, newest first, times in India', async () => {
      await db.query(`insert into public.user_events (session_id, event_type, element_clicked, page_url, "timestamp") values ('s_x', 'click', '=cmd|x', $1, $2)`, [
        `${ORIGIN}/contact`, ist('2025-07-02', '10:00:00').toISOString(),
      ]);
      const res = await get(`?from=${ist('2025-07-02').toISOString()}&to=${ist('2025-07-03').toISOString()}&format=csv`);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="events-2025-07-02-2025-07-02.csv"');
      expect((await res.text()).split('\r\n')).toEqual([
        'time_ist,event_type,element_clicked,page_path,page_url,session_id,ip_network',
        `2025-07-02 23:59:00,page_view,,/,${ORIGIN}/,s_b,`,
        `2025-07-02 10:00:00,click,'=cmd|x,/contact,${ORIGIN}/contact,s_x,`,
        '',
      ]);
    });
  });

  describe(`visitors by a daily salted hash on ${name}`, () => {
    let db: Db;
    beforeEach(async () => {
      db = getDb();
      await db.exec('truncate public.user_sessions, public.user_events, public.leads, public.leads_outbox, public.analytics_daily, public.analytics_daily_done, public.analytics_salts restart identity');
    });
    const visit = (h: ReturnType<typeof makeHandler>, ip: string, ua = BROWSER_UA, page = `${ORIGIN}/services`) =>
      h(post(session({ userAgent: ua, pageUrl: page }), { 'x-forwarded-for': ip, 'user-agent': ua }));

    it('one person reloading is one visitor, while every page load keeps its session record', async () => {
      const h = makeHandler(db, {}, () => NOW);
      for (let i = 0; i < 3; i++) expect((await visit(h, '49.36.10.77')).status).toBe(201);
      await visit(h, '49.36.10.77', PHONE_UA); // another device behind the same address
      await visit(h, '49.36.10.99'); // same /24 network, another address
      const rows = await db.query('select visitor_id from public.user_sessions order by id');
      expect(rows).toHaveLength(5);
      expect(rows.every((r) => /^[0-9a-f]{32}$/.test(String(r.visitor_id)))).toBe(true);
      expect(new Set(rows.map((r) => r.visitor_id)).size).toBe(3);
      const data = (await (await h(new Request(`${ENDPOINT}?from=${ist('2025-07-03').toISOString()}&to=${ist('2025-07-04').toISOString()}`, { headers: { authorization: `Bearer ${DASHBOARD_KEY}` } }))).json()) as DashboardData;
      expect(data.totals).toMatchObject({ visitors: 3, sessions: 5 });
    });

    it('uses a new random salt each day in India, and deletes the old one', async () => {
      await visit(makeHandler(db, {}, () => NOW), '49.36.10.77');
      const [day1] = await db.query(`select to_char(day, 'YYYY-MM-DD') as day, salt from public.analytics_salts`);
      expect(day1).toEqual({ day: '2025-07-03', salt: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const tomorrow = new Date(NOW.getTime() + 86_400_000);
      await visit(makeHandler(db, {}, () => tomorrow), '49.36.10.77');
      const salts = await db.query(`select to_char(day, 'YYYY-MM-DD') as day, salt from public.analytics_salts`);
      expect(salts).toEqual([{ day: '2025-07-04', salt: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
      expect(salts[0]!.salt).not.toBe(day1!.salt);
      const ids = await db.query('select visitor_id from public.user_sessions order by id');
      expect(ids[0]!.visitor_id).not.toBe(ids[1]!.visitor_id);
    });

    it('gives a form lead the source of the visit the sender arrived by that day', async () => {
      const h = makeHandler(db, {}, () => NOW);
      await h(post(session({ pageUrl: `${ORIGIN}/services?utm_source=newsletter`, referrer: 'https://mail.google.com/' }), { 'x-forwarded-for': '49.36.10.77' }));
      await h(post(session({ pageUrl: `${ORIGIN}/contact`, referrer: `${ORIGIN}/services` }), { 'x-forwarded-for': '49.36.10.77' }));
      await h(post(session({ pageUrl: `${ORIGIN}/`, referrer: 'https://www.bing.com/' }), { 'x-forwarded-for': '2.2.2.2' }));
      const leads = makeLeadsHandler(db, { clientAddress: { trustedProxies: ['10.0.0.0/8'] } }, [], () => NOW);
      const send = (ip: string) => leads(postForm(form(QUOTE), { 'x-forwarded-for': ip, 'user-agent': BROWSER_UA }), { remoteAddress: '10.0.0.2' });
      expect((await send('49.36.10.77')).status).toBe(303);
      expect((await send('49.36.99.1')).status).toBe(303); // never seen by the tracker
      expect(await db.query('select source from public.leads order by id')).toEqual([{ source: 'newsletter' }, { source: null }]);
    });
  });
}
