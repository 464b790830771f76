// Issues 10 and 25: `site start` under hostile input, through real HTTP to the real command on a
// random port, serving a real build (decisions 050, 075).
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse, parseDocument } from 'yaml';
import { migratedDataDir } from '../support/pglite.ts';
import { startReceiver, verifyWebhook, type Receiver } from '../support/receiver.ts';
import { run } from '#cli/index.ts';
import { createNodeFunctions } from '#cli/lib/server/functions.ts';
import { liveDistIndex, MAX_PATH_LENGTH, resolve } from '#cli/lib/server/dist-index.ts';
import { TV_SHOP } from '../support/functions-content.ts';

const work = mkdtempSync(path.join(tmpdir(), 'site-harden-'));
const out = path.join(work, 'dist');
// A fixture of its own (copied: a build writes the pictures' variants beside the content): the
// paths below are its pages.
const content = path.join(work, 'content');
cpSync(path.resolve('tests/fixtures/content'), content, { recursive: true });
// One picture of public/ in a post, so that the site has variants under /_img/.
for (const f of readdirSync(path.join(content, 'blog'))) {
  const file = path.join(content, 'blog', f);
  writeFileSync(file, readFileSync(file, 'utf8').replace(/src: \/images\/blog\/(\w+)\.svg/, 'src: /images/blog/$1.png'));
}
/** A post whose id differs from its slug: /blog/<id> is an alias of its page. */
const aliased = readdirSync(path.join(content, 'blog'))
  .map((f) => parse(readFileSync(path.join(content, 'blog', f), 'utf8').split(/^---$/m)[1]!) as { id: string; slug: string })
  .find((p) => p.id !== p.slug)!;
/** A form service that names the owner's address (38 N3): the public dashboard page must not show it. */
const FORWARD_TO = 'https://formsubmit.co/owner-38@yourshop.example';
{
  const site = parseDocument(readFileSync(path.join(content, 'site.yaml'), 'utf8'));
  site.setIn(['forms', 'forwardTo'], FORWARD_TO);
  writeFileSync(path.join(content, 'site.yaml'), site.toString());
}
const dataDir = path.join(work, 'data');
let server: ChildProcess;
let port: number;
let receiver: Receiver;
const WEBHOOK_SECRET = 'server-hardening-webhook-secret-0123';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request with the path sent exactly as written (no client-side normalisation). */
function request(urlPath: string, method = 'GET', headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', fail);
    req.end();
  });
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port: free } = probe.address() as net.AddressInfo;
  await new Promise((r) => probe.close(r));
  return free;
}

/** Every file and folder below `dir` with its permission bits. */
function modes(dir: string): Map<string, number> {
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  return new Map(entries.map((e) => [path.join(e.parentPath, e.name), statSync(path.join(e.parentPath, e.name)).mode & 0o777]));
}

const ROOT_404 = 'Oops! Page not found';
const BLOG_404 = 'Blog Post Not Found';

beforeAll(async () => {
  expect(await run(['node', 'site', 'build', '--quiet', '--content', content, '--out', out])).toBe(0);
  writeFileSync(path.join(out, '.env'), 'SECRET=do-not-serve\n');
  // A database as earlier versions left it: PGlite's own modes (files 0666, folders 0755), which
  // the run's copy keeps; the test of those modes below means nothing without them.
  mkdirSync(dataDir);
  await migratedDataDir(path.join(dataDir, 'pglite'));
  expect(new Set(modes(path.join(dataDir, 'pglite')).values())).toContain(0o666);
  port = await freePort();
  receiver = await startReceiver();
  server = spawn(process.execPath, ['cli/bin.mjs', 'start', '--no-build', '--dist', out, '--port', String(port)], {
    // Loopback is the proxy: each test names its client in x-forwarded-for, so that one test's
    // rate limits are not another's. The alert webhook is the local receiver.
    env: { ...process.env, SITE_DATA_DIR: dataDir, SITE_TRUSTED_PROXY: 'loopback', LEADS_WEBHOOK_URL: `${receiver.url}/hook`, LEADS_WEBHOOK_SECRET: WEBHOOK_SECRET },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  server.stderr!.on('data', (d) => (log += d));
  await new Promise<void>((ready, fail) => {
    server.stderr!.on('data', () => log.includes('Press Ctrl+C') && ready());
    server.once('exit', (code) => fail(new Error(`site start exited with ${code}:\n${log}`)));
  });
}, 300_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  await receiver?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('site start under hostile input', () => {
  test('a path of 7,000 segments is refused with 414; a long path under the cap gets its nearest 404 page', async () => {
    const huge = await request(`/${'a/'.repeat(7000)}z`);
    expect(huge.status).toBe(414);
    expect(huge.body).toBe('URI too long');
    const deep = await request(`/blog/${'a/'.repeat(1000)}z`);
    expect(deep.status).toBe(404);
    expect(deep.body).toContain(BLOG_404);
    expect((await request('/')).status).toBe(200);
  });

  test('finding the answer takes at most two lookups in the index of dist/, whatever the number of segments', () => {
    const index = liveDistIndex(out).current();
    let lookups = 0;
    const files = new Set(index.files);
    const counted = { ...index, files: { has: (f: string) => (lookups++, files.has(f)) } as ReadonlySet<string> };
    for (const segments of [1, 10, 1000]) {
      lookups = 0;
      const answer = resolve(counted, `/blog${'/a'.repeat(segments)}`);
      expect(answer).toMatchObject({ kind: 'file', status: 404, file: 'blog/404.html' });
      expect(lookups, `${segments} segments`).toBeLessThanOrEqual(2);
    }
    expect(resolve(counted, `/${'a'.repeat(MAX_PATH_LENGTH)}`)).toMatchObject({ status: 414 });
  });

  test('a trailing-slash redirect never leaves the origin', async () => {
    const attempts = ['//evil.example/', '/%2fevil.example/', '/%5cevil.example/', '/%5Cevil.example/', '///evil.example//', '/%2F%2Fevil.example/'];
    for (const attempt of attempts) {
      const res = await request(attempt);
      expect(res.status, attempt).toBe(301);
      const location = res.headers.location!;
      expect(location, attempt).toMatch(/^\/(?![/\\])/);
      expect(new URL(location, `http://127.0.0.1:${port}`).origin, attempt).toBe(`http://127.0.0.1:${port}`);
      expect((await request(location)).status, `${attempt} → ${location}`).toBe(404);
    }
    const backslash = await request('/\\evil.example/');
    expect([backslash.status, backslash.headers.location]).toEqual([400, undefined]);
    expect((await request('//evil.example/')).headers.location).toBe('/evil.example');
    expect((await request('/%5cevil.example/')).headers.location).toBe('/%5Cevil.example');
    expect((await request('/about/?x=1')).headers.location).toBe('/about?x=1');
    expect((await request(`/blog/${aliased.id}?ref=x`)).headers.location).toBe(`/blog/${aliased.slug}?ref=x`);
  });

  test('build internals and dot-files get the normal 404 page; pictures stay public', async () => {
    const normal = await request('/no-such-page');
    expect(normal.body).toContain(ROOT_404);
    // "//_site/build.json" and "/%5fsite/build.json" are first sent to their one address, "/_site/build.json", which is not served either.
    expect((await request('//_site/build.json')).headers.location).toBe('/_site/build.json');
    expect((await request('/%5fsite/build.json')).headers.location).toBe('/_site/build.json');
    for (const hidden of ['/_site/manifest.json', '/_site/build.json', '/_headers', '/_redirects', '/.env', '/_site/build']) {
      const res = await request(hidden);
      expect(res.status, hidden).toBe(404);
      expect(res.body === normal.body, `${hidden} answers the normal 404 page`).toBe(true);
    }
    const picture = readdirSync(path.join(out, '_img')).find((f) => f.endsWith('.webp'))!;
    const img = await request(`/_img/${picture}`);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
  });

  test('the analytics database is readable by its owner alone, also one an earlier version created', async () => {
    const existing = modes(path.join(dataDir, 'pglite'));
    expect(existing.size).toBeGreaterThan(900);
    expect(new Set(existing.values())).toEqual(new Set([0o600, 0o700]));
    expect(statSync(path.join(dataDir, 'pglite')).mode & 0o777).toBe(0o700);
    // And one created now.
    const fresh = path.join(work, 'fresh-data');
    await (await createNodeFunctions({ dataDir: fresh, allowedOrigins: [], content: TV_SHOP })).close();
    const created = modes(path.join(fresh, 'pglite'));
    expect(new Set(created.values())).toEqual(new Set([0o600, 0o700]));
    expect(statSync(path.join(fresh, 'pglite')).mode & 0o777).toBe(0o700);
  }, 180_000);

  test('pages, HEAD and compression still work over real HTTP', async () => {
    const head = await request('/about', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    const gzip = await request('/about', 'GET', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-security-policy']).toContain("default-src 'self'");
    // The same page, sent again uncompressed, whole.
    expect((await request('/about')).body).toBe(readFileSync(path.join(out, 'about.html'), 'utf8'));
  });

  // Last: it swaps the dist/ the other tests read.
  test('a rebuild that replaces dist/ by rename is served without a restart', async () => {
    const next = `${out}-next`;
    cpSync(out, next, { recursive: true });
    writeFileSync(path.join(next, 'brand-new.html'), '<!DOCTYPE html><title>Brand new</title>');
    writeFileSync(path.join(next, 'privacy-policy.html'), '<!DOCTYPE html><title>Rewritten</title>');
    rmSync(path.join(next, 'about.html'));
    expect((await request('/brand-new')).status).toBe(404);
    expect((await request('/privacy-policy')).body).not.toContain('Rewritten');
    renameSync(out, `${out}-old`);
    renameSync(next, out);
    rmSync(`${out}-old`, { recursive: true });
    // The server notices through a file-system watch, in another process: poll the answer, which
    // once new stays new; the bound only stops a broken run, far beyond a busy machine's delay.
    let status = 0;
    for (let i = 0; i < 1200 && status !== 200; i++) {
      status = (await request('/brand-new')).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(200);
    expect((await request('/brand-new')).body).toContain('<title>Brand new</title>');
    expect((await request('/privacy-policy')).body).toContain('<title>Rewritten</title>');
    const gone = await request('/about');
    expect(gone.status).toBe(404);
    expect(gone.body).toContain(ROOT_404);
  });
});

/** Writes raw bytes on a new connection, closes its side (as `printf … | nc` does), and returns all that comes back. */
function rawExchange(bytes: string): Promise<string> {
  return new Promise((done, fail) => {
    const socket = net.createConnection({ host: '127.0.0.1', port });
    let answer = '';
    socket.on('data', (c: Buffer) => (answer += c.toString('latin1')));
    socket.on('close', () => done(answer));
    socket.on('error', fail);
    socket.end(bytes);
  });
}

const secrets = () => JSON.parse(readFileSync(path.join(dataDir, 'analytics-secrets.json'), 'utf8')) as { dashboardKey: string };
const FORM = 'application/x-www-form-urlencoded';
const quote = (name: string) => new URLSearchParams({ name, email: 'hardening@gmail.com', phone: '+91 98290 12345', message: 'No picture', subject: 'New Quote Request from Website' }).toString();
/** A dashboard read of the leads from a client of its own (x-forwarded-for, believed from loopback). */
const readLeads = async (query = '', client = '49.36.250.1') => {
  const res = await request(`/functions/v1/leads${query}`, 'GET', { authorization: `Bearer ${secrets().dashboardKey}`, 'x-forwarded-for': client });
  return { ...res, data: res.status === 200 && !query.includes('csv') ? (JSON.parse(res.body) as { leads: { name: string }[] }) : undefined };
};

/** One request with a body. */
function post(urlPath: string, body: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, method: 'POST', headers: { 'content-length': String(Buffer.byteLength(body)), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', fail);
    req.end(body);
  });
}

describe('site start and its functions (issue 25)', () => {
  test('(25.4) a dashboard range that is not an ISO time of the years 2000-9998 is a 400, on both functions, never a 500', async () => {
    const key = secrets().dashboardKey;
    const bad = ['0000-01-01T00:00:00Z', '-000001-01-01T00:00:00Z', '-271821-04-20T00:00:00Z', '0001-01-01T00:00:00Z', '1', '2026', 'Nov 1 2026', '2026-02-31T00:00:00Z', '+275760-09-13T00:00:00Z'];
    for (const fn of ['analytics', 'leads']) {
      for (const v of bad) {
        for (const q of [`from=${encodeURIComponent(v)}&to=2026-11-02T00:00:00Z`, `from=2026-11-01T00:00:00Z&to=${encodeURIComponent(v)}`]) {
          const res = await request(`/functions/v1/${fn}?${q}`, 'GET', { authorization: `Bearer ${key}`, 'x-forwarded-for': '49.36.251.1' });
          expect([fn, q, res.status], res.body).toEqual([fn, q, 400]);
          expect(JSON.parse(res.body)).toEqual({ error: expect.stringContaining('years 2000 to 9998') });
        }
      }
      const ok = await request(`/functions/v1/${fn}?from=2026-11-01T00:00:00%2B05:30&to=2026-11-02T00:00:00Z`, 'GET', { authorization: `Bearer ${key}`, 'x-forwarded-for': '49.36.251.1' });
      expect([fn, ok.status]).toEqual([fn, 200]);
    }
  });

  test('(25.6) a POST followed by a stray byte gets the answer of what was done: the stored lead its 303, never a 400', async () => {
    const body = quote('Stray Byte');
    const answer = await rawExchange(
      `POST /functions/v1/leads HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: ${FORM}\r\nX-Forwarded-For: 49.36.252.1\r\nContent-Length: ${body.length}\r\n\r\n${body}x`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 303 /);
    expect(answer.match(/^HTTP\/1\.1 /gm)).toHaveLength(1);
    expect((await readLeads()).data!.leads.filter((l) => l.name === 'Stray Byte')).toHaveLength(1);

    const session = JSON.stringify({ type: 'session', sessionId: 'session_1751537730000_stray', pageUrl: `http://127.0.0.1:${port}/`, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36' });
    const event = await rawExchange(
      `POST /functions/v1/analytics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: text/plain\r\nUser-Agent: Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36\r\nX-Forwarded-For: 49.36.252.2\r\nContent-Length: ${session.length}\r\n\r\n${session}x`,
    );
    expect(event).toMatch(/^HTTP\/1\.1 201 /);
    // Garbage alone on a connection is still Node's 400, now with the server's headers.
    const garbage = await rawExchange('NOT HTTP\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(garbage).toContain('x-content-type-options: nosniff');
  });

  test('(38 N1) a POST whose chunked body is malformed gets 400 and its connection closed, whether or not the client closed its side; 1,000 of them leave no socket open', async () => {
    const malformed = (fn: string, type: string) =>
      `POST /functions/v1/${fn} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nTransfer-Encoding: chunked\r\nX-Forwarded-For: 49.36.248.1\r\n\r\nzz\r\n`;
    /** Sends `bytes`, half-closing (as printf … | nc does) or keeping the socket open; resolves with what came back once the server closed it. */
    const exchange = (bytes: string, halfClose: boolean) =>
      new Promise<string>((done, fail) => {
        const socket = net.createConnection({ host: '127.0.0.1', port });
        let answer = '';
        socket.on('data', (c: Buffer) => (answer += c.toString('latin1')));
        socket.on('close', () => done(answer));
        socket.on('error', fail);
        if (halfClose) socket.end(bytes);
        else socket.write(bytes);
      });
    const fds = () => readdirSync(`/proc/${server.pid}/fd`).length;
    for (const [fn, type] of [['leads', FORM], ['analytics', 'text/plain']] as const) {
      for (const halfClose of [true, false]) {
        expect([fn, halfClose, await exchange(malformed(fn, type), halfClose)]).toEqual([fn, halfClose, expect.stringMatching(/^HTTP\/1\.1 400 Bad Request\r\n/)]);
      }
    }
    const idle = fds();
    for (let round = 0; round < 50; round++) {
      await Promise.all(Array.from({ length: 20 }, (_, i) => exchange(malformed(i % 2 ? 'leads' : 'analytics', i % 2 ? FORM : 'text/plain'), i % 4 < 2)));
    }
    expect(fds()).toBeLessThanOrEqual(idle + 10);
    expect((await request('/')).status).toBe(200);
  });

  test('(25.7) the dashboard has one address: /analytics.html and //analytics redirect to /analytics; so does any page by its file name', async () => {
    for (const [from, to] of [['/analytics.html', '/analytics'], ['//analytics', '/analytics'], ['/services.html?x=1', '/services?x=1'], ['/index.html', '/'], ['/blog//x', '/blog/x']]) {
      const res = await request(from!);
      expect([from, res.status, res.headers.location]).toEqual([from, 301, to]);
    }
    expect((await request('/404.html')).status).toBe(404);
  });

  test('(38 N3) the public /analytics page embeds what the dashboard reads, and nothing else of site.yaml: not the form service that names the owner', async () => {
    const page = await request('/analytics');
    expect(page.status).toBe(200);
    expect(page.body).not.toContain(FORWARD_TO);
    expect(page.body).not.toContain(new URL(FORWARD_TO).pathname.slice(1));
    const island = /<script type="application\/json" id="island-analytics">(.*?)<\/script>/s.exec(page.body)?.[1];
    const built = parseDocument(readFileSync(path.join(content, 'site.yaml'), 'utf8')).toJS() as { analytics: { endpoint: string }; forms: { contactEndpoint: string } };
    const props = JSON.parse(island!) as { words: Record<string, string> };
    expect(props).toEqual({ title: expect.any(String), words: expect.any(Object), endpoints: { analytics: built.analytics.endpoint, leads: built.forms.contactEndpoint } });
    // Its words are the catalogue's dashboard.* messages, none of the rest.
    expect(Object.keys(props.words).filter((k) => !k.startsWith('dashboard.'))).toEqual([]);
  });

  test('(38 N4) every percent-encoded spelling of a path goes to its one address, so the dashboard is answered (and kept out of the counts) at /analytics alone', async () => {
    const word = 'analytics';
    const spellings = [...word].flatMap((c, i) => {
      const hex = c.charCodeAt(0).toString(16);
      return [hex, hex.toUpperCase()].map((h) => `/${word.slice(0, i)}%${h}${word.slice(i + 1)}`);
    });
    spellings.push(`/${[...word].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')}`, '/%61nalytics/', '//%61nalytic%73');
    for (const spelling of spellings) {
      const res = await request(spelling);
      expect([spelling, res.status, res.headers.location]).toEqual([spelling, 301, '/analytics']);
    }
    expect((await request('/%61nalytics?key=1')).headers.location).toBe('/analytics?key=1');
    expect((await request('/analytics')).status).toBe(200);
    // Any page, not the dashboard alone; "%25" is a percent sign, another path.
    expect((await request('/%73ervices')).headers.location).toBe('/services');
    expect((await request(`/blog/${aliased.slug.slice(0, -1)}%${aliased.slug.charCodeAt(aliased.slug.length - 1).toString(16)}`)).headers.location).toBe(`/blog/${aliased.slug}`);
    expect((await request('/%2561nalytics')).status).toBe(404);
    const accented = await request('/caf%c3%a9');
    expect([accented.status, accented.headers.location]).toEqual([301, '/caf%C3%A9']);
    expect((await request('/caf%C3%A9')).status).toBe(404);
  });

  test('(25.9) every answer carries nosniff, a CSP, frame and referrer rules and HSTS: functions (JSON, CSV, HTML, 204, 401, 403, 405) and the server (301, 400, 414)', async () => {
    const key = secrets().dashboardKey;
    const origin = `http://127.0.0.1:${port}`;
    const answers: [string, Answer][] = [
      ['analytics 201', await post('/functions/v1/analytics', JSON.stringify({ type: 'session', sessionId: 'session_1751537730000_hdr', pageUrl: `${origin}/` }), { 'content-type': 'text/plain', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36', 'x-forwarded-for': '49.36.253.1' })],
      ['analytics 400', await post('/functions/v1/analytics', '{', { 'content-type': 'text/plain', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36', 'x-forwarded-for': '49.36.253.1' })],
      ['analytics 204', await request('/functions/v1/analytics', 'OPTIONS', { origin })],
      ['analytics 401', await request('/functions/v1/analytics', 'GET', { 'x-forwarded-for': '49.36.253.2' })],
      ['analytics 403', await request('/functions/v1/analytics', 'GET', { origin: 'https://evil.example' })],
      ['analytics 405', await request('/functions/v1/analytics', 'DELETE')],
      ['leads CSV', await request('/functions/v1/leads?format=csv', 'GET', { authorization: `Bearer ${key}`, 'x-forwarded-for': '49.36.253.3' })],
      ['leads 303', await post('/functions/v1/leads', quote('Header Check'), { 'content-type': FORM, 'x-forwarded-for': '49.36.253.4' })],
      ['leads 400 page', await post('/functions/v1/leads', quote(''), { 'content-type': FORM, 'x-forwarded-for': '49.36.253.4' })],
      ['server 301', await request('/about/')],
      ['server 400', await request('/%E0%A4%A')],
      ['server 414', await request(`/${'a'.repeat(3000)}`)],
    ];
    for (const [what, res] of answers) {
      expect([what, res.headers['x-content-type-options']]).toEqual([what, 'nosniff']);
      expect([what, res.headers['content-security-policy']]).toEqual([what, expect.stringContaining("frame-ancestors 'none'")]);
      expect([what, res.headers['x-frame-options'], typeof res.headers['referrer-policy']]).toEqual([what, 'DENY', 'string']);
      expect([what, res.headers['strict-transport-security']]).toEqual([what, expect.stringMatching(/^max-age=\d{8}/)]);
    }
    expect(answers.map(([w, r]) => `${w}: ${r.status}`)).toEqual([
      'analytics 201: 201', 'analytics 400: 400', 'analytics 204: 204', 'analytics 401: 401', 'analytics 403: 403', 'analytics 405: 405',
      'leads CSV: 200', 'leads 303: 303', 'leads 400 page: 400', 'server 301: 301', 'server 400: 400', 'server 414: 414',
    ]);
  });

  test('(25.10) the leads CSV shows every formula-like cell as text: after a space, NBSP, zero-width space, BOM, a full-width ＝, or a ";"', async () => {
    const names = [' =1+1', '\u00a0=1+1', '\u200b=1+1', '\ufeffAsha', '＝1+1', 'Asha;=1+1', 'Asha; "=1+1'];
    for (const [i, name] of names.entries()) {
      expect((await post('/functions/v1/leads', quote(name), { 'content-type': FORM, 'x-forwarded-for': `49.36.254.${i}` })).status).toBe(303);
    }
    const csv = (await readLeads('?format=csv', '49.36.254.100')).body;
    for (const cell of ["' =1+1", "'\u00a0=1+1", "'\u200b=1+1", "'\ufeffAsha", "'＝1+1", '"Asha;\'=1+1"', '"Asha;\' ""=1+1"']) expect(csv).toContain(`,${cell},`);
  });

  test('(25.11) leads take ?format=csv or none; wrong dashboard keys are throttled; the data folder is private, and stays so', async () => {
    const key = secrets().dashboardKey;
    const asked = await request('/functions/v1/leads?format=xml', 'GET', { authorization: `Bearer ${key}`, 'x-forwarded-for': '49.36.255.1' });
    expect([asked.status, JSON.parse(asked.body)]).toEqual([400, { error: 'format must be csv, or left out for JSON' }]);

    for (const fn of ['analytics', 'leads']) {
      const client = fn === 'analytics' ? '49.36.255.2' : '49.36.255.3';
      const guess = (k: string) => request(`/functions/v1/${fn}`, 'GET', { authorization: `Bearer ${k}`, 'x-forwarded-for': client });
      const statuses = [];
      for (let i = 0; i < 11; i++) statuses.push((await guess(`guess-${i}`)).status);
      expect([fn, statuses]).toEqual([fn, [...Array(10).fill(401), 429]]);
      // Even the right key waits: the client's guesses are used up.
      expect((await guess(key)).status).toBe(429);
      expect((await request(`/functions/v1/${fn}`, 'GET', { authorization: `Bearer ${key}`, 'x-forwarded-for': '49.36.255.4' })).status).toBe(200);
    }

    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    // A file PGlite writes later with the process's umask (as its relcache files were) is made private again.
    const stray = path.join(work, 'pg_internal.init.tmp');
    writeFileSync(stray, '', { mode: 0o644 });
    const target = path.join(dataDir, 'pglite', 'global', 'site-test.init');
    renameSync(stray, target);
    let mode = statSync(target).mode & 0o777;
    for (let i = 0; i < 2400 && mode !== 0o600; i++) { // a bound for a broken run, not a slow one
      await new Promise((r) => setTimeout(r, 25));
      mode = statSync(target).mode & 0o777;
    }
    rmSync(target);
    expect(mode).toBe(0o600);
  });

  test('an alert for each lead reaches the webhook, signed, with its idempotency key', async () => {
    const before = receiver.received.length;
    expect((await post('/functions/v1/leads', quote('Alert Me'), { 'content-type': FORM, 'x-forwarded-for': '49.36.249.1' })).status).toBe(303);
    await receiver.waitFor(before + 1);
    const hooks = receiver.received.filter((r) => JSON.parse(r.body).lead.name === 'Alert Me');
    expect(hooks).toHaveLength(1);
    expect(verifyWebhook(WEBHOOK_SECRET, hooks[0]!)).toBe(true);
    expect(hooks[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('site start while its database starts', () => {
  test('pages are served before the database is up; a database that cannot start answers a waiting request 503, stops the server with exit 2 and says why', async () => {
    // A "Postgres" that takes connections and answers nothing until the test hangs up: the start
    // cannot finish before the test says so, however fast or slow the machine is.
    const held: net.Socket[] = [];
    let hungUp = false;
    const silent = net.createServer((socket) => (hungUp ? socket.destroy() : held.push(socket)));
    const reached = new Promise((r) => silent.once('connection', r));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const dbPort = (silent.address() as net.AddressInfo).port;
    const sitePort = await freePort();
    const proc = spawn(process.execPath, ['cli/bin.mjs', 'start', '--no-build', '--dist', out, '--port', String(sitePort)], {
      env: { ...process.env, SITE_DATA_DIR: path.join(work, 'waiting-data'), DATABASE_URL: `postgres://site:site@127.0.0.1:${dbPort}/site` },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    const exited = new Promise<number | null>((r) => proc.once('exit', r));
    const printed = (text: string) =>
      new Promise<void>((ready, fail) => {
        const check = () => log.includes(text) && ready();
        proc.stderr!.on('data', (d) => {
          log += d;
          check();
        });
        void exited.then(() => fail(new Error(`site start exited before printing "${text}":\n${log}`)));
        check();
      });
    try {
      await printed('Site:');
      // (/services: an earlier test of this file replaced dist/ without /about.)
      const page = await fetch(`http://127.0.0.1:${sitePort}/services`);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<h1[ >]/);
      await reached; // the start is waiting on it
      expect(log).not.toContain('Analytics:');

      // A lead sent meanwhile waits for the database. "Expect: 100-continue" makes the server say
      // when it holds the request (Node answers 100 as it hands the request over), so the database
      // fails only once the request is waiting, however fast the machine is.
      let held100!: () => void;
      const holding = new Promise<void>((r) => (held100 = r));
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({
          host: '127.0.0.1',
          port: sitePort,
          path: '/functions/v1/leads',
          method: 'POST',
          headers: { 'content-type': 'application/json', expect: '100-continue', origin: `http://127.0.0.1:${sitePort}` },
        });
        req.on('continue', () => {
          held100();
          req.end(JSON.stringify({ name: 'Asha', phone: '+919876543210', message: 'TV has no picture' }));
        });
        req.on('response', (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
      });
      await holding;

      hungUp = true;
      silent.close();
      for (const socket of held) socket.destroy();
      // The waiting request is answered with the reason, not an error page, before the server stops.
      const { status, body } = await answer;
      expect(status).toBe(503);
      expect(JSON.parse(body)).toEqual({ error: 'the analytics database did not start; nothing was stored' });
      expect(await exited).toBe(2);
      expect(log).toContain('The analytics database did not start');
      expect(log).not.toContain('Press Ctrl+C');
    } finally {
      if (proc.exitCode === null) proc.kill('SIGKILL');
      silent.close();
    }
  });
});
