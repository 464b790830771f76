#!/usr/bin/env node
// Byte budgets of the built site (dist/): what a browser downloads for a page, gzip-compressed.
// The JavaScript a page loads is measured in Chromium (every script response after hydration),
// so it counts exactly the chunks the page pulls in. Pages are measured at gzip level 6, the
// budget of issue 26 (every page, its own stylesheet inlined, in the first TCP window).
// Usage: node bench/sizes.mjs [dist] [count=15]: the largest pages, each with the part its own
// stylesheet takes (the page's gzip size less that of the page without its <style>).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromiumPath } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const kb = (n) => (n / 1024).toFixed(2);
export const BUDGETS = { homeJs: 5 * 1024, css: 15 * 1024, pageHtml: 14 * 1024 };

export const gz = (buf) => gzipSync(buf, { level: 9 }).length;

/** Every page of dist/: its path and gzip (level 6) size, largest first. */
function pageSizes(dist, dir = '') {
  return readdirSync(path.join(dist, dir), { withFileTypes: true })
    .flatMap((d) => (d.isDirectory() ? pageSizes(dist, path.join(dir, d.name)) : d.name.endsWith('.html') ? [{ page: path.join(dir, d.name), gzip: gzipSync(readFileSync(path.join(dist, dir, d.name)), { level: 6 }).length }] : []))
    .sort((a, b) => b.gzip - a.gzip);
}

/** The gzip size of the whole stylesheet (a page inlines its own part of it), and of every page's HTML (largest first). */
export function staticSizes(dist = path.join(root, 'dist')) {
  const css = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.css'));
  const cssBytes = css.reduce((n, f) => n + gz(readFileSync(path.join(dist, 'assets', f))), 0);
  const pages = pageSizes(dist);
  return { cssBytes, pages, homeHtml: pages.find((p) => p.page === 'index.html')?.gzip ?? 0 };
}

/** Load `url` in Chromium and return the gzip size of each script it fetched. */
export async function scriptsLoaded(url) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') scripts.push({ url: new URL(res.url()).pathname, body: res.body() });
    });
    await page.goto(url);
    await page.waitForSelector('html[data-enhanced]', { state: 'attached' });
    await page.waitForLoadState('networkidle');
    return Promise.all(scripts.map(async (s) => ({ url: s.url, gzip: gz(await s.body) })));
  } finally {
    await browser.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
  const { pages } = staticSizes(dist);
  const withoutStyle = (page) => gzipSync(readFileSync(path.join(dist, page), 'utf8').replace(/<style>[\s\S]*?<\/style>/, '<style></style>'), { level: 6 }).length;
  console.table(pages.slice(0, Number(process.argv[3] ?? 15)).map((p) => ({ page: p.page, 'KB gzip -6': kb(p.gzip), 'its stylesheet, KB': kb(p.gzip - withoutStyle(p.page)) })));
  const over = pages.filter((p) => p.gzip > BUDGETS.pageHtml);
  console.log(`${pages.length} pages; ${over.length} over ${kb(BUDGETS.pageHtml)} KB${over.length ? `: ${over.map((p) => p.page).join(', ')}` : ''}`);
}
