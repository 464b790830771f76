// The site's other languages (decisions 081, 110): every page of another language in the sitemap,
// in its language, hreflang both ways over the whole sitemap, the language switch, accessibility,
// and a 360 px phone. That no page shows the default language's shell text is checked on every
// page by the sweep of pages.spec.ts. Languages, tags and names are read from content.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ALL_ROUTES, SITE } from './screen-support.ts';
import { axeViolations, preloadAxe, DIST, expect, ORIGIN, sitemapPaths, test, waitForEnhanced } from './support.ts';

const [DEFAULT, ...OTHERS] = SITE.languages ?? ['en'];
/** Each language's own words about itself (content/messages/<code>.yaml `language`). */
const LANGUAGE = Object.fromEntries(
  [DEFAULT!, ...OTHERS].map((code) => [code, (parse(readFileSync(path.resolve(`content/messages/${code}.yaml`), 'utf8')) as { language: { name: string; tag: string; locale: string } }).language]),
);
const hreflang = (code: string) => LANGUAGE[code]!.locale.replace('_', '-');
const langOf = (p: string) => OTHERS.find((code) => p === `/${code}` || p.startsWith(`/${code}/`)) ?? DEFAULT!;
/** The default language's page of a page of another language: its path without the prefix. */
const defaultOf = (p: string, code: string) => p.slice(code.length + 1) || '/';

const paths = sitemapPaths();
const others = paths.filter((p) => langOf(p) !== DEFAULT);
/** The sitemap's alternates of each URL: loc → { hreflang → href }. */
const sitemapAlternates = new Map(
  [...readFileSync(path.join(DIST, 'sitemap.xml'), 'utf8').matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)].map((m) => [
    m[1]!,
    Object.fromEntries([...m[2]!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((a) => [a[1]!, a[2]!])),
  ]),
);

test('the sitemap lists each language\'s pages, and every one answers 200 in its language', async ({ request }) => {
  expect(others).toEqual(ALL_ROUTES.filter((r) => r.lang && r.lang !== DEFAULT && paths.includes(r.path)).map((r) => r.path));
  for (const p of others) {
    const res = await request.get(p, { maxRedirects: 0 });
    expect(res.status(), p).toBe(200);
    const html = await res.text();
    expect(html, p).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${LANGUAGE[langOf(p)]!.tag}"`));
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
      expect(langOf(new URL(url).pathname), `${url} is a page of another language without alternates`).toBe(DEFAULT);
      continue;
    }
    // The page's own language, x-default (the default language's page), and its twins'.
    expect(alts[hreflang(langOf(new URL(url).pathname))], url).toBe(url);
    expect(alts['x-default'], url).toBe(alts[hreflang(DEFAULT!)]);
    for (const target of Object.values(alts)) {
      expect(alternates.get(target), `${url} lists ${target}, which is not in the sitemap`).toBeDefined();
      expect(alternates.get(target), `${target} does not list ${url} back`).toEqual(alts);
      pairs++;
    }
  }
  expect(pairs).toBeGreaterThanOrEqual(others.length * 3);
});

for (const code of OTHERS) {
  test(`the language switch leads to the ${code} twin and back; a page without a twin has none`, async ({ page }) => {
    const twin = others.find((p) => langOf(p) === code && p !== `/${code}`) ?? others.find((p) => p === `/${code}`);
    if (!twin) {
      // A listed language with no page yet (a new project's second language): no page offers it.
      await page.goto('/');
      await waitForEnhanced(page);
      await expect(page.locator(`a[data-language-switch][hreflang="${hreflang(code)}"]`)).toHaveCount(0);
      return;
    }
    const original = defaultOf(twin, code);
    await page.goto(original);
    await waitForEnhanced(page);
    const toOther = page.locator(`header a[data-language-switch][hreflang="${hreflang(code)}"]`);
    await expect(toOther).toHaveText(LANGUAGE[code]!.name);
    await expect(toOther).toHaveAttribute('lang', LANGUAGE[code]!.tag);
    await toOther.click();
    await expect(page).toHaveURL(new RegExp(`${twin}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', LANGUAGE[code]!.tag);
    const back = page.locator(`header a[data-language-switch][hreflang="${hreflang(DEFAULT!)}"]`);
    await expect(back).toHaveText(LANGUAGE[DEFAULT!]!.name);
    await back.click();
    await expect(page).toHaveURL(new RegExp(`${original === '/' ? '/' : original}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', LANGUAGE[DEFAULT!]!.tag);
    const untranslated = paths.find((p) => langOf(p) === DEFAULT && !others.some((o) => langOf(o) === code && defaultOf(o, code) === p));
    if (untranslated) {
      await page.goto(untranslated);
      await expect(page.locator(`a[data-language-switch][hreflang="${hreflang(code)}"]`)).toHaveCount(0);
    }
  });

  test(`an unknown /${code}/ path answers 404 with the ${code} not-found page`, async ({ request }) => {
    const res = await request.get(`/${code}/no-such-page`);
    expect(res.status()).toBe(404);
    expect(await res.text()).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${LANGUAGE[code]!.tag}"`));
  });

  // Only for a language that has pages (a listed language without any is the switch test's case).
  const mine = others.filter((p) => langOf(p) === code).slice(0, 3);
  if (mine.length) test(`on a 360 px phone, the ${code} pages and a default twin show the switch, scroll nothing sideways and pass axe`, async ({ page, consoleLog }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await preloadAxe(page);
    for (const p of [...mine, defaultOf(mine.at(-1)!, code)]) {
      await test.step(p, async () => {
        const errorsBefore = consoleLog.errors.length;
        expect.soft((await page.goto(p))?.status(), p).toBe(200);
        await waitForEnhanced(page);
        await expect.soft(page.locator('header a[data-language-switch]').first(), p).toBeVisible();
        expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), p).toBeLessThanOrEqual(360);
        expect.soft(await axeViolations(page), p).toEqual([]);
        expect.soft(consoleLog.errors.slice(errorsBefore), p).toEqual([]);
      });
    }
  });
}
