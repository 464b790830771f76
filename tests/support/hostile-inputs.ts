// The hostile inputs of issue 10 (points 2, 3, 6, 7 and 10) that do not depend on how an entry
// learns the client address, each with the answer it must get and, for a 201, the row it must
// store. Sent over real HTTP to the Node server (tests/integration/node-server-hardening.test.ts),
// the Deno entry (tests/integration/deno.test.ts) and by bench/bad-inputs.mjs. No vitest here:
// the bench imports this file too.

import { request as httpRequest } from 'node:http';

export const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

export interface RawRequest {
  method?: string;
  /** Sent as they are; a `host` here replaces the real one. */
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export interface RawAnswer {
  status: number;
  body: string;
}

/** Sends one request with node:http on a fresh connection, so that nothing is normalised on the way. */
export function sendRaw(url: string, req: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const r = httpRequest(url, { method: req.method ?? 'POST', headers: req.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    r.on('error', reject);
    r.end(req.body);
  });
}

/** A stored row as the dashboard read returns it, by the fields a case cares about. */
export interface ExpectedRow {
  table: 'sessions' | 'events';
  session_id: string;
  [column: string]: unknown;
}

export interface HostileCase {
  name: string;
  /** The point of issue 10 this case is a regression test for. */
  defect?: number;
  request: RawRequest;
  status: number;
  /** For a 4xx: the answer's `error`. */
  error?: string;
  /** For a 201: the row stored, and the fields the answer says were normalised. */
  row?: ExpectedRow;
  normalised?: string[];
}

export interface Site {
  /** The origin the function allows (the page's origin). */
  origin: string;
  /** Headers every request carries besides the usual ones (the Deno entry: the edge's client address). */
  headers?: Record<string, string>;
}

const json = (v: unknown) => JSON.stringify(v);

/** The cases, with session ids that start with `prefix` so that their rows can be told apart. */
export function hostileCases(site: Site, prefix = 'session_1751537730000_h'): HostileCase[] {
  const cases: HostileCase[] = [];
  const headers = (extra: Record<string, string> = {}) => ({
    'content-type': 'text/plain;charset=UTF-8',
    origin: site.origin,
    'user-agent': ANDROID_UA,
    ...site.headers,
    ...extra,
  });
  const add = (c: Omit<HostileCase, 'request'> & { body: Record<string, unknown> | string | Uint8Array; headers?: Record<string, string> }) => {
    const body = typeof c.body === 'string' || c.body instanceof Uint8Array ? c.body : json(c.body);
    const { body: _b, headers: extra, ...rest } = c;
    cases.push({ ...rest, request: { method: 'POST', headers: headers(extra), body } });
  };
  let n = 0;
  const id = () => `${prefix}${++n}`;
  const session = (extra: Record<string, unknown> = {}) => ({
    type: 'session',
    sessionId: id(),
    pageUrl: `${site.origin}/services`,
    userAgent: ANDROID_UA,
    referrer: '',
    ...extra,
  });
  const event = (extra: Record<string, unknown> = {}) => ({
    type: 'event',
    eventType: 'click',
    sessionId: id(),
    pageUrl: `${site.origin}/contact`,
    elementClicked: 'whatsapp',
    ...extra,
  });
  const invalid = 'Invalid analytics record';
  type Body = Record<string, unknown> | string | Uint8Array;
  /** A request that must be refused with `error` and store nothing. */
  const refuses = (name: string, defect: number, body: Body, error = invalid, extra?: Record<string, string>, status = 400) =>
    add({ name, defect, body, headers: extra, status, error });
  /** A record that must be stored as the row `fields` (sent as `body` when that is given). */
  const stores = (
    name: string,
    defect: number | undefined,
    record: Record<string, unknown>,
    fields: Record<string, unknown>,
    more: { normalised?: string[]; headers?: Record<string, string>; body?: string } = {},
  ) =>
    add({
      name,
      defect,
      body: more.body ?? record,
      headers: more.headers,
      status: 201,
      row: { table: record.type === 'session' ? 'sessions' : 'events', session_id: String(record.sessionId), ...fields },
      normalised: more.normalised,
    });
  /** `record` as JSON with `tail` (raw JSON members) added at its end. */
  const withRaw = (record: Record<string, unknown>, tail: string) => json(record).replace(/}$/, `,${tail}}`);

  stores('a real visit (control case)', undefined, session({ referrer: 'https://www.google.com/' }), {
    page_url: `${site.origin}/services`,
    user_agent: ANDROID_UA,
    referrer: 'https://www.google.com/',
  });

  // 2: depth and size are refused before the schema's recursion sees the value.
  refuses('eventData nested 3,000 arrays deep', 2, withRaw(event(), `"eventData":{"a":${'['.repeat(3000)}${']'.repeat(3000)}}`));
  refuses('eventData with 101 keys', 2, event({ eventData: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, i])) }));

  // 3: what passed the schema but failed in Postgres.
  refuses('a NUL in pageUrl', 3, session({ pageUrl: `${site.origin}/a\u0000b` }));
  refuses('a NUL in userAgent', 3, session({ userAgent: 'Mozilla/5.0\u0000' }));
  refuses('a NUL in referrer', 3, session({ referrer: 'https://www.google.com/\u0000' }));
  refuses('a NUL in elementClicked', 3, event({ elementClicked: 'a:/x\u0000' }));
  refuses('a NUL in an eventData value', 3, event({ eventData: { q: 'a\u0000b' } }));
  refuses('a NUL in an eventData key', 3, event({ eventData: { 'a\u0000': 1 } }));
  refuses('a lone surrogate in eventData', 3, withRaw(event(), '"eventData":{"q":"\\ud800"}'));
  refuses('a lone surrogate in userAgent', 3, withRaw(session({ userAgent: undefined }), '"userAgent":"Mozilla/5.0 \\udfff"'));
  const longHeaderUa = `${ANDROID_UA} ${'x'.repeat(600)}`;
  stores(
    'a User-Agent header over 512 characters and none in the body',
    3,
    session({ userAgent: undefined }),
    { user_agent: longHeaderUa.slice(0, 512) },
    { headers: { 'user-agent': longHeaderUa }, normalised: ['userAgent'] },
  );

  // 6: what real browsers and apps send.
  stores('an android-app:// referrer', 6, session({ referrer: 'android-app://com.google.android.gm/' }), {
    referrer: 'android-app://com.google.android.gm/',
  });
  stores(
    'a referrer over 2,048 characters',
    6,
    session({ referrer: `https://www.google.com/search?q=${'tv+repair+'.repeat(210)}` }),
    { referrer: 'https://www.google.com/search' },
    { normalised: ['referrer'] },
  );
  const longUa = `${ANDROID_UA} ${'Ω'.repeat(600)}`;
  stores('a body userAgent over 512 characters', 6, session({ userAgent: longUa }), { user_agent: longUa.slice(0, 512) }, {
    normalised: ['userAgent'],
  });
  add({
    name: 'a crawler whose name comes after the first 512 characters of its user agent',
    defect: 6,
    body: session({ userAgent: `${ANDROID_UA} ${'x'.repeat(500)} Googlebot/2.1` }),
    status: 204,
  });
  stores(
    'a page URL over 2,048 characters',
    6,
    session({ pageUrl: `${site.origin}/services?utm_source=${'x'.repeat(2100)}` }),
    { page_url: `${site.origin}/services` },
    { normalised: ['pageUrl'] },
  );

  // 7: nothing altered silently.
  const bytes = new TextEncoder().encode(json(session({ userAgent: 'Mozilla/5.0 XX' })));
  bytes[bytes.indexOf(0x58)] = 0xff; // the first "X" becomes a byte that is not UTF-8
  refuses('invalid UTF-8 in the body', 7, bytes, 'Body is not valid UTF-8');
  refuses('a raw control character in userAgent', 7, session({ userAgent: 'Mozilla/5.0\u0007' }));
  refuses('a tab in pageUrl', 7, session({ pageUrl: `${site.origin}/a\tb` }));
  refuses('a C1 control in elementClicked', 7, event({ elementClicked: 'button:\u0085' }));
  const proto = event();
  stores(
    'a __proto__ key in eventData',
    7,
    proto,
    { event_data: JSON.parse('{"__proto__":{"polluted":true},"a":1}') },
    { body: withRaw(proto, '"eventData":{"__proto__":{"polluted":true},"a":1}') },
  );
  refuses('a number beyond a double (1e400)', 7, withRaw(event(), '"eventData":{"n":1e400}'));
  refuses('an integer a double cannot hold (2^53 + 1)', 7, withRaw(event(), '"eventData":{"n":9007199254740993}'));
  const numbers = event();
  stores(
    'numbers JSON.stringify writes (1.5e+21, 0.1, -0)',
    7,
    numbers,
    { event_data: { big: 1.5e21, tenth: 0.1, zero: 0, one: 1 } },
    { body: withRaw(numbers, '"eventData":{"big":1.5e+21,"tenth":0.1,"zero":-0,"one":1.0}') },
  );
  stores('a line break in an href the tracker copied', 7, event({ elementClicked: 'a:/tv-repair\n-mansarovar' }), {
    element_clicked: 'a:/tv-repair -mansarovar',
  }, { normalised: ['elementClicked'] });
  stores('a javascript: referrer', 7, session({ referrer: 'javascript:alert(1)' }), { referrer: null }, { normalised: ['referrer'] });
  refuses('a body in another charset', 7, session(), 'Send the record in UTF-8', { 'content-type': 'text/plain;charset=iso-8859-1' }, 415);

  // 10: only configured origins, whatever the Host says.
  const foreign = 'Origin not allowed';
  refuses('Origin: http://evil.example with Host: evil.example', 10, session(), foreign, { origin: 'http://evil.example', host: 'evil.example' }, 403);
  refuses('Origin: null', 10, session(), foreign, { origin: 'null' }, 403);
  return cases;
}
