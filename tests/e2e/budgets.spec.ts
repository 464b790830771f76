import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { ALL_ROUTES, ROUTES } from './screen-support.ts';
import { DIST, expect, test, waitForEnhanced } from './support.ts';

/** The JavaScript a content page may load, gzip (issue 15: static HTML, enhanced, was 110 KB of hydration; issue 26: 5.0 KB with its own navigation, 4.2 KB without). */
const PAGE_JS_BUDGET = 5 * 1024;
/** Every page, its stylesheet inlined, in the first TCP window: 14 KB of gzip at level 6 (issue 26, decision 092). */
const PAGE_HTML_BUDGET = 14 * 1024;

const gz = (b: Buffer) => gzipSync(b, { level: 9 }).length;

/** Every script a page loads before it settles, with its gzip size. */
async function scriptsOf(page: Page, url: string) {
  const scripts: { url: string; body: Promise<Buffer> }[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push({ url: new URL(res.url()).pathname, body: res.body() });
  });
  await page.goto(url);
  await waitForEnhanced(page);
  await page.waitForLoadState('networkidle');
  return Promise.all(scripts.map(async (s) => ({ url: s.url, gzip: gz(await s.body), text: (await s.body).toString() })));
}

/** How many elements of the page (or of `selector`) React has attached itself to. */
const reactOwned = (page: Page, selector = '*') =>
  page.evaluate((sel) => [...document.querySelectorAll(sel)].filter((el) => Object.keys(el).some((k) => k.startsWith('__react'))).length, selector);

const first = (routes: typeof ROUTES, kind: string) => routes.find((r) => r.kind === kind)?.path;
// Every language: another language's shell is the same script.
const others = ALL_ROUTES.filter((r) => !ROUTES.includes(r));
const contentPages = ['/', first(ROUTES, 'brand'), first(ROUTES, 'area'), first(ROUTES, 'post'), first(others, 'home'), first(others, 'brand'), first(others, 'area')].filter((p): p is string => !!p);

for (const url of contentPages) {
  test(`${url} stays HTML: one small script (at most ${PAGE_JS_BUDGET / 1024} KB gzip), no React, nothing hydrated`, async ({ page }) => {
    const scripts = await scriptsOf(page, url);
    const total = scripts.reduce((n, s) => n + s.gzip, 0);
    expect(total, JSON.stringify(scripts.map((s) => [s.url, s.gzip]))).toBeLessThanOrEqual(PAGE_JS_BUDGET);
    expect(scripts.map((s) => s.url)).toEqual([expect.stringMatching(/^\/assets\/entry-client-[\w-]+\.js$/)]);
    // React's renderer is not among them, and no element of the page belongs to a React root.
    expect(scripts.some((s) => s.text.includes('react.dev/errors'))).toBe(false);
    expect(await reactOwned(page)).toBe(0);
    // Its controls still answer: the enhancer is there.
    await expect(page.locator('html')).toHaveAttribute('data-enhanced', '');
  });
}

test('/analytics runs its dashboard as the one island: React owns that element only', async ({ page }) => {
  // Waits for the island itself, not for a quiet network: on a loaded machine its script came after
  // the 500 ms of quiet that 'networkidle' takes as the end.
  const scripts: string[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(new URL(res.url()).pathname);
  });
  await page.goto('/analytics');
  await expect.poll(() => reactOwned(page, '[data-island="analytics"]')).toBe(1);
  expect(scripts.some((s) => /\/analytics-[\w-]+\.js$/.test(s))).toBe(true);
  expect(await reactOwned(page, 'header, footer, header *, footer *, #contact-panel, dialog')).toBe(0);
});

/** Every page of dist/ (its path, and the file's bytes). */
function pagesOf(dir: string, base = ''): [string, Buffer][] {
  return readdirSync(path.join(dir, base), { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? pagesOf(dir, path.join(base, d.name)) : d.name.endsWith('.html') ? [[path.join(base, d.name), readFileSync(path.join(dir, base, d.name))] as [string, Buffer]] : [],
  );
}

test(`every page of the site, its stylesheet included, is at most ${PAGE_HTML_BUDGET / 1024} KB of gzip (level 6): one round trip`, () => {
  const pages = pagesOf(DIST);
  // Every route the build's manifest lists is among the files weighed (none left out of the budget).
  const files = new Set(pages.map(([file]) => file));
  expect(ALL_ROUTES.length).toBeGreaterThan(0);
  expect(ALL_ROUTES.map((r) => r.file).filter((f) => !files.has(f))).toEqual([]);
  const over = pages.map(([file, html]) => [file, gzipSync(html, { level: 6 }).length] as const).filter(([, size]) => size > PAGE_HTML_BUDGET);
  expect(over).toEqual([]);
});

test('the whole stylesheet (what a page with an island inlines) is at most 15 KB of gzip', () => {
  const css = readdirSync(path.join(DIST, 'assets')).filter((f) => f.endsWith('.css'));
  expect(css).toHaveLength(1);
  expect(gz(readFileSync(path.join(DIST, 'assets', css[0]!)))).toBeLessThanOrEqual(15 * 1024);
});

test('the icons every page draws come from one sprite the server sends, cached for a year', async ({ request }) => {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const sprites = new Set([...html.matchAll(/<use href="([^"#]+)#([\w-]+)"/g)].map((m) => m[1]));
  expect([...sprites]).toEqual([expect.stringMatching(/^\/assets\/icons-[\w-]+\.svg$/)]);
  const res = await request.get([...sprites][0]!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/svg+xml');
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const ids = new Set([...(await res.text()).matchAll(/<symbol id="([\w-]+)"/g)].map((m) => m[1]));
  for (const [, id] of html.matchAll(/<use href="[^"#]+#([\w-]+)"/g)) expect(ids.has(id), id).toBe(true);
});
