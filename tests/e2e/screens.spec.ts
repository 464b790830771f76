import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { nameKey, published, siteOf, siteWith } from './fixture-site.ts';
import { horizontalOverflow, ROUTES, say, SCREENS, SITE } from './screen-support.ts';
import { axeViolations, preloadAxe, expect, sitemapPaths, test, waitForEnhanced } from './support.ts';

/** The services of content/services.yaml: the main ones (/services shows the first four, the rest after "View all"), then the extra sections. */
const SERVICES = parse(readFileSync(path.resolve('content/services.yaml'), 'utf8')) as { id: string; title: string; main?: boolean }[];
const MAIN = SERVICES.filter((s) => s.main !== false).map((s) => s.id);
const EXTRA = SERVICES.filter((s) => s.main === false).map((s) => s.id);
const [SHOWN, HIDDEN] = [MAIN.slice(0, 4), MAIN.slice(4)];
/** The last main service: behind "View all" when there are more than four. */
const LAST = SERVICES.find((s) => s.id === MAIN.at(-1))!;

test.describe('/services', () => {
  test('the static HTML holds every anchor, so links to /services#… resolve without JavaScript', async ({ request }) => {
    const html = await (await request.get('/services')).text();
    for (const id of [...MAIN, ...EXTRA]) expect(html).toContain(`id="${id}"`);
  });

  test('shows four services, then the rest after "View all", with no way back', async ({ page, consoleLog }) => {
    await page.goto('/services');
    await waitForEnhanced(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('services.hero.title'));
    const strip = page.getByRole('region', { name: say('services.stats.label') });
    for (const text of [SITE.stats.jobs, SITE.stats.years, say('services.stats.sameDayValue'), say('services.stats.verifiedValue')]) await expect(strip).toContainText(text);

    for (const id of SHOWN) await expect(page.locator(`#${id}`)).toBeVisible();
    for (const id of HIDDEN) await expect(page.locator(`#${id}`)).toBeHidden();
    const viewAll = page.getByText(say('services.repair.viewAll'));
    // Four or fewer: nothing is hidden, and there is nothing to open.
    if (HIDDEN.length) await viewAll.click();
    else await expect(viewAll).toHaveCount(0);
    for (const id of MAIN) await expect(page.locator(`#${id}`)).toBeVisible();
    await expect(viewAll).toBeHidden();
    await expect(page.getByText(/Show fewer|Collapse/)).toHaveCount(0);

    for (const id of MAIN) {
      const card = page.locator(`#${id}`);
      await expect(card.getByRole('heading', { level: 3 })).not.toBeEmpty();
      await expect(card.getByRole('listitem')).toHaveCount(5);
      await expect(card.getByRole('link', { name: new RegExp(`^${say('serviceDetail.book')}`) })).toHaveAttribute('href', '/contact');
    }
    for (const id of EXTRA) await expect(page.locator(`#${id}`)).toBeVisible();
    expect(consoleLog.errors).toEqual([]);
  });

  test('a hash naming the last service (hidden when there are more than four) reveals it and scrolls to it', async ({ page }) => {
    await page.goto(`/services#${LAST.id}`);
    await waitForEnhanced(page);
    await expect(page.locator(`#${LAST.id}`)).toBeVisible();
    await expect(page.locator(`#${LAST.id}`)).toBeInViewport();
    await expect(page.getByText(say('services.repair.viewAll'))).toBeHidden();
  });

  test('a hash naming an extra section (or the last service) scrolls to it', async ({ page }) => {
    const id = EXTRA[0] ?? LAST.id;
    await page.goto(`/services#${id}`);
    await waitForEnhanced(page);
    await expect(page.locator(`#${id}`)).toBeInViewport();
  });

  test('a footer link to the last service from the same page reveals and scrolls', async ({ page }) => {
    await page.goto('/services');
    await waitForEnhanced(page);
    await page.locator('footer').getByRole('link', { name: LAST.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/services#${LAST.id}$`));
    await expect(page.locator(`#${LAST.id}`)).toBeInViewport();
  });

  test('"Learn More" on the home page lands on the last service of the next page, revealed', async ({ page }) => {
    await page.goto('/');
    await waitForEnhanced(page);
    await page.locator(`main a[href="/services#${LAST.id}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`/services#${LAST.id}$`));
    await expect(page.locator(`#${LAST.id}`)).toBeInViewport();
  });

  test('links to every area page and brand page', async ({ page }) => {
    await page.goto('/services');
    for (const kind of ['area', 'brand']) {
      for (const r of ROUTES.filter((x) => x.kind === kind)) {
        await expect(page.locator(`main a[href="${r.path}"]`).first()).toBeAttached();
      }
    }
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('every service can be read, and a hash opens the hidden ones', async ({ page }) => {
      await page.goto('/services');
      if (HIDDEN.length) await page.getByText(say('services.repair.viewAll')).click();
      for (const id of MAIN) await expect(page.locator(`#${id}`)).toBeVisible();
      await page.goto(`/services#${LAST.id}`);
      await expect(page.locator(`#${LAST.id}`)).toBeVisible();
    });
  });
});

test('/about: story, mission, the four values, six reasons, the founder and a call to action', async ({ page }) => {
  await page.goto('/about');
  await waitForEnhanced(page);
  for (const key of ['about.story.title', 'about.mission.title', 'about.values.title', 'about.founder.title', 'closingBanner.title']) {
    await expect(page.getByRole('heading', { level: 2, name: say(key) })).toBeVisible();
  }
  const values = page.locator('#values').getByRole('heading', { level: 3 });
  await expect(values).toHaveText(['integrity', 'quality', 'customer', 'innovation'].map((k) => say(`about.values.${k}.title`)));
  await expect(page.locator('#why-choose li')).toHaveCount(6);
  await expect(page.locator('#founder')).toContainText(SITE.business.founder.name);
});

test.describe('/contact', () => {
  test('breadcrumb, every way to get in touch, the areas grid and related links', async ({ page }) => {
    await page.goto('/contact');
    await waitForEnhanced(page);
    await expect(page.getByRole('navigation', { name: say('breadcrumb.label') })).toContainText('Contact');
    const touch = page.getByRole('region', { name: say('contact.getInTouch.title') });
    await expect(touch.locator('a[href^="tel:"]')).toHaveAttribute('href', `tel:${SITE.contact.phone}`);
    const wa = touch.locator('a[href^="https://wa.me/"]');
    await expect(wa).toHaveAttribute('href', `https://wa.me/${SITE.contact.whatsapp.slice(1)}?text=${encodeURIComponent(SITE.contact.whatsappText)}`);
    await expect(wa).toHaveAttribute('rel', /noopener/);
    await expect(touch.locator('a[href^="mailto:"]')).toHaveAttribute('href', `mailto:${SITE.contact.email}`);
    await expect(touch).toContainText(SITE.address.street);
    await expect(touch).toContainText(SITE.hours.primary.label);
    await expect(page.getByRole('heading', { name: say('forms.contact.title') })).toBeVisible();
    await expect(page.getByRole('region', { name: say('contact.whatsapp.title') }).locator('a[href^="https://wa.me/"]')).toBeVisible();
    await expect(page.getByRole('heading', { name: say('contact.related') })).toBeVisible();
  });

  // On the site, and, when none of its areas served has a page, on the fixture, where one has (fixture-site.ts).
  for (const site of [siteOf(false), ...(siteWith('linked-area').fixture ? [siteOf(true)] : [])]) {
    test.describe(() => {
      test.use({ baseURL: site.baseURL });
      test(`the areas grid lists every area served, and exactly those with a page are links${site.fixture ? ' (fixture)' : ''}`, async ({ page }) => {
        const served = parse(readFileSync(path.join(site.content, 'areas-served.yaml'), 'utf8')) as { name: string; link?: string }[];
        const pages = new Map(published(path.join(site.content, 'areas')).map((a) => [nameKey(String(a.data.name)), `/${String(a.data.slug)}`]));
        const routes = new Set(site.routes().map((r) => r.path));
        // An entry links to its own `link` when that is a page, else to the area page of its name.
        const expected = served.map((a) => (a.link && routes.has(a.link.split('#')[0]!) ? a.link : pages.get(nameKey(a.name)))).filter((h) => h !== undefined);
        if (site.fixture) expect(expected.length, 'an area served with a page').toBeGreaterThan(0);
        await page.goto('/contact');
        const grid = page.getByRole('region', { name: say('contact.areas.title') });
        await expect(grid.getByRole('listitem')).toHaveText(served.map((a) => a.name));
        const hrefs = await grid.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
        expect(hrefs).toEqual(expected);
      });
    });
  }

  test('the map is not requested until it nears the viewport, then loads with a title naming the place', async ({ page }) => {
    const mapHost = new URL(SITE.mapEmbedUrl).host;
    const requested: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).host === mapHost) requested.push(r.url());
    });
    await page.route(`https://${mapHost}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<p>map</p>' }));
    await page.goto('/contact');
    await waitForEnhanced(page);
    const map = page.locator('iframe');
    await expect(map).toHaveAttribute('title', new RegExp(`${SITE.business.name}.*${SITE.address.locality}`));
    await expect(map).toHaveAttribute('loading', 'lazy');
    // The page watches the map with an IntersectionObserver made before it was marked enhanced.
    // One made now is told of the map's position in the same delivery as the page's observer or a
    // later one; once it has been, the page has decided whether to give the map its src.
    await map.evaluate(
      (frame) =>
        new Promise<void>((resolve) => {
          const seen = new IntersectionObserver(() => {
            seen.disconnect();
            resolve();
          });
          seen.observe(frame);
        }),
    );
    expect(requested).toEqual([]);
    expect(await map.getAttribute('src')).toBeNull();
    await page.getByRole('heading', { name: say('contact.findUs') }).scrollIntoViewIfNeeded();
    await expect(map).toHaveAttribute('src', SITE.mapEmbedUrl);
    await expect.poll(() => requested.length).toBeGreaterThan(0);
  });
});

test('/testimonials: every review with its star rating, the metrics, a review link and next steps', async ({ page }) => {
  const testimonials = parse(readFileSync(path.resolve('content/testimonials.yaml'), 'utf8')) as { rating: number }[];
  await page.goto('/testimonials');
  await waitForEnhanced(page);
  const reviews = page.locator('#reviews figure');
  await expect(reviews).toHaveCount(testimonials.length);
  const names = await reviews.getByRole('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('aria-label')));
  expect(names.sort()).toEqual(testimonials.map((t) => say('cards.rated', { rating: t.rating, max: 5 })).sort());
  const record = page.getByRole('region', { name: say('testimonials.record.label') });
  for (const text of [String(SITE.stats.rating), SITE.stats.satisfied, SITE.stats.jobsLastYear, say('testimonials.record.repaired')]) {
    await expect(record).toContainText(text);
  }
  const review = page.getByRole('link', { name: new RegExp(say('testimonials.reviews.leave')) });
  await expect(review).toHaveAttribute('href', SITE.reviewUrl);
  await expect(review).toHaveAttribute('target', '_blank');
  await expect(review).toHaveAttribute('rel', /noopener/);
  await expect(page.locator('main a[href="/contact"]').first()).toBeVisible();
  await expect(page.locator('main a[href="/services"]').first()).toBeVisible();
});

test('/thank-you: noindex, not in the sitemap, next steps and ways back', async ({ page }) => {
  expect(sitemapPaths()).not.toContain('/thank-you');
  await page.goto('/thank-you');
  await waitForEnhanced(page);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('thankYou.title'));
  await expect(page.getByRole('heading', { name: say('thankYou.next.title') })).toBeVisible();
  await expect(page.locator('main a[href^="tel:"]')).toHaveAttribute('href', `tel:${SITE.contact.phone}`);
  await expect(page.locator('main a[href^="https://wa.me/"]')).toBeVisible();
  await expect(page.getByRole('link', { name: say('thankYou.home') })).toHaveAttribute('href', '/');
  await expect(page.locator('main a[href="/services"]')).toBeVisible();
});

// At the desktop width every page gets these checks in pages.spec.ts; here the phone width.
test('on a 360 px phone, each screen: one h1, no sideways scroll, axe clean, contact links well-formed', async ({ page, consoleLog }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await preloadAxe(page);
  for (const path of SCREENS) {
    await test.step(path, async () => {
      const errorsBefore = consoleLog.errors.length;
      await page.goto(path);
      await waitForEnhanced(page);
      await expect.soft(page.locator('h1'), path).toHaveCount(1);
      expect.soft(await horizontalOverflow(page), path).toBe(0);
      expect.soft(await axeViolations(page), path).toEqual([]);
      for (const href of await page.locator('a[href^="tel:"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
        expect.soft(href, path).toBe(`tel:${SITE.contact.phone}`);
      }
      for (const rel of await page.locator('a[target="_blank"]').evaluateAll((as) => as.map((a) => a.getAttribute('rel') ?? ''))) {
        expect.soft(rel, path).toMatch(/noopener/);
      }
      expect.soft(consoleLog.errors.slice(errorsBefore), path).toEqual([]);
    });
  }
});
