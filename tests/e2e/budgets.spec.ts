import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { ROUTES } from './screen-support.ts';
import { DIST, expect, test, waitForEnhanced } from './support.ts';

/** The JavaScript a content page may load, gzip (issue 15: static HTML, enhanced; was 110 KB of hydration). */
const PAGE_JS_BUDGET = 16 * 1024;

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

const first = (kind: string, hindi: boolean) => ROUTES.find((r) => r.kind === kind && r.path.startsWith('/hi/') === hindi)?.path;
// Both languages: the Hindi edition's shell is the same script.
const contentPages = ['/', first('brand', false), first('area', false), first('post', false), '/hi', first('brand', true), first('area', true)].filter((p): p is string => !!p);

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
  const scripts = await scriptsOf(page, '/analytics');
  expect(scripts.some((s) => /\/analytics-[\w-]+\.js$/.test(s.url))).toBe(true);
  await expect.poll(() => reactOwned(page, '[data-island="analytics"]')).toBe(1);
  expect(await reactOwned(page, 'header, footer, header *, footer *, #contact-panel, dialog')).toBe(0);
});

test('the stylesheet is at most 15 KB and the home page HTML at most 30 KB (gzip)', () => {
  const html = readFileSync(path.join(DIST, 'index.html'));
  const css = /<style>(.*?)<\/style>/s.exec(html.toString())![1]!;
  expect(gz(Buffer.from(css))).toBeLessThanOrEqual(15 * 1024);
  expect(gz(html)).toBeLessThanOrEqual(30 * 1024);
});
