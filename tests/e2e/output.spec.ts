import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'htmlparser2';
import { DomUtils } from 'htmlparser2';
import { parse } from 'yaml';
import { FEED_ITEMS } from '#core/pipeline/feed.ts';
import { ROUTES } from './screen-support.ts';
import { DIST, expect, pageData, sitemapPaths, test } from './support.ts';

/** The default language's posts, as the build's manifest lists them (the feed is of that language). */
const posts = ROUTES.filter((r) => r.kind === 'post').map((r) => r.path);

test('the RSS feed parses and lists the newest published posts (all of them, up to FEED_ITEMS) with their metadata, newest first', async ({ request }) => {
  const res = await request.get('/rss.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('xml');
  const doc = parseDocument(await res.text(), { xmlMode: true });
  const items = DomUtils.getElementsByTagName('item', doc);
  expect(posts.length, 'the content has a published post').toBeGreaterThan(0);
  expect(posts.filter((p) => !sitemapPaths().includes(p))).toEqual([]);
  expect(items).toHaveLength(Math.min(posts.length, FEED_ITEMS));
  const text = (el: unknown, tag: string) => DomUtils.textContent(DomUtils.getElementsByTagName(tag, el as never)[0]!);
  const listed = items.map((i) => new URL(text(i, 'link')).pathname);
  expect(listed.filter((p) => !posts.includes(p))).toEqual([]);
  expect(new Set(listed).size).toBe(listed.length);
  for (const item of items) {
    for (const tag of ['title', 'guid', 'pubDate', 'dc:creator', 'category', 'description', 'content:encoded']) {
      expect(text(item, tag).length, tag).toBeGreaterThan(0);
    }
  }
  const dates = items.map((i) => Date.parse(text(i, 'pubDate')));
  expect(dates).toEqual([...dates].sort((a, b) => b - a));
});

test('every page links the feed from its head', async ({ request }) => {
  for (const p of ['/', '/about', posts[0]!]) {
    const html = await (await request.get(p)).text();
    expect(html.slice(0, html.indexOf('</head>'))).toContain('<link rel="alternate" type="application/rss+xml"');
  }
});

test('sitemap lastmod is each page\'s content date, not the build time', async () => {
  const xml = readFileSync(path.join(DIST, 'sitemap.xml'), 'utf8');
  const lastmod = new Map([...xml.matchAll(/<loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/g)].map((m) => [new URL(m[1]!).pathname, m[2]]));
  for (const p of posts) {
    const data = (await pageData(p)) as { card: { date: string }; updated?: string };
    expect(lastmod.get(p), p).toBe(data.updated ?? data.card.date);
  }
  // A fixed page's is the `updated` of its entry in content/pages.yaml, and none when it has none.
  const fixed = parse(readFileSync(path.resolve('content/pages.yaml'), 'utf8')) as { path: string; updated?: string }[];
  for (const page of fixed.filter((f) => lastmod.has(f.path))) expect(lastmod.get(page.path), page.path).toBe(page.updated);
  expect(fixed.filter((f) => lastmod.has(f.path)).length).toBeGreaterThan(0);
});

test('the server sends the same headers as dist/_headers on a sample of routes', async ({ request }) => {
  const file = readFileSync(path.join(DIST, '_headers'), 'utf8');
  const expected = Object.fromEntries(
    file
      .split('\n/assets/*')[0]!
      .split('\n')
      .slice(1)
      .map((l) => l.trim().split(/:\s(.+)/).slice(0, 2) as [string, string]),
  );
  for (const p of ['/', '/services', posts[0]!, '/no-such-page']) {
    const res = await request.get(p);
    for (const [name, value] of Object.entries(expected)) expect(res.headers()[name.toLowerCase()], `${p} ${name}`).toBe(value);
  }
});

test('content images come in AVIF and WebP at several widths, with a fallback, dimensions and lazy loading', async ({ page, request }) => {
  // One a card: the featured article's and the grid's, as the index's data has them.
  const index = (await pageData('/blog')) as { featured?: unknown; grid: unknown[] };
  const cards = (index.featured ? 1 : 0) + index.grid.length;
  expect(cards, 'the content has a published post').toBeGreaterThan(0);
  await page.goto('/blog');
  const pictures = page.locator('main picture');
  await expect(pictures).toHaveCount(cards);
  const first = pictures.first();
  await expect(first.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /480w, .*800w, .*1200w$/);
  await expect(first.locator('source[type="image/webp"]')).toHaveAttribute('srcset', /\.webp 480w/);
  const img = first.locator('img');
  await expect(img).toHaveAttribute('width', '1200');
  await expect(img).toHaveAttribute('height', '675');
  await expect(img).toHaveAttribute('alt', /\w{5,}/);
  // Below the first screen, lazy: the grid's last card, and the home page's latest posts (cards too).
  if (index.grid.length) await expect(pictures.last().locator('img')).toHaveAttribute('loading', 'lazy');
  const home = await (await request.get('/')).text();
  const latest = home.slice(home.indexOf('id="latest-posts"'));
  expect(latest.match(/<img [^>]*>/)?.[0]).toContain('loading="lazy"');
  const srcset = (await first.locator('source[type="image/avif"]').getAttribute('srcset'))!;
  const url480 = srcset.split(', ')[0]!.split(' ')[0]!;
  const res = await request.get(url480);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/avif');
  const { default: sharp } = await import('sharp');
  const meta = await sharp(await res.body()).metadata();
  expect([meta.width, meta.height]).toEqual([480, 270]);
});
