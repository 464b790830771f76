import { expect, ORIGIN, test, waitForHydration } from './support.ts';

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the menu opens from the toggle and closes on a link click', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const menu = page.locator('#main-menu');
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await menu.getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
  });

  test('"Get A Quote" closes the menu and opens the quote dialog', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#main-menu').getByRole('button', { name: 'Get A Quote' }).click();
    await expect(page.locator('#main-menu')).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Get A Free Quote' })).toBeVisible();
  });

  test('no page scrolls sideways', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });
});

test.describe('the quote dialog', () => {
  test('opens from the navigation, traps focus, closes on Escape and returns focus', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const opener = page.locator('#main-menu').getByRole('button', { name: 'Get A Quote' });
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
    await waitForHydration(page);
    const dialog = page.getByRole('dialog', { name: 'Get A Free Quote' });
    await page.locator('#main-menu').getByRole('button', { name: 'Get A Quote' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Get A Quote' }).last().click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('holds the quote form of the spec', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.locator('#main-menu').getByRole('button', { name: 'Get A Quote' }).click();
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

test('the FAQ keeps one answer open and lets it close, by mouse and keyboard', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const faq = page.locator('#faq');
  const questions = faq.getByRole('button');
  await expect(questions).toHaveCount(5);
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
  await questions.nth(1).click();
  await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'true');
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
  await expect(faq.getByRole('region')).toHaveCount(1);
  await questions.nth(1).click();
  await expect(faq.locator('[role="region"]:visible')).toHaveCount(0);
  await questions.nth(0).focus();
  await page.keyboard.press('Enter');
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
  await expect(faq.getByRole('region')).toContainText('₹');
  await page.keyboard.press('Space');
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
});

test('the contact widget opens a panel with Call Now and WhatsApp', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const toggle = page.getByRole('button', { name: 'Contact us: call or WhatsApp' });
  await toggle.click();
  const panel = page.locator('#contact-panel');
  await expect(panel.getByRole('link', { name: 'Call Now' })).toHaveAttribute('href', /^tel:\+91\d{10}$/);
  await expect(panel.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/91\d{10}\?text=.+/);
  await page.getByRole('button', { name: 'Close contact options' }).click();
  await expect(panel).toBeHidden();
});

test('a client-side navigation updates title and canonical and shows the loading bar', async ({ page, consoleLog }) => {
  await page.goto('/');
  await waitForHydration(page);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('progressbar', { name: 'Loading page' })).toBeVisible();
  await expect(page).toHaveTitle(/^Privacy Policy \| /);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${ORIGIN}/privacy-policy`);
  expect(await page.locator('head title').count()).toBe(1);
  expect(requests).toContain('/_data/privacy-policy.json');
  expect(requests).not.toContain('/privacy-policy');
  await expect(page.getByRole('progressbar', { name: 'Loading page' })).toBeHidden();
  expect(consoleLog.errors).toEqual([]);
});

test('the privacy policy shows today as its last-updated date once it runs', async ({ page }) => {
  await page.goto('/privacy-policy');
  await waitForHydration(page);
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
