import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { siteWith } from './fixture-site.ts';
import { CONTACT_CHOICES, RECORD_GTAG, say, SITE } from './screen-support.ts';
import { expect, test, waitForEnhanced } from './support.ts';

/** Each named control's tag, type and required flag, in document order (hidden fields left out). */
async function controls(form: Locator) {
  return form.locator('input:not([type="hidden"]), select, textarea').evaluateAll((els) =>
    els
      .filter((el) => !el.closest('[aria-hidden="true"]'))
      .map((el) => {
        const c = el as HTMLInputElement;
        return { name: c.name, type: c.tagName === 'INPUT' ? c.type : c.tagName.toLowerCase(), required: c.required };
      }),
  );
}

/** The names of a form's hidden inputs, in order. */
async function hiddenNames(form: Locator) {
  return form.locator('input[type="hidden"]').evaluateAll((els) => els.map((el) => (el as HTMLInputElement).name));
}

const DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? '.data/e2e');
const dashboardKey = (dataDir: string) => (JSON.parse(readFileSync(path.join(dataDir, 'analytics-secrets.json'), 'utf8')) as { dashboardKey: string }).dashboardKey;
/** What a visitor types as the area of a service request: the business's own locality. */
const AREA = SITE.address.locality;

/** A name no other test uses, so that its lead can be found on the dashboard. */
const visitor = (tag: string) => `E2E ${tag} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The lead whose `field` is `value`, as the dashboard reads it with the dashboard key. */
async function storedLead(page: Page, value: string, field: 'name' | 'email' = 'name', dataDir = DATA_DIR) {
  const res = await page.request.get(SITE.forms.contactEndpoint, { headers: { authorization: `Bearer ${dashboardKey(dataDir)}` } });
  expect(res.status()).toBe(200);
  const { leads } = (await res.json()) as { leads: Record<string, unknown>[] };
  return leads.find((l) => l[field] === value);
}

async function fillContactForm(form: Locator, v: { name: string; phone: string; email?: string; service: string; message: string }) {
  await form.getByLabel(say('forms.fields.name')).fill(v.name);
  await form.getByLabel(say('forms.fields.phone')).fill(v.phone);
  await form.getByLabel(say('forms.fields.email')).fill(v.email ?? 'visitor@gmail.com');
  await form.getByLabel(say('forms.contact.service.label')).selectOption(v.service);
  await form.getByLabel(say('forms.fields.message')).fill(v.message);
  await form.getByRole('button', { name: say('forms.contact.submit') }).click();
}

/** Fills and sends the brand form with the first product it offers; returns that product's value. */
async function fillBrandForm(form: Locator, name: string) {
  await form.getByLabel(say('forms.fields.name')).fill(name);
  await form.getByLabel(say('forms.fields.email')).fill('brand@gmail.com');
  await form.getByLabel(say('forms.fields.phone')).fill('9000000003');
  const [product] = await form.getByLabel(say('forms.serviceRequest.serviceType.label')).selectOption({ index: 1 });
  await form.getByLabel(say('forms.serviceRequest.area', { city: SITE.address.city })).fill(AREA);
  await form.getByLabel(say('forms.serviceRequest.message')).fill('It stopped working yesterday.');
  await form.getByRole('button', { name: say('forms.serviceRequest.submit') }).click();
  return product;
}

async function hiddenValue(form: Locator, name: string) {
  return form.locator(`input[type="hidden"][name="${name}"]`).getAttribute('value');
}

/** The spam trap: present, empty, out of sight and out of the tab order. */
async function expectHoneypot(form: Locator) {
  const trap = form.locator(`input[name="${SITE.forms.honeypotField}"]`);
  await expect(trap).toHaveCount(1);
  await expect(trap).toHaveValue('');
  await expect(trap).toHaveAttribute('tabindex', '-1');
  expect(await trap.evaluate((el) => el.getBoundingClientRect().right <= 0)).toBe(true);
}

/**
 * Submitting the empty form: the browser's own required-field check stops it; nothing is sent.
 * A form is sent (natively, or by the page's script, which listens for it) only through a
 * `submit` event, which the browser fires during the click, after its check: counting them
 * shows the outcome as soon as the click returns, with no wait for a request that might come.
 */
async function expectEmptySubmitBlocked(page: Page, form: Locator) {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && !r.url().includes('/functions/v1/analytics')) posts.push(r.url());
  });
  await form.evaluate((f: HTMLFormElement) => {
    const seen = { submits: 0, invalid: 0 };
    (f as HTMLFormElement & { seen?: typeof seen }).seen = seen;
    f.addEventListener('invalid', () => seen.invalid++, true);
    window.addEventListener('submit', (e) => e.target === f && seen.submits++, true);
  });
  const url = page.url();
  await form.locator('[type="submit"]').click();
  const seen = await form.evaluate((f) => (f as HTMLFormElement & { seen: { submits: number; invalid: number } }).seen);
  expect(seen.submits).toBe(0);
  expect(seen.invalid).toBeGreaterThan(0);
  expect(await form.evaluate((f: HTMLFormElement) => f.checkValidity())).toBe(false);
  expect(page.url()).toBe(url);
  expect(posts).toEqual([]);
}

test.describe('the contact form', () => {
  test('posts natively to the leads function with exactly the spec fields', async ({ page }) => {
    await page.goto('/contact');
    await waitForEnhanced(page);
    const form = page.locator('form#contact-form');
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form).toHaveAttribute('action', SITE.forms.contactEndpoint);
    expect(await controls(form)).toEqual([
      { name: 'name', type: 'text', required: true },
      { name: 'phone', type: 'tel', required: true },
      { name: 'email', type: 'email', required: true },
      { name: 'service', type: 'select', required: true },
      { name: 'message', type: 'textarea', required: true },
    ]);
    const options = await form.locator('select[name="service"] option').evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
    expect(options).toEqual([
      ['', say('forms.contact.service.placeholder')],
      ...CONTACT_CHOICES.map((o) => [o, o]),
    ]);
    await expect(form.locator('textarea[name="message"]')).toHaveAttribute('rows', '4');
    expect(await hiddenValue(form, 'subject')).toBe('New Contact Form Submission from Website');
    expect(await hiddenNames(form)).toEqual(['subject']);
    await expectHoneypot(form);
    for (const key of ['forms.fields.name', 'forms.fields.phone', 'forms.fields.email', 'forms.contact.service.label', 'forms.fields.message']) await expect(form.getByLabel(say(key))).toBeVisible();
  });

  test('with JavaScript, a message lands on /thank-you and reaches the dashboard', async ({ page }) => {
    await page.goto('/contact');
    await waitForEnhanced(page);
    const form = page.locator('form#contact-form');
    const name = visitor('contact-js');
    await fillContactForm(form, { name, phone: '+91 90000 00004', service: CONTACT_CHOICES[0]!, message: 'Cracked panel.' });
    await expect(page).toHaveURL(/\/thank-you$/);
    expect(await storedLead(page, name)).toMatchObject({ kind: 'contact', service: CONTACT_CHOICES[0], page_path: '/contact' });
  });

  test('an empty submit is stopped by the browser', async ({ page }) => {
    await page.goto('/contact');
    await waitForEnhanced(page);
    await expectEmptySubmitBlocked(page, page.locator('form#contact-form'));
  });
});

test.describe('the quote dialog form', () => {
  test('has the spec fields, subject and honeypot, and stops an empty submit', async ({ page }) => {
    await page.goto('/');
    await waitForEnhanced(page);
    await page.getByRole('navigation', { name: say('nav.label') }).getByRole('button', { name: say('nav.getAQuote') }).click();
    const form = page.getByRole('dialog', { name: say('forms.quote.title') }).locator('form');
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form).toHaveAttribute('action', SITE.forms.contactEndpoint);
    expect(await controls(form)).toEqual([
      { name: 'name', type: 'text', required: true },
      { name: 'email', type: 'email', required: true },
      { name: 'phone', type: 'tel', required: true },
      { name: 'message', type: 'textarea', required: true },
    ]);
    expect(await hiddenValue(form, 'subject')).toBe('New Quote Request from Website');
    expect(await hiddenNames(form)).toEqual(['subject']);
    await expectHoneypot(form);
    await expectEmptySubmitBlocked(page, form);
  });

  test('a request lands on /thank-you and reaches the dashboard', async ({ page }) => {
    await page.goto('/services');
    await waitForEnhanced(page);
    await page.getByRole('navigation', { name: say('nav.label') }).getByRole('button', { name: say('nav.getAQuote') }).click();
    const form = page.getByRole('dialog', { name: say('forms.quote.title') }).locator('form');
    const name = visitor('quote-js');
    await form.getByLabel(say('forms.fields.name')).fill(name);
    await form.getByLabel(say('forms.fields.email')).fill('quote@gmail.com');
    await form.getByLabel(say('forms.fields.phone')).fill('9000000005');
    await form.getByLabel(say('forms.quote.message')).fill('No power since yesterday.');
    await form.getByRole('button', { name: say('forms.quote.submit') }).click();
    await expect(page).toHaveURL(/\/thank-you$/);
    expect(await storedLead(page, name)).toMatchObject({ kind: 'quote', page_path: '/services' });
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the contact form still posts every field to the leads function', async ({ page }) => {
    let body = '';
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith(SITE.forms.contactEndpoint)) body = r.postData() ?? '';
    });
    await page.goto('/contact');
    const form = page.locator('form#contact-form');
    const name = visitor('contact-nojs');
    // The last choice of the content's own services (the first is the JavaScript test's).
    const service = CONTACT_CHOICES.at(-2)!;
    await fillContactForm(form, { name, phone: '9000000000', service, message: 'No sound from the left speaker.' });
    await expect(page).toHaveURL(/\/thank-you$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('thankYou.title'));
    expect(Object.fromEntries(new URLSearchParams(body))).toEqual({
      subject: 'New Contact Form Submission from Website',
      [SITE.forms.honeypotField]: '',
      name,
      phone: '9000000000',
      email: 'visitor@gmail.com',
      service,
      message: 'No sound from the left speaker.',
    });
    expect(await storedLead(page, name)).toMatchObject({ kind: 'contact', service, page_path: '/contact' });
  });

  test('a bad phone number gets a page that names it and keeps what was typed', async ({ page }) => {
    await page.goto('/contact');
    const form = page.locator('form#contact-form');
    await fillContactForm(form, { name: 'Kept Name', phone: 'call me', email: 'kept@gmail.com', service: CONTACT_CHOICES.at(-1)!, message: 'Kept message' });
    // The leads function's page, in the catalogue's words (functions.*).
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('functions.page.check'));
    await expect(page.getByRole('alert')).toContainText(say('functions.rules.phone'));
    await expect(page.getByLabel(say('functions.fields.name'))).toHaveValue('Kept Name');
    await expect(page.getByLabel(say('functions.fields.message'))).toHaveValue('Kept message');
    await expect(page.getByLabel(say('functions.fields.service'))).toHaveValue(CONTACT_CHOICES.at(-1)!);
    await page.getByLabel(say('functions.fields.phone')).fill('+91 90000 00002');
    await page.getByRole('button', { name: say('functions.page.sendAgain') }).click();
    await expect(page).toHaveURL(/\/thank-you$/);
    expect(await storedLead(page, 'Kept Name')).toMatchObject({ kind: 'contact', phone: '+91 90000 00002' });
  });

  test('"Get A Quote" is a link to the contact form', async ({ page }) => {
    await page.goto('/');
    const quote = page.getByRole('navigation', { name: say('nav.label') }).getByRole('button', { name: say('nav.getAQuote') });
    await expect(quote).toHaveAttribute('href', '/contact#contact-form');
    await quote.click();
    await expect(page).toHaveURL(/\/contact#contact-form$/);
    await expect(page.locator('form#contact-form')).toBeInViewport();
  });
});

test.describe('phone conversions', () => {
  test('a tap on the phone\'s call bar reports the call conversion', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.addInitScript(RECORD_GTAG);
    await page.goto('/');
    await waitForEnhanced(page);
    await page.getByRole('complementary', { name: say('contactWidget.callBar') }).getByRole('link', { name: say('common.callNow') }).click();
    const calls = await page.evaluate(() => (window as unknown as { __gtagCalls: unknown[][] }).__gtagCalls);
    expect(calls).toEqual([['event', 'conversion', { event_label: 'phone_call_clicked', currency: 'INR' }]]);
  });

  test('a tel: click calls gtag with the conversion event when the page has gtag', async ({ page }) => {
    await page.addInitScript(RECORD_GTAG);
    await page.goto('/contact');
    await waitForEnhanced(page);
    await page.getByRole('region', { name: say('contact.getInTouch.title') }).locator('a[href^="tel:"]').click();
    await page.locator('footer a[href^="tel:"]').click();
    const calls = await page.evaluate(() => (window as unknown as { __gtagCalls: unknown[][] }).__gtagCalls);
    const expected = ['event', 'conversion', { event_label: 'phone_call_clicked', currency: 'INR' }];
    expect(calls).toEqual([expected, expected]);
  });

  test('without ads in site.yaml, no ad script is loaded and a tel: click is harmless', async ({ page, consoleLog }) => {
    const adRequests: string[] = [];
    page.on('request', (r) => {
      if (/googletagmanager|googleadservices|doubleclick/.test(r.url())) adRequests.push(r.url());
    });
    await page.goto('/contact');
    await waitForEnhanced(page);
    await page.evaluate(() => {
      document.addEventListener('click', (e) => e.preventDefault());
      document.querySelector<HTMLAnchorElement>('main a[href^="tel:"]')?.click();
    });
    // The ad script would load from an idle callback asked for while the page started; idle
    // callbacks run in the order they were asked for, so once this one runs, that one has.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
    expect(await page.evaluate(() => typeof (window as { gtag?: unknown }).gtag)).toBe('undefined');
    expect(adRequests).toEqual([]);
    expect(consoleLog.errors).toEqual([]);
  });

  test('with ads configured, gtag.js loads once the page runs and phone clicks carry send_to', async ({ page }) => {
    const ads = { conversionId: 'AW-123456789', phoneLabel: 'phone_call_clicked' };
    // The built site has no ads id: give this page one by editing its client config. The built
    // Content-Security-Policy admits gtag.js only when site.yaml has `ads`, so it goes too.
    await page.route('**/contact', async (route) => {
      const res = await route.fetch();
      const config = '<script id="site-config" type="application/json">{';
      const html = (await res.text()).replace(config, `${config}"ads":${JSON.stringify(ads)},`);
      const headers = Object.fromEntries(Object.entries(res.headers()).filter(([k]) => k !== 'content-security-policy'));
      await route.fulfill({ response: res, body: html, headers });
    });
    let tagUrl = '';
    await page.route('https://www.googletagmanager.com/**', async (route) => {
      tagUrl = route.request().url();
      await route.fulfill({ contentType: 'text/javascript', body: '' });
    });
    await page.goto('/contact');
    await waitForEnhanced(page);
    await expect.poll(() => tagUrl).toBe(`https://www.googletagmanager.com/gtag/js?id=${ads.conversionId}`);
    await page.evaluate(() => {
      document.addEventListener('click', (e) => e.preventDefault());
      document.querySelector<HTMLAnchorElement>('main a[href^="tel:"]')?.click();
    });
    const queued = await page.evaluate(() => (window as unknown as { dataLayer: IArguments[] }).dataLayer.map((a) => Array.from(a)));
    expect(queued[0]?.[0]).toBe('js');
    expect(queued[1]).toEqual(['config', ads.conversionId]);
    expect(queued.at(-1)).toEqual([
      'event',
      'conversion',
      { send_to: `${ads.conversionId}/${ads.phoneLabel}`, event_label: 'phone_call_clicked', currency: 'INR' },
    ]);
  });
});

/** The service centre's brand pages: the site's own, or the fixture's when it has none (fixture-site.ts). */
const centre = siteWith('service-center-brand');
const firstBrand = () => centre.routes().find((r) => r.kind === 'service-center-brand')!.path;

test.describe('the brand service request form', () => {
  test.use({ baseURL: centre.baseURL });

  test('has the spec fields, posts to the leads function and stops an empty submit', async ({ page }) => {
    await page.goto(firstBrand());
    await waitForEnhanced(page);
    const form = page.locator('#request-service form');
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form).toHaveAttribute('action', SITE.forms.serviceRequestEndpoint);
    expect(await controls(form)).toEqual([
      { name: 'name', type: 'text', required: true },
      { name: 'email', type: 'email', required: true },
      { name: 'phone', type: 'tel', required: true },
      { name: 'serviceType', type: 'select', required: true },
      { name: 'area', type: 'text', required: true },
      { name: 'message', type: 'textarea', required: true },
    ]);
    expect(await hiddenNames(form)).toEqual(['subject', 'brandName']);
    await expectHoneypot(form);
    await expectEmptySubmitBlocked(page, form);
  });

  test('with JavaScript, a request lands on /thank-you and reaches the dashboard', async ({ page }) => {
    await page.goto(firstBrand());
    await waitForEnhanced(page);
    const name = visitor('brand-js');
    await fillBrandForm(page.locator('#request-service form'), name);
    await expect(page).toHaveURL(/\/thank-you$/);
    expect(await storedLead(page, name, 'name', centre.dataDir)).toMatchObject({ kind: 'service-request', brand_name: expect.any(String) });
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('a request lands on /thank-you and the lead reaches the dashboard', async ({ page }) => {
      await page.goto(firstBrand());
      const name = visitor('brand-nojs');
      const product = await fillBrandForm(page.locator('#request-service form'), name);
      await expect(page).toHaveURL(/\/thank-you$/);
      expect(await storedLead(page, name, 'name', centre.dataDir)).toMatchObject({ kind: 'service-request', service_type: product, area: AREA });
    });
  });
});

test.describe('the newsletter form', () => {
  test('requires an e-mail address, then stores it and says so on the page', async ({ page }) => {
    await page.goto('/blog');
    await waitForEnhanced(page);
    const email = page.locator('main form input[name="email"]');
    await expect(email).toHaveAttribute('type', 'email');
    await expect(email).toHaveAttribute('required', '');
    const form = email.locator('xpath=ancestor::form');
    await expectEmptySubmitBlocked(page, form);
    const address = `${visitor('news-js')}@gmail.com`.replace(/ /g, '.');
    await email.fill(address);
    await form.locator('[type="submit"]').click();
    await expect(page.getByRole('status').filter({ hasText: say('forms.newsletter.done') })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/blog');
    expect(await storedLead(page, address, 'email')).toMatchObject({ kind: 'newsletter' });
  });

  test('with JavaScript off, the function answers with its own acknowledgement and keeps the address out of the URL', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/blog');
    const address = `${visitor('news-nojs')}@gmail.com`.replace(/ /g, '.');
    await page.locator('main form input[name="email"]').fill(address);
    await page.locator('main form [type="submit"]').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('functions.page.subscribed'));
    expect(page.url()).not.toContain('gmail');
    expect(await storedLead(page, address, 'email')).toMatchObject({ kind: 'newsletter' });
    await context.close();
  });
});
