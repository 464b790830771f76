import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { say, SITE } from './screen-support.ts';
import { axeViolations, expect, firstParagraphOf, ORIGIN, pageData, preloadAxe, sitemapPaths, test, waitForEnhanced } from './support.ts';

const paths = sitemapPaths();

/** Every value of a catalogue of content/messages, flattened: key → text. */
function messages(file: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (node: unknown, key: string) => {
    if (typeof node === 'string') out.set(key, node);
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, key ? `${key}.${k}` : k);
  };
  walk(parseYaml(readFileSync(resolve('content/messages', file), 'utf8')), '');
  return out;
}

const [DEFAULT, ...OTHERS] = SITE.languages ?? ['en'];
/** Each language's catalogue (content/messages/<code>.yaml), flattened. */
const CATALOGUE = new Map([DEFAULT!, ...OTHERS].map((code) => [code, messages(`${code}.yaml`)]));
/** The language of a path: another language's pages are under /<code>. */
const langOf = (p: string) => OTHERS.find((code) => p === `/${code}` || p.startsWith(`/${code}/`)) ?? DEFAULT!;
/**
 * For each other language, the default language's shell words that it writes differently (brand names
 * such as "WhatsApp" are the same in both; a catalogue not translated yet has none, which --go-live reports).
 * The `language` keys state a language, not words of a page: the switch names each language in its own words on purpose.
 */
const defaultShell = new Map(
  OTHERS.map((code) => [
    code,
    new Set(
      [...CATALOGUE.get(DEFAULT!)!]
        .filter(([key, text]) => !key.startsWith('language.') && CATALOGUE.get(code)!.get(key) !== text && /[a-z]{3}/i.test(text) && !text.includes('{'))
        .map(([, text]) => text),
    ),
  ]),
);

test('the sitemap lists the fixed pages', () => {
  for (const p of ['/', '/services', '/about', '/contact', '/testimonials', '/blog', '/service-center', '/privacy-policy']) {
    expect(paths).toContain(p);
  }
  expect(paths).not.toContain('/analytics');
  expect(paths).not.toContain('/thank-you');
});

test('every page of the sitemap: static HTML with one title in head, its canonical, locale, robots and valid JSON-LD', async ({ request }) => {
  for (const path of paths) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect.soft(res.status(), path).toBe(200);
    expect.soft(res.headers()['content-type'], path).toContain('text/html');
    const html = await res.text();
    expect.soft(html.match(/<title>/g) ?? [], path).toHaveLength(1);
    const head = html.slice(0, html.indexOf('</head>'));
    expect.soft(head, path).toContain('<title>');
    const canonicals = [...html.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((m) => m[1]);
    expect.soft(canonicals, path).toEqual([`${ORIGIN}${path}`]);
    expect.soft(head, path).toContain(`<meta property="og:locale" content="${CATALOGUE.get(langOf(path))!.get('language.locale')}"/>`);
    expect.soft(head, path).toContain('<meta name="robots" content="index, follow"/>');
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => m[1]!);
    expect.soft(blocks.length, path).toBeGreaterThan(0);
    const types = blocks.map((b) => (JSON.parse(b) as { '@type': string })['@type']);
    expect.soft(types, path).toContain('LocalBusiness');
  }
});

// Every page in the browser, a few pages per test on one page object: a fresh browser context per
// route cost more than the checks themselves, and groups let the two workers share the pages.
// /thank-you is not in the sitemap but is a page visitors see.
const swept = [...paths, '/thank-you'];
// About a dozen pages a test, in groups of even size.
const GROUP = Math.ceil(swept.length / Math.ceil(swept.length / 12));
for (let i = 0; i < swept.length; i += GROUP) {
  const group = swept.slice(i, i + GROUP);
  test(`${group[0]} … ${group.at(-1)}: enhanced without console errors, one h1, axe clean, nothing scrolls sideways, contact links well-formed, no default-language shell text on another language's page`, async ({
    page,
    consoleLog,
  }) => {
    test.setTimeout(group.length * 60_000); // a hang guard per page, not a speed target
    await preloadAxe(page);
    for (const path of group) {
      await test.step(path, async () => {
        const other = defaultShell.get(langOf(path));
        const errorsBefore = consoleLog.errors.length;
        const res = await page.goto(path);
        expect.soft(res?.status(), path).toBe(200);
        // The real Content-Security-Policy applies: any violation would show as a console error below.
        expect.soft(res?.headers()['content-security-policy'], path).toContain("default-src 'self'");
        await waitForEnhanced(page);
        // The page is static HTML, complete once enhanced: its facts are read in one trip to the page.
        const seen = await page.evaluate((other) => ({
          h1: document.querySelectorAll('h1').length,
          titles: document.querySelectorAll('head title').length,
          canonicals: document.querySelectorAll('link[rel="canonical"]').length,
          articleText: document.querySelector('#article-body p')?.textContent?.replace(/\s+/g, ' ').trim() ?? null,
          overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          tel: [...document.querySelectorAll('a[href^="tel:"]')].map((a) => a.getAttribute('href')),
          newTabRels: [...document.querySelectorAll('a[target="_blank"]')].map((a) => a.getAttribute('rel') ?? ''),
          // The shell of another language's page (navigation, footer, call bar, widget, dialog, forms): its text and labels.
          shell: other
            ? [...document.querySelectorAll('header, footer, dialog, aside, [data-disclosure], form, nav[aria-label="Breadcrumb"]')].flatMap((el) => [
                ...[...el.querySelectorAll('*')].flatMap((n) => ['aria-label', 'placeholder', 'title'].map((a) => n.getAttribute(a) ?? '')),
                ...[...el.querySelectorAll('*')].flatMap((n) => [...n.childNodes].filter((c) => c.nodeType === 3).map((c) => c.textContent!.trim())),
              ])
            : [],
        }), !!other);
        expect.soft(seen.h1, `${path}: h1 elements`).toBe(1);
        expect.soft(seen.titles, path).toBe(1);
        expect.soft(seen.canonicals, path).toBe(paths.includes(path) ? 1 : 0);
        if (/^\/blog\/[^/]+$/.test(path)) {
          // The article's own text, once its script has run: the first paragraph of its MDX body.
          const body = ((await pageData(path)) as { body?: string }).body;
          expect.soft(body, `${path}: the article has a body`).toBeTruthy();
          expect.soft(seen.articleText, `${path}: the article's first paragraph`).toBe(firstParagraphOf(body ?? ''));
        }
        expect.soft(seen.overflow, `${path}: sideways overflow`).toBe(0);
        for (const href of seen.tel) expect.soft(href, path).toBe(`tel:${SITE.contact.phone}`);
        for (const rel of seen.newTabRels) expect.soft(rel, `${path}: a link opening a new tab`).toMatch(/noopener/);
        if (other) expect.soft([...new Set(seen.shell.filter((text) => other.has(text)))], `${path}: the default language's shell text`).toEqual([]);
        expect.soft(await axeViolations(page), path).toEqual([]);
        expect.soft(consoleLog.errors.slice(errorsBefore), path).toEqual([]);
        expect.soft(consoleLog.warnings.filter((w) => /hydrat|did not match/i.test(w)), path).toEqual([]);
      });
    }
  });
}

test('an unknown path answers 404 with the not-found page and logs the path', async ({ page, consoleLog }) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await waitForEnhanced(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('notFound.title'));
  await expect(page.getByRole('link', { name: say('notFound.home') })).toHaveAttribute('href', '/');
  await expect.poll(() => consoleLog.errors.some((e) => e.includes('/no-such-page'))).toBe(true);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
});

test('a trailing slash redirects to the canonical path', async ({ request }) => {
  const res = await request.get('/about/', { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers().location).toBe('/about');
});
