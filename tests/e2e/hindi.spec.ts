// The Hindi edition (decision 081): every /hi page of the sitemap in Hindi, hreflang both ways over
// the whole sitemap, the language switch, accessibility, and a 360 px phone. That no Hindi page shows
// the shell's English text is checked on every page by the sweep of pages.spec.ts.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { axeViolations, preloadAxe, DIST, expect, ORIGIN, sitemapPaths, test, waitForEnhanced } from './support.ts';

const paths = sitemapPaths();
const hindi = paths.filter((p) => p === '/hi' || p.startsWith('/hi/'));
/** The sitemap's alternates of each URL: loc → { hreflang → href }. */
const sitemapAlternates = new Map(
  [...readFileSync(path.join(DIST, 'sitemap.xml'), 'utf8').matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)].map((m) => [
    m[1]!,
    Object.fromEntries([...m[2]!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((a) => [a[1]!, a[2]!])),
  ]),
);

test('the sitemap lists the Hindi edition, and every Hindi page answers 200 in Hindi', async ({ request }) => {
  expect(hindi).toEqual(expect.arrayContaining(['/hi', '/hi/about', '/hi/contact', '/hi/samsung-tv-repair', '/hi/tv-repair-mansarovar']));
  for (const p of hindi) {
    const res = await request.get(p, { maxRedirects: 0 });
    expect(res.status(), p).toBe(200);
    const html = await res.text();
    expect(html, p).toMatch(/^<!DOCTYPE html><html lang="hi"/);
    expect(html, p).toContain(`<link rel="canonical" href="${ORIGIN}${p}"/>`);
  }
});

test('hreflang alternates are reciprocal over the whole sitemap, in the pages and in the sitemap', async ({ request }) => {
  const alternates = new Map<string, Record<string, string>>();
  for (const p of paths) {
    const html = await (await request.get(p)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    alternates.set(`${ORIGIN}${p}`, Object.fromEntries([...head.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, m[2]!])));
  }
  let pairs = 0;
  for (const [url, alts] of alternates) {
    expect(sitemapAlternates.get(url) ?? {}, url).toEqual(alts);
    if (!Object.keys(alts).length) {
      expect(url.startsWith(`${ORIGIN}/hi`), `${url} is a Hindi page without alternates`).toBe(false);
      continue;
    }
    expect(Object.keys(alts).sort(), url).toEqual(['en-IN', 'hi-IN', 'x-default']);
    expect(alts['x-default'], url).toBe(alts['en-IN']);
    expect(Object.values(alts), url).toContain(url);
    for (const target of Object.values(alts)) {
      expect(alternates.get(target), `${url} lists ${target}, which is not in the sitemap`).toBeDefined();
      expect(alternates.get(target), `${target} does not list ${url} back`).toEqual(alts);
      pairs++;
    }
  }
  expect(pairs).toBeGreaterThan(hindi.length);
});

test('the language switch leads to the twin and back; a page without a twin has none', async ({ page }) => {
  await page.goto('/tv-repair-mansarovar');
  await waitForEnhanced(page);
  const toHindi = page.locator('header a[data-language-switch]');
  await expect(toHindi).toHaveText('हिन्दी');
  await expect(toHindi).toHaveAttribute('hreflang', 'hi-IN');
  await expect(toHindi).toHaveAttribute('lang', 'hi');
  await toHindi.click();
  await expect(page).toHaveURL(/\/hi\/tv-repair-mansarovar$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.locator('h1')).toContainText('मानसरोवर');
  const toEnglish = page.locator('header a[data-language-switch]');
  await expect(toEnglish).toHaveText('English');
  await expect(toEnglish).toHaveAttribute('hreflang', 'en-IN');
  await toEnglish.click();
  await expect(page).toHaveURL(/\/tv-repair-mansarovar$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await page.goto('/aoc-tv-repair');
  await expect(page.locator('a[data-language-switch]')).toHaveCount(0);
});

test('an unknown /hi/ path answers 404 with the Hindi not-found page', async ({ request }) => {
  const res = await request.get('/hi/no-such-page');
  expect(res.status()).toBe(404);
  expect(await res.text()).toMatch(/^<!DOCTYPE html><html lang="hi"/);
});

test('on a 360 px phone, the Hindi pages and an English twin show the switch, scroll nothing sideways and pass axe', async ({ page, consoleLog }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await preloadAxe(page);
  for (const p of ['/hi', '/hi/tv-repair-mansarovar', '/hi/samsung-tv-repair', '/tv-repair-mansarovar']) {
    await test.step(p, async () => {
      const errorsBefore = consoleLog.errors.length;
      expect.soft((await page.goto(p))?.status(), p).toBe(200);
      await waitForEnhanced(page);
      await expect.soft(page.locator('header a[data-language-switch]'), p).toBeVisible();
      expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), p).toBeLessThanOrEqual(360);
      expect.soft(await axeViolations(page), p).toEqual([]);
      expect.soft(consoleLog.errors.slice(errorsBefore), p).toEqual([]);
    });
  }
});
