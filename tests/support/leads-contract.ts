// What the leads function must do on any database: the same suite runs on PGlite (unit) and on a
// real PostgreSQL (integration).

import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '#functions/_shared/db.ts';
import type { FunctionHandler } from '#functions/_shared/http.ts';
import { createLeadsHandler, type LeadsConfig, type LeadsData } from '#functions/_shared/leads-handler.ts';
import type { FunctionsContent } from '#functions/_shared/content.ts';
import type { Outbox } from '#functions/_shared/outbox.ts';
import { say, TV_SHOP } from './functions-content.ts';
import { CONTACT, FORM_TYPE, form, hostileLeads, QUOTE, SERVICE_REQUEST } from './hostile-leads.ts';

export const SITE = 'https://tv-repair.example';
export const KEY = 'dashboard-key-for-tests-0123456789';
export const ENDPOINT = 'https://project.example/functions/v1/leads';

export function makeLeadsHandler(
  db: Db,
  config: Partial<LeadsConfig> = {},
  deferred: Promise<unknown>[] = [],
  now?: () => Date,
  outbox?: Outbox,
  content: FunctionsContent = TV_SHOP,
): FunctionHandler {
  return createLeadsHandler({
    query: db.query,
    content,
    now,
    outbox,
    defer: (p) => deferred.push(p),
    logError: () => {},
    config: {
      allowedOrigins: [SITE],
      dashboardKey: KEY,
      hmacSecret: 'hmac-secret-for-tests',
      thankYouUrl: `${SITE}/thank-you`,
      siteOrigin: SITE,
      ...config,
    },
  });
}

export const postForm = (body: string | Uint8Array, headers: Record<string, string> = {}) =>
  new Request(ENDPOINT, {
    method: 'POST',
    body: body as BodyInit,
    headers: { 'content-type': FORM_TYPE, origin: SITE, referer: `${SITE}/contact`, ...headers },
  });

export const readLeads = async (h: FunctionHandler, query = '') =>
  (await (await h(new Request(`${ENDPOINT}${query}`, { headers: { authorization: `Bearer ${KEY}` } }))).json()) as LeadsData;

const count = async (db: Db) => Number((await db.query('select count(*)::int as n from public.leads'))[0]!.n);

export function describeLeadsContract(name: string, getDb: () => Db): void {
  describe(`leads function on ${name}`, () => {
    let db: Db;
    beforeEach(async () => {
      db = getDb();
      await db.exec('truncate public.leads, public.leads_outbox restart identity');
    });

    it('stores each form once and sends the browser to /thank-you with a 303', async () => {
      const h = makeLeadsHandler(db);
      for (const fields of [QUOTE, CONTACT, SERVICE_REQUEST]) {
        const res = await h(postForm(form(fields)));
        expect([res.status, res.headers.get('location')]).toEqual([303, `${SITE}/thank-you`]);
      }
      const rows = await db.query('select kind, name, phone, email, service, service_type, area, message, brand_name, page_path from public.leads order by id');
      // As sent: the contact message keeps the CR LF a browser sends for a line break.
      expect(rows).toEqual([
        { kind: 'quote', name: 'Asha Verma', phone: '+91 98290 12345', email: 'asha.verma@gmail.com', service: null, service_type: null, area: null, message: QUOTE.message, brand_name: null, page_path: '/contact' },
        { kind: 'contact', name: 'Ravi Meena', phone: '09829012345', email: 'ravi@yahoo.co.in', service: 'Power Supply Issues', service_type: null, area: null, message: 'LG TV does not turn on.\r\nRed light blinks.', brand_name: null, page_path: '/contact' },
        { kind: 'service-request', name: 'Meera Joshi', phone: '9829012345', email: 'meera@outlook.com', service: null, service_type: 'ac', area: 'Vaishali Nagar', message: 'AC cools poorly.', brand_name: 'Samsung', page_path: '/contact' },
      ]);
      // No channel configured: no deliveries.
      expect(await db.query('select count(*)::int as n from public.leads_outbox')).toEqual([{ n: 0 }]);
    });

    it('stores a newsletter sign-up and acknowledges it: a page without JavaScript, JSON for fetch', async () => {
      const h = makeLeadsHandler(db);
      const page = await h(postForm(form({ email: 'reader@gmail.com', _honey: '' })));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(say('page.subscribed'));
      const fetched = await h(postForm(form({ email: 'second@gmail.com' }), { accept: 'application/json' }));
      expect([fetched.status, await fetched.json()]).toEqual([201, { ok: true }]);
      expect(await db.query(`select kind, email from public.leads order by id`)).toEqual([
        { kind: 'newsletter', email: 'reader@gmail.com' },
        { kind: 'newsletter', email: 'second@gmail.com' },
      ]);
    });

    for (const c of hostileLeads()) {
      it(`${c.name}: ${c.status}, nothing stored`, async () => {
        const res = await makeLeadsHandler(db)(postForm(c.body, c.headers));
        expect(res.status).toBe(c.status);
        if (c.status !== 303) expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        expect(await count(db)).toBe(0);
      });
    }

    it('answers bad input with a page that names the problem and keeps what the visitor typed, escaped', async () => {
      const res = await makeLeadsHandler(db)(postForm(form({ ...QUOTE, name: '<b>Asha</b>', phone: 'abc' })));
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain(say('page.check'));
      expect(html).toContain(say('rules.phone'));
      expect(html).toContain('value="&lt;b&gt;Asha&lt;/b&gt;"');
      expect(html).toContain('value="asha.verma@gmail.com"');
      expect(html).toContain('<input type="hidden" name="subject" value="New Quote Request from Website">');
      expect(html).not.toContain('<b>Asha</b>');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    });

    it('limits each client: the 21st form in a burst gets 429', async () => {
      // On a clock that stands still: the bucket refills at one a minute, whatever the machine's speed.
      const at = new Date();
      const h = makeLeadsHandler(db, {}, [], () => at);
      const statuses = [];
      for (let i = 0; i < 21; i++) statuses.push((await h(postForm(form(QUOTE)), { remoteAddress: '203.0.113.9' })).status);
      expect(statuses.slice(0, 20).every((s) => s === 303)).toBe(true);
      expect(statuses[20]).toBe(429);
      expect(await count(db)).toBe(20);
    });

    describe('the dashboard read', () => {
      it('counts phone and WhatsApp taps as leads, per day and per page', async () => {
        await db.exec('truncate public.user_events restart identity');
        const click = (element: string, page: string) =>
          db.query(`insert into public.user_events (session_id, event_type, element_clicked, page_url, "timestamp") values ('session_1_x', 'click', $1, $2, now())`, [element, page]);
        await click('tel:+919000000001', `${SITE}/tv-repair-mansarovar?utm_source=google`);
        await click('tel:+919000000001', `${SITE}/`);
        await click('whatsapp', `${SITE}/tv-repair-mansarovar#top`);
        await click('a:/services', `${SITE}/`);
        const data = await readLeads(makeLeadsHandler(db));
        expect(data.perDay.map((d) => [d.kind, d.count])).toEqual([
          ['call', 2],
          ['whatsapp', 1],
        ]);
        expect(data.perPage).toEqual([
          { page: '/tv-repair-mansarovar', count: 2 },
          { page: '/', count: 1 },
        ]);
        await db.exec('truncate public.user_events restart identity');
      });

      it('needs the dashboard key', async () => {
        const res = await makeLeadsHandler(db)(new Request(ENDPOINT));
        expect(res.status).toBe(401);
      });

      it('gives the leads of a range per day (IST) and per page, and a CSV that a spreadsheet reads as text', async () => {
        const h = makeLeadsHandler(db);
        await h(postForm(form({ ...QUOTE, name: '=HYPERLINK("x")' })));
        await h(postForm(form(CONTACT), { referer: `${SITE}/samsung-tv-repair` }));
        const data = await readLeads(h);
        expect(data.leads.map((l) => l.kind)).toEqual(['contact', 'quote']);
        expect(data.perDay.map((d) => [d.kind, d.count])).toEqual([
          ['contact', 1],
          ['quote', 1],
        ]);
        expect(data.perPage).toEqual([
          { page: '/contact', count: 1 },
          { page: '/samsung-tv-repair', count: 1 },
        ]);
        const empty = await readLeads(h, '?from=2020-01-01T00:00:00Z&to=2020-01-02T00:00:00Z');
        expect(empty.leads).toEqual([]);
        const csv = await (await h(new Request(`${ENDPOINT}?format=csv`, { headers: { authorization: `Bearer ${KEY}` } }))).text();
        const lines = csv.trim().split('\r\n');
        expect(lines[0]).toBe('created_at,kind,name,phone,email,service,service_type,area,brand_name,message,page_path,source,forward_status,forward_error');
        // Two rows (one message holds a quoted CR LF of its own).
        expect(lines.filter((l) => /^\d{4}-\d\d-\d\dT/.test(l))).toHaveLength(2);
        expect(csv).toContain(',"LG TV does not turn on.\r\nRed light blinks.",');
        expect(csv).toContain(`,quote,"'=HYPERLINK(""x"")",`);
      });
    });
  });
}

/** anon and authenticated can neither read nor write public.leads. */
export function describeLeadsRowLevelSecurity(name: string, getDb: () => Db): void {
  describe(`leads row level security on ${name}`, () => {
    for (const role of ['anon', 'authenticated']) {
      it(`${role} can neither read nor write leads`, async () => {
        const db = getDb();
        const asRole = (sql: string) =>
          db.transaction(async (tx) => {
            await tx.exec(`set local role ${role}`);
            return tx.query(sql);
          });
        await expect(asRole('select * from public.leads')).rejects.toThrow(/permission denied/);
        await expect(asRole(`insert into public.leads (kind, email) values ('newsletter', 'a@b.in')`)).rejects.toThrow(/permission denied/);
        const relrowsecurity = (await db.query(`select relrowsecurity from pg_class where relname = 'leads'`))[0]!.relrowsecurity;
        expect(relrowsecurity).toBe(true);
      });
    }
  });
}
