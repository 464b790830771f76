import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { parse } from 'yaml';
import { run } from '#cli/index.ts';
import { createApp } from '#cli/lib/server/app.ts';
import { BOOT_SCRIPT } from '#src/document.tsx';
import { manifestFile } from '#core/pipeline/record.ts';

const work = mkdtempSync(path.join(tmpdir(), 'site-build-'));
const out = path.join(work, 'dist');
/** What the build's content says: the site's origin, and the /about entry of pages.yaml. */
const { origin } = parse(readFileSync(path.resolve('content/site.yaml'), 'utf8')) as { origin: string };
const about = (parse(readFileSync(path.resolve('content/pages.yaml'), 'utf8')) as { path: string; updated?: string }[]).find((p) => p.path === '/about')!;

beforeAll(async () => {
  const code = await run(['node', 'site', 'build', '--quiet', '--out', out]);
  expect(code).toBe(0);
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('site build', () => {
  test('writes each page at its path with no trailing slash, plus 404, sitemap and robots', () => {
    for (const f of ['index.html', 'about.html', 'privacy-policy.html', '404.html', 'sitemap.xml', 'robots.txt', 'og/default.png']) {
      expect(existsSync(path.join(out, f)), f).toBe(true);
    }
    // No page data files: pages are whole HTML, and the browser fetches nothing else to show one (decision 067).
    expect(existsSync(path.join(out, '_data'))).toBe(false);
    const sitemap = readFileSync(path.join(out, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain(`<loc>${origin}/about</loc>${about.updated ? `<lastmod>${about.updated}</lastmod>` : ''}`);
    expect(sitemap).not.toContain('/analytics');
    expect(sitemap).not.toContain('/thank-you');
    expect(sitemap).not.toContain('/404');
    expect(readFileSync(path.join(out, 'robots.txt'), 'utf8')).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });

  test('publishes nothing of the build itself: its record (manifest, build info) lies beside dist/, and no file names a path of this machine', () => {
    const files = readdirSync(out, { recursive: true, withFileTypes: true }).filter((d) => d.isFile());
    expect(files.map((d) => path.relative(out, path.join(d.parentPath, d.name))).filter((f) => f.startsWith('_site') || f.includes('manifest.json') || f.includes('build.json'))).toEqual([]);
    for (const d of files) for (const local of [work, process.cwd()]) expect(readFileSync(path.join(d.parentPath, d.name)).includes(local), d.name).toBe(false);
    expect(JSON.parse(readFileSync(manifestFile(out), 'utf8'))).toMatchObject({ origin });
  });

  test('inlines the stylesheet in <head>, preloads nothing, and starts the entry only from the end of <body>', () => {
    const html = readFileSync(path.join(out, 'index.html'), 'utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    // The page's own rules (decision 092), of the classes its elements carry (decision 113).
    const style = /<style>([\s\S]*?)<\/style>/.exec(head)?.[1] ?? '';
    const body = html.slice(html.indexOf('<body'));
    const colored = [...style.matchAll(/\.([\w-]+)\{background-color:/g)].map((m) => m[1]!);
    expect(colored.filter((name) => new RegExp(`class="(?:[^"]* )?${name}[ "]`).test(body)).length).toBeGreaterThan(0);
    expect(head).not.toContain('modulepreload');
    // Data and the browser's speculation rules only: no script runs in <head>.
    expect(head).not.toMatch(/<script(?! type="(?:application\/ld\+json|speculationrules)")/);
    const boot = /<script id="site-boot" data-src="(\/assets\/entry-client-[^"]+\.js)">(.*?)<\/script><\/body><\/html>$/.exec(html);
    expect(boot?.[2]).toBe(BOOT_SCRIPT);
    expect(existsSync(path.join(out, boot![1]!))).toBe(true);
  });

  test('the browser bundle is React\'s production build, though vitest runs with NODE_ENV=test', () => {
    expect(process.env.NODE_ENV).toBe('test');
    const assets = readdirSync(path.join(out, 'assets')).filter((f) => f.endsWith('.js'));
    const js = assets.map((f) => readFileSync(path.join(out, 'assets', f), 'utf8')).join('\n');
    expect(assets.filter((f) => f.includes('dev-runtime'))).toEqual([]);
    expect(js).not.toContain('jsxDEV');
    expect(js).not.toContain('react.dev/link/hydration-mismatch');
  });

  test('builds with its caches in a folder outside the project (SITE_CACHE_DIR, as CI caches are)', () => {
    const cache = mkdtempSync(path.join(tmpdir(), 'site-cache-'));
    const elsewhere = path.join(work, 'dist-cached-elsewhere');
    try {
      const res = spawnSync(process.execPath, ['cli/bin.mjs', 'build', '--quiet', '--out', elsewhere], { encoding: 'utf8', env: { ...process.env, SITE_CACHE_DIR: cache } });
      expect(res.stderr).not.toContain('ERR_MODULE_NOT_FOUND');
      expect(res.status).toBe(0);
      expect(readFileSync(path.join(elsewhere, 'index.html'), 'utf8')).toBe(readFileSync(path.join(out, 'index.html'), 'utf8'));
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  }, 300_000);

  test('the social image is a real 1200x630 PNG', () => {
    const png = readFileSync(path.join(out, 'og/default.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(1200);
    expect(png.readUInt32BE(20)).toBe(630);
  });

  test('a content error stops the build with exit 1 and leaves the output folder alone', async () => {
    const content = path.join(work, 'bad-content');
    cpSync(path.resolve('content'), content, { recursive: true });
    const site = path.join(content, 'site.yaml');
    writeFileSync(site, readFileSync(site, 'utf8').replace(/^( +postalCode:).*$/m, '$1 302020x'));
    const before = readFileSync(path.join(out, 'index.html'), 'utf8');
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const code = await run(['node', 'site', 'build', '--quiet', '--content', content, '--out', out]);
    const printed = stderr.mock.calls.map((c) => String(c[0])).join('');
    stderr.mockRestore();
    expect(code).toBe(1);
    expect(printed).toContain('site › address.postalCode');
    expect(printed).toMatch(/bad-content\/site\.yaml:\d+:\d+/);
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe(before);
  });
});

describe('the Node server', () => {
  const app = () => createApp({ dist: out });

  test('serves a page at its path as HTML, revalidated on every visit', async () => {
    const res = await app().request('/about');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(await res.text()).toContain('<title>About Us | ');
  });

  test('caches hashed assets for a year', async () => {
    const html = readFileSync(path.join(out, 'index.html'), 'utf8');
    const js = /data-src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const res = await app().request(js);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  test('answers unknown paths with the 404 page and status 404', async () => {
    const res = await app().request('/no/such/page');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Oops! Page not found');
    expect((await app().request('/404')).status).toBe(404);
  });

  test('redirects a trailing slash to the path without it, and serves nothing outside dist/', async () => {
    const res = await app().request('/about/?x=1');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/about?x=1');
    for (const sneaky of ['/%2e%2e/package.json', '/..%2fpackage.json', '/assets/..%2f..%2fpackage.json']) {
      const r = await app().request(sneaky);
      expect([400, 404], sneaky).toContain(r.status);
      expect(await r.text()).not.toContain('"devDependencies"');
    }
  });
});
