import type { Page } from '@playwright/test';
import { expect, ORIGIN, test, waitForEnhanced } from './support.ts';

/** The shell's controls work before JavaScript arrives (native <details>) and with it (decision 090). */
for (const js of [true, false]) {
  const when = js ? 'with JavaScript' : 'without JavaScript';

  test.describe(`on a phone, ${when}`, () => {
    test.use({ viewport: { width: 360, height: 740 }, javaScriptEnabled: js });
    const ready = async (page: Page) => (js ? waitForEnhanced(page) : undefined);

    test('the menu opens from the toggle and a link in it leads to its page', async ({ page }) => {
      await page.goto('/');
      await ready(page);
      const toggle = page.getByRole('navigation', { name: 'Main' }).locator('summary');
      const menu = page.locator('#main-menu');
      await expect(menu).toBeHidden();
      await toggle.click();
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Blog' })).toBeInViewport();
      await menu.getByRole('link', { name: 'About Us' }).click();
      await expect(page).toHaveURL(/\/about$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('#main-menu')).toBeHidden();
    });

    test('the FAQ keeps one answer open and lets it close', async ({ page }) => {
      await page.goto('/');
      await ready(page);
      const items = page.locator('#faq details');
      await expect(items).toHaveCount(5);
      await expect(items.nth(0)).toHaveAttribute('open', '');
      await items.nth(3).locator('summary').click();
      await expect(items.nth(3)).toHaveAttribute('open', '');
      await expect(page.locator('#faq details[open]')).toHaveCount(1);
      await expect(items.nth(3).locator('summary + *')).toBeVisible();
      await items.nth(3).locator('summary').click();
      await expect(page.locator('#faq details[open]')).toHaveCount(0);
    });

    for (const url of ['/', '/services', '/samsung-tv-repair', '/contact']) {
      test(`${url}: one tap calls or chats, from the first screen`, async ({ page }) => {
        await page.goto(url);
        await ready(page);
        const bar = page.getByRole('complementary', { name: 'Call or WhatsApp us' });
        await expect(bar.getByRole('link', { name: 'Call Now' })).toHaveAttribute('href', /^tel:\+91\d{10}$/);
        await expect(bar.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/91\d{10}\?text=.+/);
        await expect(bar.getByRole('link', { name: 'Call Now' })).toBeInViewport({ ratio: 1 });
        await expect(bar.getByRole('link', { name: 'WhatsApp' })).toBeInViewport({ ratio: 1 });
      });
    }

    test('the call bar covers nothing: the last line of the page shows above it', async ({ page }) => {
      await page.goto('/contact');
      await ready(page);
      const copyright = page.locator('footer p').last();
      await copyright.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
      const box = (await copyright.boundingBox())!;
      const bar = (await page.getByRole('complementary', { name: 'Call or WhatsApp us' }).boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
    });

    test('the newsletter heading keeps "E-mail" in one piece', async ({ page }) => {
      await page.goto('/blog');
      const lines = await page.locator('#newsletter-title').evaluate((h) => {
        const text = h.firstChild!;
        const at = text.textContent!.indexOf('E');
        const range = document.createRange();
        range.setStart(text, at);
        range.setEnd(text, at + 6);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lines).toBe(1);
    });
  });

  test.describe(`on a computer, ${when}`, () => {
    test.use({ javaScriptEnabled: js });
    const ready = async (page: Page) => (js ? waitForEnhanced(page) : undefined);

    test('the contact widget opens a panel with Call Now and WhatsApp, and covers no line of the page', async ({ page }) => {
      await page.goto('/');
      await ready(page);
      const panel = page.locator('#contact-panel');
      const toggle = page.locator('summary[aria-label="Contact us: call or WhatsApp"]');
      await expect(panel).toBeHidden();
      await toggle.click();
      await expect(panel.getByRole('link', { name: 'Call Now' })).toHaveAttribute('href', /^tel:\+91\d{10}$/);
      await expect(panel.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/91\d{10}\?text=.+/);
      await expect(panel.getByRole('link', { name: 'Call Now' })).toBeInViewport();
      await toggle.click();
      await expect(panel).toBeHidden();
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
      const copyright = (await page.locator('footer p').last().boundingBox())!;
      const button = (await toggle.boundingBox())!;
      expect(copyright.y + copyright.height).toBeLessThanOrEqual(button.y);
    });
  });
}

test.describe('on a phone, the keyboard', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('Escape closes the menu and the widget and puts focus back on their toggle', async ({ page }) => {
    await page.goto('/');
    await waitForEnhanced(page);
    const menuToggle = page.getByRole('navigation', { name: 'Main' }).locator('summary');
    await menuToggle.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-menu')).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(page.locator('#main-menu')).toBeHidden();
    await expect(menuToggle).toBeFocused();

    await page.setViewportSize({ width: 1024, height: 740 });
    const widgetToggle = page.locator('summary[aria-label="Contact us: call or WhatsApp"]');
    await widgetToggle.focus();
    await page.keyboard.press('Enter');
    // Tab goes from the widget's button into its panel, not back to the top of the page.
    await page.keyboard.press('Tab');
    await expect(page.locator('#contact-panel').getByRole('link', { name: 'Call Now' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.locator('#contact-panel')).toBeHidden();
    await expect(widgetToggle).toBeFocused();
  });

  test('"Get A Quote" closes the menu and opens the quote dialog', async ({ page }) => {
    await page.goto('/');
    await waitForEnhanced(page);
    await page.getByRole('navigation', { name: 'Main' }).locator('summary').click();
    await page.locator('#main-menu').getByRole('button', { name: 'Get A Quote' }).click();
    await expect(page.locator('#main-menu')).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Get A Free Quote' })).toBeVisible();
  });

  test('a click outside the open menu closes it', async ({ page }) => {
    await page.goto('/');
    await waitForEnhanced(page);
    await page.getByRole('navigation', { name: 'Main' }).locator('summary').click();
    await expect(page.locator('#main-menu')).toBeVisible();
    // The open panel covers the top of the page: click the page below it (a heading, not a link).
    await page.locator('main h2').nth(2).dispatchEvent('click');
    await expect(page.locator('#main-menu')).toBeHidden();
  });

  test('no page scrolls sideways', async ({ page }) => {
    await page.goto('/');
    await waitForEnhanced(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });
});

test.describe('the quote dialog', () => {
  test('opens from the navigation, traps focus, closes on Escape and returns focus', async ({ page }) => {
    await page.goto('/');
    await waitForEnhanced(page);
    const opener = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Get A Quote' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Get A Free Quote' });
    await expect(dialog).toBeVisible();
    const width = await dialog.evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(425);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('closes by Cancel and by the Close control', async ({ page }) => {
    await page.goto('/');
    await waitForEnhanced(page);
    const dialog = page.getByRole('dialog', { name: 'Get A Free Quote' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Get A Quote' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Get A Quote' }).last().click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('holds the quote form of the spec', async ({ page }) => {
    await page.goto('/');
    await waitForEnhanced(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Get A Quote' }).click();
    const form = page.locator('dialog form');
    await expect(page.getByLabel('Your name')).toBeFocused();
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form.locator('input[name="email"]')).toHaveAttribute('type', 'email');
    await expect(form.locator('input[name="phone"]')).toHaveAttribute('type', 'tel');
    for (const name of ['name', 'email', 'phone', 'message']) {
      await expect(form.locator(`[name="${name}"]`)).toHaveAttribute('required', '');
    }
    await expect(form.locator('input[name="subject"]')).toHaveValue('New Quote Request from Website');
  });
});

test('a client-side navigation updates title and canonical and shows the loading bar', async ({ page, consoleLog }) => {
  await page.goto('/');
  await waitForEnhanced(page);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(`${r.resourceType()} ${new URL(r.url()).pathname}`));
  await page.evaluate(() => ((window as unknown as { __stayed?: boolean }).__stayed = true));
  await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('progressbar', { name: 'Loading page' })).toBeVisible();
  await expect(page).toHaveTitle(/^Privacy Policy \| /);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${ORIGIN}/privacy-policy`);
  expect(await page.locator('head title').count()).toBe(1);
  // One fetch of the page's HTML, no full page load: the marker set before the click survives.
  expect(requests).toContain('fetch /privacy-policy');
  expect(requests).not.toContain('document /privacy-policy');
  expect(await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed)).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  await expect(page.getByRole('progressbar', { name: 'Loading page' })).toBeHidden();
  await expect(page.locator('#main')).toBeFocused();
  expect(consoleLog.errors).toEqual([]);
});

test('Back and Forward show the pages again, at the scroll position they had', async ({ page }) => {
  await page.goto('/');
  await waitForEnhanced(page);
  await page.evaluate(() => ((window as unknown as { __stayed?: boolean }).__stayed = true));
  await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).scrollIntoViewIfNeeded();
  const y = await page.evaluate(() => window.scrollY);
  expect(y).toBeGreaterThan(500);
  await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveTitle(/^Privacy Policy \| /);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page.locator('#faq')).toBeAttached();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  expect(await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed)).toBe(true);
});

test('a link to a section of another page lands on that section', async ({ page }) => {
  await page.goto('/');
  await waitForEnhanced(page);
  await page.evaluate(() => {
    const a = document.createElement('a');
    a.href = '/contact#contact-form';
    a.textContent = 'to the form';
    document.querySelector('main')!.prepend(a);
  });
  await page.getByRole('link', { name: 'to the form' }).click();
  await expect(page).toHaveURL(/\/contact#contact-form$/);
  await expect(page.locator('form#contact-form')).toBeInViewport();
});

test('the privacy policy shows today as its last-updated date once it runs', async ({ page }) => {
  // The HTML holds the build date: make it an old one, so only the page's script can make it today.
  await page.route('**/privacy-policy', async (route) => {
    const res = await route.fetch();
    const html = (await res.text()).replace(/<time dateTime="[^"]+" data-today="">[^<]*</i, '<time datetime="2020-01-01" data-today="">1 January 2020<');
    await route.fulfill({ response: res, body: html });
  });
  await page.goto('/privacy-policy');
  await waitForEnhanced(page);
  const today = await page.evaluate(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()));
  await expect(page.locator('time').first()).toHaveAttribute('datetime', today);
});

test('pages are readable with JavaScript off', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('TV Repair');
  await expect(page.getByRole('link', { name: 'Book Your Repair Now' })).toHaveAttribute('href', '/contact');
  await expect(page.locator('#faq')).toContainText('₹');
  await context.close();
});
