import { horizontalOverflow, ROUTES, SCREENS, SITE } from './screen-support.ts';
import { axeViolations, preloadAxe, expect, sitemapPaths, test, waitForEnhanced } from './support.ts';

const MAIN = ['audio-problems', 'motherboard-repair', 'screen-repair', 'power-issues', 'wall-mounting', 'pickup-delivery'];
const EXTRA = ['smart-tv', 'panel-replacement', 'backlight-repair'];

test.describe('/services', () => {
  test('the static HTML holds every anchor, so links to /services#… resolve without JavaScript', async ({ request }) => {
    const html = await (await request.get('/services')).text();
    for (const id of [...MAIN, ...EXTRA]) expect(html).toContain(`id="${id}"`);
  });

  test('shows four services, then all six after "View All Repair Services", with no way back', async ({ page, consoleLog }) => {
    await page.goto('/services');
    await waitForEnhanced(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Professional TV Repair Services');
    const strip = page.getByRole('region', { name: 'Our record' });
    for (const text of [SITE.stats.tvsRepaired, SITE.stats.years, 'Same-Day', 'Verified']) await expect(strip).toContainText(text);

    for (const id of MAIN.slice(0, 4)) await expect(page.locator(`#${id}`)).toBeVisible();
    for (const id of MAIN.slice(4)) await expect(page.locator(`#${id}`)).toBeHidden();
    const viewAll = page.getByText('View All Repair Services');
    await viewAll.click();
    for (const id of MAIN) await expect(page.locator(`#${id}`)).toBeVisible();
    await expect(viewAll).toBeHidden();
    await expect(page.getByText(/Show fewer|Collapse/)).toHaveCount(0);

    for (const id of MAIN) {
      const card = page.locator(`#${id}`);
      await expect(card.getByRole('heading', { level: 3 })).not.toBeEmpty();
      await expect(card.getByRole('listitem')).toHaveCount(5);
      await expect(card.getByRole('link', { name: /^Book This Service/ })).toHaveAttribute('href', '/contact');
    }
    for (const id of EXTRA) await expect(page.locator(`#${id}`)).toBeVisible();
    expect(consoleLog.errors).toEqual([]);
  });

  test('a hash naming a hidden service reveals it and scrolls to it', async ({ page }) => {
    await page.goto('/services#pickup-delivery');
    await waitForEnhanced(page);
    await expect(page.locator('#pickup-delivery')).toBeVisible();
    await expect(page.locator('#pickup-delivery')).toBeInViewport();
    await expect(page.getByText('View All Repair Services')).toBeHidden();
  });

  test('a hash naming an extra section scrolls to it', async ({ page }) => {
    await page.goto('/services#backlight-repair');
    await waitForEnhanced(page);
    await expect(page.locator('#backlight-repair')).toBeInViewport();
  });

  test('a link to a hidden service from the same page reveals and scrolls', async ({ page }) => {
    await page.goto('/services');
    await waitForEnhanced(page);
    await page.locator('footer').getByRole('link', { name: 'TV Wall Mounting' }).click();
    await expect(page).toHaveURL(/\/services#wall-mounting$/);
    await expect(page.locator('#wall-mounting')).toBeInViewport();
  });

  test('"Learn More" on the home page lands on a hidden service of the next page, revealed', async ({ page }) => {
    await page.goto('/');
    await waitForEnhanced(page);
    await page.locator('main a[href="/services#wall-mounting"]').first().click();
    await expect(page).toHaveURL(/\/services#wall-mounting$/);
    await expect(page.locator('#wall-mounting')).toBeInViewport();
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
    test('all six services can be read, and a hash opens the hidden ones', async ({ page }) => {
      await page.goto('/services');
      await page.getByText('View All Repair Services').click();
      for (const id of MAIN) await expect(page.locator(`#${id}`)).toBeVisible();
      await page.goto('/services#wall-mounting');
      await expect(page.locator('#wall-mounting')).toBeVisible();
    });
  });
});

test('/about: story, mission, the four values, six reasons, the founder and a call to action', async ({ page }) => {
  await page.goto('/about');
  await waitForEnhanced(page);
  for (const name of ['Our Story', 'Our Mission', 'Our Values', 'Meet Our Founder', 'Ready to Get Your TV Fixed?']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  const values = page.locator('#values').getByRole('heading', { level: 3 });
  await expect(values).toHaveText(['Integrity', 'Quality', 'Customer Focus', 'Innovation']);
  await expect(page.locator('#why-choose li')).toHaveCount(6);
  await expect(page.locator('#founder')).toContainText(SITE.business.founder.name);
});

test.describe('/contact', () => {
  test('breadcrumb, every way to get in touch, the areas grid and related links', async ({ page }) => {
    await page.goto('/contact');
    await waitForEnhanced(page);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Contact');
    const touch = page.getByRole('region', { name: 'Get In Touch' });
    await expect(touch.locator('a[href^="tel:"]')).toHaveAttribute('href', `tel:${SITE.contact.phone}`);
    const wa = touch.locator('a[href^="https://wa.me/"]');
    await expect(wa).toHaveAttribute('href', `https://wa.me/${SITE.contact.whatsapp.slice(1)}?text=${encodeURIComponent(SITE.contact.whatsappText)}`);
    await expect(wa).toHaveAttribute('rel', /noopener/);
    await expect(touch.locator('a[href^="mailto:"]')).toHaveAttribute('href', `mailto:${SITE.contact.email}`);
    await expect(touch).toContainText(SITE.address.street);
    await expect(touch).toContainText(SITE.hours.primary.label);
    await expect(page.getByRole('heading', { name: 'Send Us a Message' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Prefer to chat?' }).locator('a[href^="https://wa.me/"]')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our Services & Popular Repair Areas' })).toBeVisible();
  });

  test('the areas grid lists every area served, and exactly those with a page are links', async ({ page }) => {
    await page.goto('/contact');
    const grid = page.getByRole('region', { name: 'Areas We Serve' });
    expect(await grid.getByRole('listitem').count()).toBeGreaterThanOrEqual(30);
    const hrefs = await grid.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    const areaPages = ROUTES.filter((r) => r.kind === 'area').map((r) => r.path);
    expect(hrefs.sort()).toEqual(areaPages.sort());
  });

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
    await page.getByRole('heading', { name: 'Find Our Workshop' }).scrollIntoViewIfNeeded();
    await expect(map).toHaveAttribute('src', SITE.mapEmbedUrl);
    await expect.poll(() => requested.length).toBeGreaterThan(0);
  });
});

test('/testimonials: nine reviews with star ratings, the metrics, a review link and next steps', async ({ page }) => {
  await page.goto('/testimonials');
  await waitForEnhanced(page);
  const reviews = page.locator('#reviews figure');
  await expect(reviews).toHaveCount(9);
  for (const stars of await reviews.getByRole('img').all()) await expect(stars).toHaveAccessibleName(/^Rated [45] out of 5$/);
  const record = page.getByRole('region', { name: 'Our record' });
  for (const text of [String(SITE.stats.rating), SITE.stats.satisfied, SITE.stats.tvsRepairedLastYear, 'Past 12 Months']) {
    await expect(record).toContainText(text);
  }
  const review = page.getByRole('link', { name: /Leave Us a Review/ });
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
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Thank You');
  await expect(page.getByRole('heading', { name: 'What Happens Next' })).toBeVisible();
  await expect(page.locator('main a[href^="tel:"]')).toHaveAttribute('href', `tel:${SITE.contact.phone}`);
  await expect(page.locator('main a[href^="https://wa.me/"]')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
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
