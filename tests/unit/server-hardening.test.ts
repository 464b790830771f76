// Issue 10: `site start` under hostile input, through real HTTP to the real command on a random
// port, serving a real build (decision 050).
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { run } from '#cli/index.ts';
import { createNodeAnalytics } from '#cli/lib/server/analytics.ts';
import { bodyCache } from '#cli/lib/server/body-cache.ts';
import { liveDistIndex, MAX_PATH_LENGTH, resolve } from '#cli/lib/server/dist-index.ts';

const work = mkdtempSync(path.join(tmpdir(), 'site-harden-'));
const out = path.join(work, 'dist');
const dataDir = path.join(work, 'data');
let server: ChildProcess;
let port: number;

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
  expect(await run(['node', 'site', 'build', '--quiet', '--out', out])).toBe(0);
  writeFileSync(path.join(out, '.env'), 'SECRET=do-not-serve\n');
  // A database as earlier versions left it: PGlite's own modes (files 0666, folders 0755).
  mkdirSync(dataDir);
  await (await PGlite.create(path.join(dataDir, 'pglite'))).close();
  port = await freePort();
  server = spawn(process.execPath, ['cli/bin.mjs', 'start', '--no-build', '--dist', out, '--port', String(port)], {
    env: { ...process.env, SITE_DATA_DIR: dataDir },
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
    expect((await request('/blog/1?ref=x')).headers.location).toBe('/blog/why-is-my-led-tv-not-turning-on?ref=x');
  });

  test('build internals and dot-files get the normal 404 page; pictures stay public', async () => {
    const normal = await request('/no-such-page');
    expect(normal.body).toContain(ROOT_404);
    for (const hidden of ['/_site/manifest.json', '/_site/build.json', '/_headers', '/_redirects', '/.env', '//_site/build.json', '/%5fsite/build.json', '/_site/build']) {
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
    await (await createNodeAnalytics({ dataDir: fresh, allowedOrigins: [] })).close();
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
    // The same cached body, sent again uncompressed, whole.
    expect((await request('/about')).body).toBe(readFileSync(path.join(out, 'about.html'), 'utf8'));
  });

  test('the body cache keeps the most recently read files within its budget', async () => {
    const dir = mkdtempSync(path.join(work, 'bodies-'));
    const file = (name: string, text: string) => (writeFileSync(path.join(dir, name), text), path.join(dir, name));
    const [a, b, c] = [file('a', 'a1'.repeat(5)), file('b', 'b1'.repeat(5)), file('c', 'c1'.repeat(5))];
    const cache = bodyCache<object>({ maxBytes: 20 });
    const index = {};
    const read = async (f: string) => (await cache.read(index, f))?.toString();
    await read(a);
    await read(b);
    await read(a); // b is now the least recently used
    await read(c); // over budget: b goes
    for (const f of [a, b, c]) writeFileSync(f, 'changed');
    expect([await read(a), await read(c), await read(b)]).toEqual(['a1'.repeat(5), 'c1'.repeat(5), 'changed']);
    expect((await cache.read({}, a))?.toString()).toBe('changed'); // another index: a fresh cache
    expect(await cache.read({}, path.join(dir, 'missing'))).toBeUndefined();
  });

  // Last: it swaps the dist/ the other tests read.
  test('a rebuild that replaces dist/ by rename is served without a restart', async () => {
    const next = `${out}-next`;
    cpSync(out, next, { recursive: true });
    writeFileSync(path.join(next, 'brand-new.html'), '<!DOCTYPE html><title>Brand new</title>');
    writeFileSync(path.join(next, 'privacy-policy.html'), '<!DOCTYPE html><title>Rewritten</title>');
    rmSync(path.join(next, 'about.html'));
    expect((await request('/brand-new')).status).toBe(404);
    expect((await request('/privacy-policy')).body).not.toContain('Rewritten'); // now in the body cache
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
