#!/usr/bin/env node
// The bad-input campaign against the analytics function of `site start` (issue 10, "Hardening"):
// a few hundred distinct hostile requests, then every stored row read back and validated.
//
//   node bench/bad-inputs.mjs          (needs a built dist/: node cli/bin.mjs build --quiet)
//
// It starts the real server (`node cli/bin.mjs start --no-build`) on a free loopback port with a
// temp SITE_DATA_DIR and SITE_TRUSTED_PROXY=loopback, and gives each input its own client address
// in x-forwarded-for, so that the per-client rate limit lets every input reach validation (one
// category floods from a single address on purpose). All traffic goes to 127.0.0.1.
// Then the campaign of issue 25 on the leads function (forms with spaces, tabs, line breaks, Unicode
// spaces, lengths at the caps: every accepted one stored as sent) and on dashboard ranges.
// Prints: inputs tried, answers per status, 5xx answers and malformed rows (targets 0 and 0).
// bench/run.mjs can call runBadInputs().

import { spawn } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIST } from './serve.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SITE = 'https://bench.example';
const UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Writes raw bytes on a fresh connection; the status of the answer's first line, or 0 if none came. */
function sendSocket(port, bytes) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let head = '';
    const done = (status) => {
      socket.destroy();
      resolve(status);
    };
    socket.setTimeout(5000, () => done(0));
    socket.on('data', (chunk) => {
      head += chunk.toString('latin1');
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(head);
      if (m) done(Number(m[1]));
    });
    socket.on('error', () => done(0));
    socket.on('close', () => done(0));
    socket.end(bytes);
  });
}

function rssMb(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/** Every input of the campaign: { category, name, send(client) } where `client` is an address for x-forwarded-for. */
function campaign({ hostileCases, port, origin }) {
  const inputs = [];
  // `more`: `expected` (a test case), `client` (this x-forwarded-for) or `ownClient` (the request sets it).
  const add = (category, name, request, more = {}) => inputs.push({ category, name, request, ...more });
  const headers = (extra = {}) => ({ 'content-type': 'text/plain;charset=UTF-8', origin, 'user-agent': UA, ...extra });
  let n = 0;
  const sid = () => `session_1751537730000_b${++n}`;
  const session = (extra = {}) => ({
    type: 'session', sessionId: sid(), pageUrl: `${origin}/services`, userAgent: UA, referrer: '', ...extra,
  });
  const event = (extra = {}) => ({
    type: 'event', eventType: 'click', sessionId: sid(), pageUrl: `${origin}/contact`, elementClicked: 'whatsapp', ...extra,
  });
  const text = (body) => (typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body));
  const post = (category, name, body, extra, more) => add(category, name, { headers: headers(extra), body: text(body) }, more);
  const spliceData = (raw) => JSON.stringify(event()).replace(/}$/, `,"eventData":${raw}}`);

  // The regression cases of the tests (issue 10 points 2, 3, 6, 7, 10).
  for (const c of hostileCases({ origin }, 'session_1751537730000_t')) add('issue 10 cases', c.name, c.request, { expected: c });

  // Wrong types in every field.
  const wrong = [null, 0, -1, 1.5, true, false, [], {}, '', 'x'.repeat(3000), [1, [2]], { a: {} }];
  for (const field of ['type', 'sessionId', 'pageUrl', 'userAgent', 'referrer', 'eventType', 'elementClicked', 'eventData']) {
    for (const value of wrong) post('wrong types', `${field} = ${JSON.stringify(value).slice(0, 20)}`, { ...event(), [field]: value });
  }

  // Numbers at and past what a double holds.
  for (const raw of ['1e308', '1e309', '-1e309', '9007199254740991', '9007199254740993', '1e-400', '5e-324', '0.1000000000000000055511151231257827',
    '123456789012345678901234567890', '-0', '1E5', '1.0e0', '0.0', '-0.0e-0', '1.5e+21', '2e-7']) {
    post('huge numbers', raw, spliceData(`{"n":${raw}}`));
  }

  // Deep nesting and wide values.
  for (const depth of [6, 7, 8, 9, 50, 500, 3000]) {
    post('deep nesting', `${depth} arrays`, spliceData(`{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`));
    post('deep nesting', `${depth} objects`, spliceData(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`));
  }
  for (const keys of [90, 99, 100, 101, 1000]) {
    post('deep nesting', `${keys} keys`, event({ eventData: Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, 1])) }));
    post('deep nesting', `${keys} array items`, event({ eventData: { a: Array(keys).fill(0) } }));
  }

  // Unicode edge cases in each text field, sent as JSON escapes.
  const unicode = {
    NUL: '\\u0000', 'lone high surrogate': '\\ud800', 'lone low surrogate': '\\udc00', 'reversed pair': '\\udc00\\ud800',
    'U+FFFE': '\\ufffe', 'U+FFFF': '\\uffff', BOM: '\\ufeff', 'U+2028': '\\u2028', 'RTL override': '\\u202e', 'combining marks': 'e\\u0301\\u0301',
    'emoji ZWJ': '\\ud83d\\udc68\\u200d\\ud83d\\udcbb', 'astral char': '\\ud834\\udd1e', DEL: '\\u007f', 'C1 NEL': '\\u0085', ESC: '\\u001b',
  };
  for (const [what, escape] of Object.entries(unicode)) {
    for (const field of ['userAgent', 'referrer', 'pageUrl', 'elementClicked']) {
      const prefix = field === 'pageUrl' ? `${origin}/` : field === 'referrer' ? 'https://www.google.com/' : '';
      post('unicode', `${what} in ${field}`, JSON.stringify(event()).replace(/}$/, `,"${field}":"${prefix}x${escape}y"}`));
    }
    post('unicode', `${what} in an eventData key`, spliceData(`{"k${escape}":1}`));
    post('unicode', `${what} in an eventData value`, spliceData(`{"k":"v${escape}"}`));
  }
  const enc = (s) => new TextEncoder().encode(s);
  const withBytes = (what, bytes) => {
    const [head, tail] = JSON.stringify(session({ userAgent: `${UA} @@` })).split('@@');
    post('unicode', what, new Uint8Array([...enc(head), ...bytes, ...enc(tail)]));
  };
  withBytes('raw byte 0xFF', [0xff]);
  withBytes('overlong "/" (C0 AF)', [0xc0, 0xaf]);
  withBytes('CESU-8 surrogate (ED A0 80)', [0xed, 0xa0, 0x80]);
  withBytes('5-byte sequence', [0xf8, 0x88, 0x80, 0x80, 0x80]);
  withBytes('truncated 3-byte sequence', [0xe2, 0x82]);
  withBytes('code point past U+10FFFF (F4 90 80 80)', [0xf4, 0x90, 0x80, 0x80]);
  withBytes('raw NUL byte in a string', [0x00]);
  withBytes('raw tab byte in a string', [0x09]);
  post('unicode', 'UTF-8 BOM before the body', new Uint8Array([0xef, 0xbb, 0xbf, ...enc(JSON.stringify(session()))]));
  post('unicode', 'UTF-16LE body', new Uint8Array([...Buffer.from(JSON.stringify(session()), 'utf16le')]));

  // Invalid or surprising JSON.
  for (const [what, body] of [
    ['empty body', ''], ['whitespace only', '  \n '], ['truncated', '{"type":"session",'], ['trailing comma', '{"type":"session",}'],
    ['single quotes', "{'type':'session'}"], ['NaN literal', spliceData('{"n":NaN}')], ['comment', `/* hi */${JSON.stringify(session())}`],
    ['bad escape', '{"type":"session","sessionId":"\\u12"}'], ['top-level array', '[1,2,3]'], ['top-level string', '"session"'],
    ['top-level null', 'null'], ['duplicate keys', JSON.stringify(session()).replace(/}$/, ',"type":"event"}')],
    ['two JSON values', `${JSON.stringify(session())}${JSON.stringify(session())}`],
  ]) {
    post('invalid JSON', what, body);
  }

  // Prototype pollution.
  for (const [what, body] of [
    ['__proto__ at the top', JSON.stringify(session()).replace(/^{/, '{"__proto__":{"type":"event","isAdmin":true},')],
    ['__proto__ in eventData', spliceData('{"__proto__":{"polluted":1}}')],
    ['constructor.prototype in eventData', spliceData('{"constructor":{"prototype":{"polluted":1}}}')],
    ['__proto__ nested', spliceData('{"a":{"__proto__":[1,2]}}')],
    ['toString key', spliceData('{"toString":"x","valueOf":1,"hasOwnProperty":null}')],
  ]) {
    post('prototype keys', what, body);
  }

  // Header abuse.
  const uas = {
    'empty UA': '',
    '600-character UA': `${UA} ${'x'.repeat(600)}`,
    '9,000-character UA': 'Mozilla/5.0 '.repeat(750),
    'latin-1 byte in UA': 'Mozilla/5.0 \xff\xfe',
    'tab in UA': 'Mozilla/5.0\t(X11)',
    'bot UA': 'Googlebot/2.1 (+http://www.google.com/bot.html)',
    'headless Chrome UA': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/150.0.0.0 Safari/537.36',
  };
  for (const [what, ua] of Object.entries(uas)) post('header abuse', what, session({ userAgent: undefined }), { 'user-agent': ua });
  const forwarded = {
    garbage: 'garbage',
    '500 entries': Array(500).fill('49.36.1.1').join(', '),
    'ports and brackets': '[2001:4860::1]:443, 49.36.9.9:8080',
    'a zone id': 'fe80::1%eth0',
    'legacy IPv4 (0x7f.1)': '0x7f.1',
    'empty entries': ', , ,',
  };
  for (const [what, xff] of Object.entries(forwarded)) {
    post('header abuse', `x-forwarded-for: ${what}`, session(), { 'x-forwarded-for': xff }, { ownClient: true });
  }
  for (const [what, geo] of Object.entries({
    'cf-ipcountry KP from a private address': { 'x-forwarded-for': '10.9.8.7', 'cf-ipcountry': 'KP' },
    'cf-ipcity with %00': { 'cf-ipcity': 'Jai%00pur' }, 'cf-ipcity with bad %-escape': { 'cf-ipcity': '%ED%A0%80' },
    'cf-ipcity 300 characters': { 'cf-ipcity': 'J'.repeat(300) }, 'cf-iplatitude 1e999': { 'cf-iplatitude': '1e999' },
    'cf-iplatitude NaN': { 'cf-iplatitude': 'NaN' }, 'cf-iplatitude hex': { 'cf-iplatitude': '0x1A' }, 'cf-iplongitude 181': { 'cf-iplongitude': '181' },
    'x-nf-geo not base64': { 'x-nf-geo': '!!!' },
    'x-nf-geo with NUL city': { 'x-nf-geo': Buffer.from(JSON.stringify({ city: 'a\u0000b', country: { code: 'IN' } })).toString('base64') },
    'x-nf-geo with a lone surrogate': { 'x-nf-geo': Buffer.from('{"city":"\\ud800","subdivision":{"name":7}}').toString('base64') },
    'x-nf-geo deep': { 'x-nf-geo': Buffer.from('['.repeat(5000) + ']'.repeat(5000)).toString('base64') },
    'x-vercel-ip-city with C1': { 'x-vercel-ip-city': '%C2%85x' },
  })) {
    post('header abuse', what, session(), geo);
  }
  for (const ct of ['', 'text/plain; charset=utf-16', 'multipart/form-data; boundary=x', 'application/json; charset="UTF-8"', 'TEXT/PLAIN',
    'text/plain;charset=', 'application/x-www-form-urlencoded', 'application/json;charset=utf8;charset=latin1', 'text/plain, application/json', 'image/png']) {
    post('content types', ct || '(none)', session(), { 'content-type': ct });
  }

  // Bad methods.
  for (const method of ['PUT', 'DELETE', 'PATCH', 'HEAD', 'TRACE', 'PROPFIND', 'OPTIONS', 'GET']) {
    add('bad methods', method, { method, headers: headers(), body: method === 'GET' || method === 'HEAD' ? undefined : JSON.stringify(session()) });
  }

  // Oversize bodies.
  post('oversize bodies', '8,193 bytes', JSON.stringify(session({ referrer: `https://x.example/?${'x'.repeat(8100)}` })));
  post('oversize bodies', '100 KB', JSON.stringify(session({ referrer: 'x'.repeat(100_000) })));
  add('oversize bodies', '20 KB chunked, no length', { headers: { ...headers(), 'transfer-encoding': 'chunked' }, body: 'x'.repeat(20_000) });

  // Bad origins.
  const origins = ['http://evil.example', 'null', `${SITE}.evil.com`, `${SITE}/`, SITE.toUpperCase(), `${SITE}:443`,
    'http://127.0.0.1', '', 'file://', 'http://localhost:1'];
  for (const o of origins) post('bad origins', o || '(empty)', session(), { origin: o });
  post('bad origins', 'Origin equal to a forged Host', session(), { origin: 'http://evil.example', host: 'evil.example' });

  // Raw HTTP that no client library would send.
  const raw = (what, bytes) => add('raw HTTP', what, undefined, { raw: Buffer.from(bytes, 'latin1') });
  const body = JSON.stringify(session());
  const start = [`POST /functions/v1/analytics HTTP/1.1`, `Host: 127.0.0.1:${port}`, `Origin: ${origin}`, `User-Agent: ${UA}`,
    'Content-Type: text/plain', ''].join('\r\n');
  raw('NUL byte in a header', `${start}cf-ipcity: Jai\0pur\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
  raw('two Origin headers', `${start}Origin: http://evil.example\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
  raw('Content-Length shorter than the body', `${start}Content-Length: 10\r\n\r\n${body}`);
  raw('Content-Length and chunked', `${start}Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`);
  raw('negative Content-Length', `${start}Content-Length: -1\r\n\r\n${body}`);
  raw('header over 16 KB', `${start}X-Big: ${'a'.repeat(17_000)}\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
  raw('lower-case method', `post /functions/v1/analytics HTTP/1.1\r\nHost: x\r\n\r\n`);
  raw('bare LF line ends', start.replace(/\r\n/g, '\n') + `Content-Length: ${body.length}\n\n${body}`);

  // One client over its rate: 70 requests from one address.
  for (let i = 0; i < 70; i++) post('rate flood (one client)', `request ${i + 1}`, session(), {}, { client: '49.36.200.1' });

  return inputs.map((input, i) => ({ ...input, id: i }));
}

/** Why a stored row is malformed, or null. */
function rowProblem(row, table, patterns) {
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  const text = (v, max) => v === null || (typeof v === 'string' && v.length <= max && !/[\u0000-\u001f\u007f-\u009f]/.test(v) && v.isWellFormed());
  const url = (v, schemes) => {
    if (typeof v !== 'string' || !text(v, 2048)) return false;
    const u = URL.canParse(v) ? new URL(v) : null;
    return u !== null && schemes.includes(u.protocol);
  };
  if (!patterns.session.test(row.session_id)) return 'session_id';
  if (!url(row.page_url, ['http:', 'https:'])) return 'page_url';
  if (row.ip !== null && !/\.0$|::$|:0$/.test(row.ip)) return 'ip_address not truncated';
  if (row.ip_hash !== null && !/^[0-9a-f]{64}$/.test(row.ip_hash)) return 'ip_hash';
  if (table === 'user_sessions') {
    if (!text(row.user_agent, 512) || !row.user_agent) return 'user_agent';
    if (row.referrer !== null && !url(row.referrer, ['http:', 'https:', 'android-app:'])) return 'referrer';
    if (row.country !== null && !/^[A-Z]{2}$/.test(row.country)) return 'country';
    if (!text(row.city, 100) || !text(row.region, 100)) return 'city/region';
    if (row.country === 'KP') return 'a forged country';
  } else {
    if (!patterns.event.test(row.event_type)) return 'event_type';
    if (!text(row.element_clicked, 256)) return 'element_clicked';
    if (row.event_data !== null && (typeof row.event_data !== 'object' || Array.isArray(row.event_data))) return 'event_data';
  }
  return null;
}

export async function runBadInputs({ log = (line) => console.log(line) } = {}) {
  if (!existsSync(path.join(DIST, 'index.html'))) {
    throw new Error('bench/bad-inputs.mjs needs a built site: run `node cli/bin.mjs build --quiet` first');
  }
  const { tsImport } = await import('tsx/esm/api');
  const support = await tsImport('../tests/support/hostile-inputs.ts', import.meta.url);
  const schema = await tsImport('../supabase/functions/_shared/event-schema.ts', import.meta.url);
  const { PGlite } = await import('@electric-sql/pglite');

  const dataDir = await mkdtemp(path.join(tmpdir(), 'site-bad-inputs-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const url = `${base}/functions/v1/analytics`;
  const server = spawn(process.execPath, ['cli/bin.mjs', 'start', '--no-build', '--dist', DIST, '--port', String(port)], {
    cwd: ROOT,
    env: { ...process.env, SITE_DATA_DIR: dataDir, SITE_TRUSTED_PROXY: 'loopback' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let serverLog = '';
  server.stderr.on('data', (c) => (serverLog += c));
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    for (let i = 0; ; i++) {
      // A fresh data folder: the database's first start (initdb, migrations) takes a while on a busy machine.
      if (server.exitCode !== null || i > 1800) throw new Error(`the server did not start:\n${serverLog}`);
      if (/Press Ctrl\+C/.test(serverLog)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const origin = `http://127.0.0.1:${port}`;
    const inputs = campaign({ ...support, port, url, origin });
    const answers = [];
    const rssBefore = rssMb(server.pid);
    for (const input of inputs) {
      let status;
      if (input.raw) status = await sendSocket(port, input.raw);
      else {
        // Each input its own client (x-forwarded-for, believed from the loopback proxy), unless it sets one.
        const client = input.client ?? `49.${36 + (input.id >> 16)}.${(input.id >> 8) & 0xff}.${input.id & 0xff}`;
        const headers = input.ownClient ? input.request.headers : { 'x-forwarded-for': client, ...input.request.headers };
        status = (await support.sendRaw(url, { ...input.request, headers }).catch(() => ({ status: 0 }))).status;
      }
      answers.push({ ...input, status });
    }
    // The leads function gets its own hostile forms (tests/support/hostile-leads.ts): none may store a row.
    const leadsSupport = await tsImport('../tests/support/hostile-leads.ts', import.meta.url);
    const leadAnswers = [];
    for (const [i, c] of leadsSupport.hostileLeads().entries()) {
      const headers = { 'content-type': leadsSupport.FORM_TYPE, origin, 'x-forwarded-for': `49.200.0.${i}`, ...c.headers };
      const status = (await support.sendRaw(`${base}/functions/v1/leads`, { body: c.body, headers }).catch(() => ({ status: 0 }))).status;
      leadAnswers.push({ ...c, got: status });
    }
    // The campaign of issue 25 on leads (each valid or not: an accepted one must be stored as sent)
    // and on dashboard ranges (never a 5xx).
    const campaignAnswers = [];
    for (const [i, c] of leadsSupport.leadCampaign().entries()) {
      const headers = { 'content-type': leadsSupport.FORM_TYPE, origin, 'x-forwarded-for': `49.201.${i >> 8}.${i & 255}` };
      const status = (await support.sendRaw(`${base}/functions/v1/leads`, { body: leadsSupport.form(c.fields), headers }).catch(() => ({ status: 0 }))).status;
      campaignAnswers.push({ ...c, status });
    }
    const { dashboardKey } = JSON.parse(readFileSync(path.join(dataDir, 'analytics-secrets.json'), 'utf8'));
    const rangeStatuses = [];
    for (const fn of ['analytics', 'leads']) {
      for (const v of leadsSupport.RANGE_CAMPAIGN) {
        for (const q of [`from=${encodeURIComponent(v)}&to=2026-11-20T00:00:00Z`, `from=2026-11-01T00:00:00Z&to=${encodeURIComponent(v)}`]) {
          const headers = { authorization: `Bearer ${dashboardKey}`, origin, 'x-forwarded-for': '49.202.0.1' };
          rangeStatuses.push((await support.sendRaw(`${base}/functions/v1/${fn}?${q}`, { method: 'GET', headers }).catch(() => ({ status: 0 }))).status);
        }
      }
    }
    const rssAfter = rssMb(server.pid);
    server.kill('SIGTERM');
    await exited;

    // Read what was stored, with the server stopped, and check every row.
    const pg = await PGlite.create(path.join(dataDir, 'pglite'));
    const rows = [];
    for (const table of ['user_sessions', 'user_events']) {
      for (const row of (await pg.query(`select *, host(ip_address) as ip from public.${table}`)).rows) rows.push({ table, row });
    }
    // Read through JSON: PGlite's driver drops a leading U+FEFF of a text column (not the database).
    const campaignRows = (await pg.query(`select json_build_object('name', name, 'email', email, 'phone', phone, 'message', message, 'area', area,
      'serviceType', service_type, 'brandName', brand_name, 'subject', subject)::text as row from public.leads`)).rows.map((r) => JSON.parse(r.row));
    const leadRows = campaignRows.filter((r) => !/^campaign\.\d+@gmail\.com$/.test(r.email) && !/^Campaign \d+$/.test(r.name)).length;
    await pg.close();
    const campaignChanged = campaignAnswers.filter((c) => {
      const rows = campaignRows.filter((r) => r[c.match.column] === c.match.value);
      if (c.status !== 303) return rows.length > 0;
      const stored = rows.length === 1 ? Object.fromEntries(Object.entries(rows[0]).filter(([, v]) => v !== null)) : null;
      return !stored || JSON.stringify(Object.entries(stored).sort()) !== JSON.stringify(Object.entries(c.fields).sort());
    });
    const patterns = { session: schema.SESSION_ID_PATTERN, event: schema.EVENT_TYPE_PATTERN };
    const problems = rows.map(({ table, row }) => [row.session_id, rowProblem(row, table, patterns)]).filter(([, p]) => p);
    // The test cases' 201s must have stored the row they promise.
    const cases = answers.filter((a) => a.expected);
    const unexpected = cases.filter((a) => a.status !== a.expected.status);
    for (const { expected } of cases.filter((a) => a.expected.row)) {
      const { table, ...fields } = expected.row;
      const found = rows.filter((r) => r.row.session_id === fields.session_id).map((r) => r.row);
      const same = found.length === 1 && Object.entries(fields).every(([k, v]) => isDeepStrictEqual(found[0][k], v));
      if (!same) problems.push([fields.session_id, `not the ${table} row the test promises`]);
    }
    const created = answers.filter((a) => a.status === 201).length;
    if (rows.length !== created) problems.push(['(all)', `${rows.length} rows for ${created} answers 201`]);
    const fiveXX = answers.filter((a) => a.status >= 500 || (a.status === 0 && !a.raw));

    const count = (items, key) => [...items.reduce((m, i) => m.set(key(i), (m.get(key(i)) ?? 0) + 1), new Map())];
    const listed = (items, show) => (items.length ? `: ${items.map(show).join('; ')}` : '');
    const byStatus = count(answers, (a) => a.status).sort(([a], [b]) => a - b);
    log(`Inputs tried:        ${answers.length} (${count(answers, (a) => a.category).map(([c, k]) => `${c} ${k}`).join(', ')})`);
    log(`Answers by status:   ${byStatus.map(([s, k]) => `${s || 'no answer'}: ${k}`).join(', ')}`);
    log(`Issue 10 cases:      ${cases.length - unexpected.length} of ${cases.length} answered as the tests expect` +
      listed(unexpected, (a) => `${a.name} → ${a.status}`));
    log(`5xx answers:         ${fiveXX.length} (target 0)${listed(fiveXX, (a) => `${a.category} / ${a.name}`)}`);
    log(`Rows stored:         ${rows.length} (answers 201: ${created})`);
    log(`Malformed rows:      ${problems.length} (target 0)${listed(problems, ([id, p]) => `${id} ${p}`)}`);
    const leadsWrong = leadAnswers.filter((a) => a.got !== a.status);
    log(`Leads function:      ${leadAnswers.length - leadsWrong.length} of ${leadAnswers.length} hostile forms answered as the tests expect` +
      listed(leadsWrong, (a) => `${a.name} → ${a.got}`) + `; leads stored ${leadRows} (target 0); 5xx ${leadAnswers.filter((a) => a.got >= 500).length}`);
    const campaignAccepted = campaignAnswers.filter((c) => c.status === 303).length;
    log(`Lead campaign:       ${campaignAnswers.length} forms, ${campaignAccepted} accepted, ${campaignAnswers.length - campaignAccepted} refused; 5xx ${campaignAnswers.filter((c) => c.status >= 500 || c.status === 0).length}` +
      `; rows changed without a word ${campaignChanged.length} (target 0)${listed(campaignChanged, (c) => c.name)}`);
    log(`Dashboard ranges:    ${rangeStatuses.length} keyed requests; 5xx ${rangeStatuses.filter((s) => s >= 500 || s === 0).length} (target 0)`);
    log(`Server RSS:          ${rssBefore ?? '?'} MB before the campaign, ${rssAfter ?? '?'} MB after`);
    return {
      inputs: answers.length,
      statuses: Object.fromEntries(byStatus),
      fiveXX: fiveXX.length + leadAnswers.filter((a) => a.got >= 500 || a.got === 0).length + campaignAnswers.filter((c) => c.status >= 500 || c.status === 0).length +
        rangeStatuses.filter((s) => s >= 500 || s === 0).length,
      rows: rows.length,
      malformed: problems.length + leadRows + leadsWrong.length + campaignChanged.length,
    };
  } finally {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await runBadInputs();
  process.exitCode = result.fiveXX === 0 && result.malformed === 0 ? 0 : 1;
}
