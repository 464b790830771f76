import AxeBuilder from '@axe-core/playwright';
import { expect, ORIGIN, sitemapPaths, test, waitForEnhanced } from './support.ts';

const paths = sitemapPaths();

test('the sitemap lists the fixed pages', () => {
  for (const p of ['/', '/services', '/about', '/contact', '/testimonials', '/blog', '/service-center', '/privacy-policy']) {
    expect(paths).toContain(p);
  }
  expect(paths).not.toContain('/analytics');
  expect(paths).not.toContain('/thank-you');
});

for (const path of paths) {
  test(`${path}: static HTML has one title in head, its canonical and valid JSON-LD`, async ({ request }) => {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('text/html');
    const html = await res.text();
    const titles = html.match(/<title>/g) ?? [];
    expect(titles).toHaveLength(1);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title>');
    const canonicals = [...html.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((m) => m[1]);
    expect(canonicals).toEqual([`${ORIGIN}${path}`]);
    expect(head).toContain(`<meta property="og:locale" content="${/^\/hi(\/|$)/.test(path) ? 'hi_IN' : 'en_IN'}"/>`);
    expect(head).toContain('<meta name="robots" content="index, follow"/>');
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => m[1]!);
    expect(blocks.length).toBeGreaterThan(0);
    const types = blocks.map((b) => (JSON.parse(b) as { '@type': string })['@type']);
    expect(types).toContain('LocalBusiness');
  });

  test(`${path}: hydrates without console errors and passes axe`, async ({ page, consoleLog }) => {
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    // The real Content-Security-Policy applies: any violation would show as a console error below.
    expect(res?.headers()['content-security-policy']).toContain("default-src 'self'");
    await waitForEnhanced(page);
    await expect(page.locator('h1')).toHaveCount(1);
    expect(await page.locator('head title').count()).toBe(1);
    expect(await page.locator('link[rel="canonical"]').count()).toBe(1);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(consoleLog.errors).toEqual([]);
    expect(consoleLog.warnings.filter((w) => /hydrat|did not match/i.test(w))).toEqual([]);
  });
}

test('an unknown path answers 404 with the not-found page and logs the path', async ({ page, consoleLog }) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await waitForEnhanced(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  await expect.poll(() => consoleLog.errors.some((e) => e.includes('/no-such-page'))).toBe(true);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
});

test('a trailing slash redirects to the canonical path', async ({ request }) => {
  const res = await request.get('/about/', { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers().location).toBe('/about');
});
