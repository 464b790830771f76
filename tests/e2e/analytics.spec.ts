// The tracker and the /analytics dashboard in Chromium against `site start` (the Node entry of the
// analytics function on PGlite in SITE_DATA_DIR). Automated browsers are not tracked unless the
// page opts in, so these tests set window.__SITE_TRACK_AUTOMATION__ before any script runs.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { horizontalOverflow, say } from './screen-support.ts';
import { axeViolations, expect, test, waitForEnhanced } from './support.ts';

const ENDPOINT = '/functions/v1/analytics';
const DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? '.data/e2e');

/** The dashboard key `site start` generated into its data folder. */
const dashboardKey = () =>
  (JSON.parse(readFileSync(path.join(DATA_DIR, 'analytics-secrets.json'), 'utf8')) as { dashboardKey: string }).dashboardKey;

type Sent = { type: string; eventType?: string; elementClicked?: string; sessionId: string; pageUrl: string };

/** Opts the page in to tracking and records every record it POSTs, with the status each got. */
async function recordTracking(page: Page) {
  const sent: (Sent & { status: number })[] = [];
  await page.addInitScript(() => {
    (window as { __SITE_TRACK_AUTOMATION__?: boolean }).__SITE_TRACK_AUTOMATION__ = true;
  });
  // In the order the page sent them (answers may come back in another order), each with its status.
  const order = new Map<object, number>();
  page.on('request', (req) => {
    if (req.method() !== 'POST' || new URL(req.url()).pathname !== ENDPOINT) return;
    const index = order.size;
    order.set(req, index);
    void req.response().then((res) => {
      if (!res) return;
      const entry = { ...(JSON.parse(req.postData() ?? '{}') as Sent), status: res.status() };
      order.set(entry, index);
      sent.push(entry);
      sent.sort((a, b) => order.get(a)! - order.get(b)!);
    });
  });
  return sent;
}

/**
 * Every record the page asks to send, in order, as it asks (before any answer): a record sent
 * just before the page is left is listed too. With a record the test causes itself, this shows
 * that nothing else was sent, without waiting for something that may come.
 */
function recordRequested(page: Page) {
  const requested: Sent[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === ENDPOINT) requested.push(JSON.parse(req.postData() ?? '{}') as Sent);
  });
  return requested;
}

/** 2025-07-03T10:15:30.123Z → in English "03 Jul 2025, 15:45:30 IST": the catalogue's dashboard.time, computed without Intl. */
function istText(iso: string): string {
  const d = new Date(Date.parse(iso) + 5.5 * 3600_000);
  const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
  const two = (n: number) => String(n).padStart(2, '0');
  const date = say('dashboard.day', { day: two(d.getUTCDate()), month: say(`dashboard.months.${months[d.getUTCMonth()]}`) });
  return say('dashboard.time', { date, year: String(d.getUTCFullYear()), time: `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}` });
}

/** Keeps the browser from handing tel: links to the system; the tracker listens before this runs. */
const keepTelInPage = (page: Page) =>
  page.evaluate(() =>
    document.addEventListener('click', (e) => {
      if ((e.target as Element).closest('a[href^="tel:"]')) e.preventDefault();
    }),
  );

/** The figure shown on a summary card. */
const cardValue = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true }).locator('p').nth(1);

test.describe('the tracker', () => {
  test('a visit sends one session record and one page_view', async ({ page }) => {
    const sent = await recordTracking(page);
    const requested = recordRequested(page);
    await page.goto('/about');
    await waitForEnhanced(page);
    await expect.poll(() => sent.length).toBe(2);
    // And nothing more: a click sends a record, and whatever else the load sent was asked before it.
    await page.getByRole('navigation', { name: say('nav.label') }).getByRole('button', { name: say('nav.getAQuote') }).click();
    await expect.poll(() => requested.filter((r) => r.eventType === 'click')).toHaveLength(1);
    expect(requested.map((r) => r.eventType ?? r.type)).toEqual(['session', 'page_view', 'click']);
    expect(sent.slice(0, 2)).toEqual([
      expect.objectContaining({ type: 'session', pageUrl: expect.stringMatching(/\/about$/), status: 201 }),
      expect.objectContaining({ type: 'event', eventType: 'page_view', pageUrl: expect.stringMatching(/\/about$/), status: 201 }),
    ]);
    expect(sent[0]!.sessionId).toMatch(/^session_\d{13}_[a-z0-9]+$/);
    expect(sent[1]!.sessionId).toBe(sent[0]!.sessionId);
  });

  test('a client-side navigation sends another page_view, and no new session', async ({ page }) => {
    const sent = await recordTracking(page);
    const requested = recordRequested(page);
    await page.goto('/');
    await waitForEnhanced(page);
    await expect.poll(() => sent.length).toBe(2);
    await page.getByRole('navigation', { name: say('nav.label') }).getByRole('link', { name: say('nav.about') }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => sent.filter((s) => s.eventType === 'page_view').length).toBe(2);
    const views = sent.filter((s) => s.eventType === 'page_view').map((s) => new URL(s.pageUrl).pathname);
    expect(views).toEqual(['/', '/about']);
    expect(sent.filter((s) => s.type === 'session')).toHaveLength(1);
    // The click is sent by the page being left, as it goes: the browser may not hand its answer to
    // the test once that page is gone (a response for a document that no longer exists), so what
    // is checked is that the page sent it, in the same session.
    const click = requested.find((s) => s.eventType === 'click');
    expect(click).toMatchObject({ elementClicked: 'a:/about' });
    expect(new Set([...sent, click!].map((s) => s.sessionId)).size).toBe(1);
  });

  test('on a phone, the call bar\'s taps are recorded: the call with its number, the chat as "whatsapp"', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const sent = await recordTracking(page);
    await page.goto('/');
    await waitForEnhanced(page);
    await keepTelInPage(page);
    await page.evaluate(() =>
      document.addEventListener('click', (e) => {
        if ((e.target as Element).closest('a[href*="wa.me"]')) e.preventDefault();
      }),
    );
    const bar = page.getByRole('complementary', { name: say('contactWidget.callBar') });
    const href = (await bar.getByRole('link', { name: say('common.callNow') }).getAttribute('href'))!;
    await bar.getByRole('link', { name: say('common.callNow') }).click();
    await bar.getByRole('link', { name: say('common.whatsApp') }).click();
    await expect.poll(() => sent.filter((s) => s.eventType === 'click').map((s) => s.elementClicked)).toEqual([href, 'whatsapp']);
  });

  test('every tracker request completes: the page reads each answer, so nothing stays open after load', async ({ page }) => {
    const sent = await recordTracking(page);
    const finished: string[] = [];
    page.on('requestfinished', (req) => {
      if (new URL(req.url()).pathname === ENDPOINT) finished.push(req.url());
    });
    await page.goto('/');
    await waitForEnhanced(page);
    await expect.poll(() => sent.length).toBe(2);
    expect(sent.map((s) => s.status)).toEqual([201, 201]);
    await expect.poll(() => finished.length).toBe(2);
  });

  test('a tel: click sends a click event naming the number', async ({ page }) => {
    const sent = await recordTracking(page);
    await page.goto('/contact');
    await waitForEnhanced(page);
    await keepTelInPage(page);
    const tel = page.locator('main a[href^="tel:"]').first();
    const href = (await tel.getAttribute('href'))!;
    await tel.click();
    await expect.poll(() => sent.find((s) => s.eventType === 'click')).toMatchObject({
      type: 'event',
      elementClicked: href.replace(/\s/g, ''),
      status: 201,
    });
    expect(href).toMatch(/^tel:\+91\d{10}$/);
  });
});

test.describe('/analytics', () => {
  test('is prerendered as a loading skeleton', async ({ request }) => {
    const html = await (await request.get('/analytics')).text();
    expect(html).toContain(say('dashboard.loading'));
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
  });

  test('with the key from the link, shows a visit with its IST time and keeps the key', async ({ page, request }) => {
    const sent = await recordTracking(page);
    await page.goto('/services');
    await waitForEnhanced(page);
    await expect.poll(() => sent.length).toBe(2);
    const key = dashboardKey();

    // The visit as stored: its creation time, read from the function with the key.
    const stored = (await (await request.get(ENDPOINT, { headers: { authorization: `Bearer ${key}` } })).json()) as {
      sessions: { session_id: string; created_at: string; ip_address: string }[];
    };
    const visit = stored.sessions.find((s) => s.session_id === sent[0]!.sessionId);
    expect(visit).toBeDefined();

    await page.goto(`/analytics#key=${encodeURIComponent(key)}`);
    await expect(page).toHaveURL(/\/analytics$/); // the key left the address bar
    const row = page.getByRole('table', { name: say('dashboard.sessions.caption') }).getByRole('row').filter({ hasText: istText(visit!.created_at) });
    await expect(row.first()).toContainText(visit!.ip_address);
    await expect(cardValue(page, say('dashboard.cards.sessions'))).toHaveText(/^[1-9][\d,]*$/);
    await expect(cardValue(page, say('dashboard.cards.uniqueIps'))).toHaveText(/^[1-9][\d,]*$/);
    await expect(page.getByRole('table', { name: say('dashboard.events.caption') })).toContainText('page_view');

    expect(await axeViolations(page)).toEqual([]);

    await page.reload(); // the key was kept in localStorage
    await expect(page.getByRole('table', { name: say('dashboard.sessions.caption') }).getByRole('row').filter({ hasText: istText(visit!.created_at) }).first()).toBeVisible();
    await expect(page.getByText(say('dashboard.key.enter'))).toHaveCount(0);
  });

  test('without the key, shows zeros and "N/A", logs the error and asks for the key', async ({ page, consoleLog }) => {
    await page.goto('/analytics');
    await waitForEnhanced(page);
    await expect(page.getByText(say('dashboard.key.enter'))).toBeVisible();
    await expect(cardValue(page, say('dashboard.cards.sessions'))).toHaveText('0');
    await expect(cardValue(page, say('dashboard.cards.events'))).toHaveText('0');
    await expect(cardValue(page, say('dashboard.cards.uniqueIps'))).toHaveText('0');
    await expect(cardValue(page, say('dashboard.cards.topCountry'))).toHaveText(say('dashboard.cards.none'));
    expect(consoleLog.errors.some((e) => e.includes('Analytics dashboard: no dashboard key'))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // Entering the key once shows the data.
    await page.getByLabel(say('dashboard.key.label')).fill(dashboardKey());
    await page.getByRole('button', { name: say('dashboard.key.submit') }).click();
    await expect(page.getByText(say('dashboard.key.enter'))).toHaveCount(0);
    await expect(page.getByRole('table', { name: say('dashboard.sessions.caption') })).toBeVisible();
  });
});

test.describe('/analytics: leads and the owner’s own visits', () => {
  test('the dashboard sends nothing to the tracker, and no stored row holds the key', async ({ page, request }) => {
    const sent = await recordTracking(page);
    const requested = recordRequested(page);
    const key = dashboardKey();
    await page.goto(`/analytics#key=${encodeURIComponent(key)}`);
    await waitForEnhanced(page);
    await expect(page.getByRole('heading', { name: say('dashboard.leads.title') })).toBeVisible();
    await page.getByRole('button', { name: say('dashboard.range.last30') }).click();
    // The next page is tracked: once its records are asked for, any the dashboard sent were too.
    await page.goto('/about');
    await expect.poll(() => sent.filter((s) => new URL(s.pageUrl).pathname === '/about')).toHaveLength(2);
    expect(requested.map((r) => new URL(r.pageUrl).pathname)).toEqual(['/about', '/about']);
    const stored = JSON.stringify(await (await request.get(ENDPOINT, { headers: { authorization: `Bearer ${key}` } })).json());
    expect(stored).not.toContain('key=');
    expect(stored).not.toContain(key);
  });

  test('a phone tap and a form request show in the range, on a 360 px phone, with a CSV download', async ({ page }) => {
    const sent = await recordTracking(page);
    await page.goto('/contact');
    await waitForEnhanced(page);
    await keepTelInPage(page);
    await page.locator('main a[href^="tel:"]').first().click();
    await expect.poll(() => sent.filter((s) => s.eventType === 'click').length).toBe(1);
    const name = `Dashboard Lead ${Date.now().toString(36)}`;
    const form = page.locator('form#contact-form');
    await form.getByLabel(say('forms.fields.name')).fill(name);
    await form.getByLabel(say('forms.fields.phone')).fill('+91 90000 00006');
    await form.getByLabel(say('forms.fields.email')).fill('dash@gmail.com');
    await form.getByLabel(say('forms.contact.service.label')).selectOption(say('forms.contact.service.other'));
    await form.getByLabel(say('forms.fields.message')).fill('Seen on the dashboard?');
    await form.getByRole('button', { name: say('forms.contact.submit') }).click();
    await expect(page).toHaveURL(/\/thank-you$/);

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/analytics#key=${encodeURIComponent(dashboardKey())}`);
    const card = (label: string) => page.getByRole('group', { name: label }).locator('p').nth(1);
    await page.getByRole('button', { name: say('dashboard.range.today') }).click();
    await expect(card(say('dashboard.leads.group.call'))).toHaveText(/^[1-9]/);
    await expect(card(say('dashboard.leads.group.form'))).toHaveText(/^[1-9]/);
    const lead = page.getByTestId('lead').filter({ hasText: name });
    await expect(lead).toContainText('Seen on the dashboard?');
    await expect(lead).toContainText(say('dashboard.leads.from', { page: '/contact' }));
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: say('dashboard.leads.download') }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toMatch(/^created_at,kind,name,phone,email/);
    // A cell starting with + would be read as a formula by a spreadsheet: it is written as text.
    expect(csv).toContain(`,contact,${name},'+91 90000 00006,dash@gmail.com,Other,`);

    await page.getByLabel(say('dashboard.range.from')).fill('2020-01-01');
    await page.getByLabel(say('dashboard.range.to')).fill('2020-01-02');
    await page.getByRole('button', { name: say('dashboard.range.show') }).click();
    await expect(page.getByText(say('dashboard.leads.noRequests'))).toBeVisible();
    await expect(card(say('dashboard.leads.group.form'))).toHaveText('0');
  });

  test('an owner can leave their own browser out of the figures', async ({ page }) => {
    const sent = await recordTracking(page);
    const requested = recordRequested(page);
    await page.goto(`/analytics#key=${encodeURIComponent(dashboardKey())}`);
    await page.getByLabel('Don’t count my own visits from this browser').check();
    await page.goto('/about');
    await waitForEnhanced(page); // the tracker has decided by now: it starts before the page is marked
    await page.goto('/analytics');
    await page.getByLabel('Don’t count my own visits from this browser').uncheck();
    await page.goto('/about');
    await expect.poll(() => sent.length).toBe(2);
    // Only the second visit to /about was ever sent.
    expect(requested).toHaveLength(2);
    expect(new Set(requested.map((r) => r.sessionId)).size).toBe(1);
  });
});

test.describe('/analytics: one address, and a working key never replaced by a link (issue 25.7, 25.8)', () => {
  const table = (page: Page) => page.getByRole('table', { name: say('dashboard.sessions.caption') });

  test('//analytics#key=… and /analytics.html open the dashboard at /analytics, the key out of the address bar, and count no visit', async ({ page, baseURL, consoleLog }) => {
    const sent = await recordTracking(page);
    const requested = recordRequested(page);
    const key = dashboardKey();
    await page.goto(`${baseURL}//analytics#key=${encodeURIComponent(key)}`);
    await expect(table(page)).toBeVisible();
    await expect(page).toHaveURL(`${baseURL}/analytics`);
    expect(await page.evaluate(() => localStorage.getItem('site.analytics.dashboardKey'))).toBe(key);
    await page.goto('/analytics.html');
    await expect(page).toHaveURL(`${baseURL}/analytics`);
    await expect(table(page)).toBeVisible();
    expect(consoleLog.errors).toEqual([]);
    // The next page is tracked: once its records are asked for, any the dashboard sent were too.
    await page.goto('/about');
    await expect.poll(() => sent.filter((s) => new URL(s.pageUrl).pathname === '/about')).toHaveLength(2);
    expect(requested.map((r) => new URL(r.pageUrl).pathname)).toEqual(['/about', '/about']);
  });

  test('a link with a wrong key leaves the saved key in place, and the dashboard opens with it', async ({ page, baseURL }) => {
    const key = dashboardKey();
    await page.goto(`/analytics#key=${encodeURIComponent(key)}`);
    await expect(table(page)).toBeVisible();
    await page.goto('/about'); // a new page load: from /analytics, a hash alone would not load the page again
    await page.goto('/analytics#key=an-old-or-wrong-key');
    await expect(page.getByText(say('dashboard.linkKeyRefused'))).toBeVisible();
    await expect(table(page)).toBeVisible();
    await expect(page).toHaveURL(`${baseURL}/analytics`);
    expect(await page.evaluate(() => localStorage.getItem('site.analytics.dashboardKey'))).toBe(key);
  });
});
