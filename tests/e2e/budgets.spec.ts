import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST, expect, test, waitForHydration } from './support.ts';

const gz = (b: Buffer) => gzipSync(b, { level: 9 }).length;

test('the home page loads at most 110 KB of JavaScript (gzip), and no other page\'s screen', async ({ page }) => {
  const scripts: { url: string; body: Promise<Buffer> }[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push({ url: new URL(res.url()).pathname, body: res.body() });
  });
  await page.goto('/');
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all(scripts.map(async (s) => ({ url: s.url, gzip: gz(await s.body) })));
  const total = sizes.reduce((n, s) => n + s.gzip, 0);
  expect(total, JSON.stringify(sizes)).toBeLessThanOrEqual(110 * 1024);
  const screens = sizes.map((s) => s.url).filter((u) => /-page-[\w-]+\.js$/.test(u));
  expect(screens.every((u) => /\/home-page-/.test(u)), screens.join(', ')).toBe(true);
});

test('the stylesheet is at most 15 KB and the home page HTML at most 30 KB (gzip)', () => {
  const html = readFileSync(path.join(DIST, 'index.html'));
  const css = /<style>(.*?)<\/style>/s.exec(html.toString())![1]!;
  expect(gz(Buffer.from(css))).toBeLessThanOrEqual(15 * 1024);
  expect(gz(html)).toBeLessThanOrEqual(30 * 1024);
});
