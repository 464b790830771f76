// Issue 38 (the owner's channel), through the real Node server: the app `site start` serves
// (createApp + createNodeFunctions on the run's migrated PGlite, @hono/node-server on a free port),
// forms posted over HTTP, and the alerts arriving over HTTP at two stand-ins on 127.0.0.1, one for
// Telegram's Bot API and one for the owner's webhook (tests/support/receiver.ts).

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { form, FORM_TYPE, QUOTE } from '../support/hostile-leads.ts';
import { startFunctionsServer, type FunctionsServer } from '../support/functions-server.ts';
import type { Receiver } from '../support/receiver.ts';
import { TV_SHOP } from '../support/functions-content.ts';

const TOKEN = '123456:leads-over-http';
const KEY = 'leads-over-http-dashboard-key-0123';
const SECRET = 'leads-over-http-webhook-secret-0123';

let running: FunctionsServer;
let telegram: Receiver;
let hook: Receiver;
let base: string;
let client = 0;

beforeAll(async () => {
  running = await startFunctionsServer(({ telegram, hook }) => ({
    allowedOrigins: ['http://site.test'],
    dashboardKey: KEY,
    hmacSecret: 'leads-over-http-hmac',
    trustedProxies: ['loopback'],
    content: TV_SHOP,
    leads: {
      alerts: { telegram: { token: TOKEN, chatId: '4242', apiUrl: telegram.url }, webhook: { url: `${hook.url}/hook`, secret: SECRET } },
      // An attempt that hangs stays open for the whole test: what waits for it cannot go on meanwhile.
      outbox: { maxOpen: 2, timeoutMs: 600_000, stopGraceMs: 0 },
      pollMs: 600_000,
    },
  }));
  ({ telegram, hook, base } = running);
});

afterAll(() => running?.close());

beforeEach(() => {
  telegram.setMode('ok');
  hook.setMode('ok');
});

/** Posts a form as a browser on the site would, from a client address of its own (rate limits). */
async function post(fields: Record<string, string>, accept = 'text/html') {
  const c = ++client;
  const res = await fetch(`${base}/functions/v1/leads`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': FORM_TYPE, origin: 'http://site.test', referer: 'http://site.test/contact', accept, 'x-forwarded-for': `49.37.${c >> 8}.${c & 255}` },
    body: form(fields),
  });
  return { status: res.status, body: await res.text() };
}

const textOf = (r: { body: string }) => (JSON.parse(r.body) as { text: string }).text;
const byName = (r: Receiver, name: string) => r.received.filter((x) => x.body.includes(name));

describe('(38 N2) alerts over HTTP, every delivery on its own', () => {
  it('with Telegram hanging, each new lead\'s webhook alert goes out at once, and Telegram keeps to its cap', async () => {
    telegram.setMode('hang');
    const [tg0, hook0] = [telegram.received.length, hook.received.length];
    expect((await post({ ...QUOTE, name: 'Hang One' })).status).toBe(303);
    await Promise.all([telegram.waitFor(tg0 + 1), hook.waitFor(hook0 + 1)]);
    // Lead one's Telegram message hangs (its time limit here is ten minutes). Leads two and three:
    // their webhooks arrive while it hangs; Telegram gets lead two (its second slot), not three.
    for (const [i, name] of ['Hang Two', 'Hang Three'].entries()) {
      expect((await post({ ...QUOTE, name })).status).toBe(303);
      await hook.waitFor(hook0 + 2 + i);
      expect(byName(hook, name)).toHaveLength(1);
    }
    expect(telegram.openRequests()).toBe(2);
    expect(byName(telegram, 'Hang Three')).toHaveLength(0);
    expect(byName(telegram, 'Hang One')).toHaveLength(1);
    // Telegram answers again: the slot freed is taken by lead three's message at once.
    telegram.setMode('ok');
    telegram.releaseHanging();
    await telegram.waitFor(tg0 + 3);
    expect(byName(telegram, 'Hang Three').map((r) => r.answered)).toEqual([200]);
  });
});

describe('(38 N7) the schedule\'s call', () => {
  it('POST ?outbox=run without a key answers that it will run, and nothing about the channels', async () => {
    const res = await fetch(`${base}/functions/v1/leads?outbox=run`, { method: 'POST', headers: { 'x-forwarded-for': '49.38.0.1' } });
    expect(res.status).toBe(202);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ ok: true });
    for (const channel of ['telegram', 'webhook', 'forward']) expect(body).not.toContain(channel);
  });
});

const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

describe('(38 N5) a lead\'s own text in the alert', () => {
  it('its line breaks make no line that reads as the alert\'s own, and bidi controls show as escapes; the lead is stored as sent', async () => {
    const sent = {
      ...QUOTE,
      name: 'Asha\u202e 00001 Verma',
      message: 'No picture.\r\nNew quote request\r\nName: Boss\nPhone: +91 90000 00000\u2028E-mail: boss@evil.example\u2029\rFrom /admin \u2066x\u2069',
    };
    const [tg0, hook0] = [telegram.received.length, hook.received.length];
    expect((await post(sent)).status).toBe(303);
    await Promise.all([telegram.waitFor(tg0 + 1), hook.waitFor(hook0 + 1)]);
    const text = textOf(telegram.received[tg0]!);
    const lines = text.split('\n');
    // Every line of the message is there, quoted, in order; no line outside the quote holds any of it.
    const own = lines.filter((l) => !l.startsWith('│ '));
    const quotedLines = lines.filter((l) => l.startsWith('│ '));
    expect(quotedLines).toEqual(['│ No picture.', '│ New quote request', '│ Name: Boss', '│ Phone: +91 90000 00000', '│ E-mail: boss@evil.example', '│ ', '│ From /admin [U+2066]x[U+2069]']);
    for (const l of own) expect(l, l).not.toMatch(/Boss|evil\.example|90000|\/admin/);
    // Only the line break characters make lines: no CR, U+2028 or U+2029 is left to make one in a client.
    expect(text).not.toMatch(/[\r\u2028\u2029\u0085]/u);
    // The name shows its bidi control written out, on one line of its own; no bidi control is left anywhere.
    expect(own.filter((l) => l.includes('Asha'))).toEqual([expect.stringContaining('Asha[U+202E] 00001 Verma')]);
    expect(text).not.toMatch(BIDI);
    // The webhook carries the same text, and the lead as sent; the stored lead is as sent.
    const hookBody = JSON.parse(hook.received[hook0]!.body) as { text: string; lead: { name: string; message: string } };
    expect(hookBody.text).toBe(text);
    expect([hookBody.lead.name, hookBody.lead.message]).toEqual([sent.name, sent.message]);
    const read = await fetch(`${base}/functions/v1/leads`, { headers: { authorization: `Bearer ${KEY}`, 'x-forwarded-for': '49.38.0.2' } });
    const stored = ((await read.json()) as { leads: { name: string; message: string }[] }).leads.find((l) => l.name === sent.name);
    expect(stored?.message).toBe(sent.message);
  });
});

describe('(38 N6) a name or a message that shows nothing', () => {
  const blanks = { NBSP: '\u00a0', 'zero-width space': '\u200b', 'ideographic space': '\u3000', 'NBSP, ZWSP and U+3000': '\u00a0\u200b\u3000', 'word joiner and BOM': '\u2060\ufeff', 'tag characters': '\u{e0041}\u{e0042}', 'Hangul filler': '\u3164', 'a tab and a line break': '\t\r\n' };
  for (const [what, blank] of Object.entries(blanks)) {
    for (const field of ['name', 'message'] as const) {
      if (field === 'name' && /[\t\r\n]/.test(blank)) continue; // a control: refused for that already
      it(`a ${field} of only ${what} is refused with a 400 that names it; nothing is stored`, async () => {
        const before = hook.received.length;
        const res = await post({ ...QUOTE, email: `blank.${field}@gmail.com`, [field]: blank }, 'application/json');
        expect(res.status).toBe(400);
        expect((JSON.parse(res.body) as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual([field]);
        const read = await fetch(`${base}/functions/v1/leads`, { headers: { authorization: `Bearer ${KEY}`, 'x-forwarded-for': '49.38.0.3' } });
        expect(((await read.json()) as { leads: { email: string }[] }).leads.filter((l) => l.email === `blank.${field}@gmail.com`)).toEqual([]);
        expect(hook.received.length).toBe(before);
      });
    }
  }
});

describe('(38, item 4) the phone rule\'s limits, in the function', () => {
  // The limits themselves, not the rule's text: 10 to 13 digits, however they are written.
  const digits = (n: number) => ['9'.repeat(n), `+${'9'.repeat(2)} ${'8'.repeat(n - 2)}`, `(${'0'.repeat(3)}) ${'7'.repeat(n - 3)}`];
  for (const [n, status] of [[9, 400], [10, 201], [13, 201], [14, 400]] as const) {
    it(`${n} digits: ${status}`, async () => {
      for (const phone of digits(n)) {
        const res = await post({ ...QUOTE, phone }, 'application/json');
        expect([phone, res.status]).toEqual([phone, status]);
        if (status === 400) expect((JSON.parse(res.body) as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual(['phone']);
      }
    });
  }
});
