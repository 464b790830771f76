// /analytics on seeded data: its own `site start` (the built site and both functions) on a PGlite
// database seeded here with visits, taps and a lead on chosen days, so every figure is known.
// Checks that the range drives the cards, the chart (uPlot, loaded by /analytics only) and its
// table, the lists and the events CSV, on a 360 px phone too.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Page } from '@playwright/test';
import { applyMigrations, pgliteDb } from '#cli/lib/server/database.ts';
import { horizontalOverflow, say } from './screen-support.ts';
import { axeViolations, expect, test, waitForEnhanced } from './support.ts';

const PORT = Number(process.env.E2E_PORT ?? 4174) + 100;
const BASE = `http://127.0.0.1:${PORT}`;
const DAY = 86_400_000;
const UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
/** The India date of an instant, as the dashboard's table shows it in the catalogue's words (in English "03 Jul"). */
const shortIst = (t: number) => {
  const d = new Date(t + 5.5 * 3_600_000);
  return say('dashboard.day', { day: String(d.getUTCDate()).padStart(2, '0'), month: say(`dashboard.months.${['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'][d.getUTCMonth()]}`) });
};

let dir: string;
let server: ChildProcess;
const now = Date.now();
/** Midnight in India (UTC+5:30) that began the day of `t`. */
const istMidnight = (t: number) => Math.floor((t + 5.5 * 3_600_000) / DAY) * DAY - 5.5 * 3_600_000;
// Noon two India days ago, so that the visits a few minutes apart fall on one day at any hour the
// suite runs; and today's visit a minute ago, or at midnight when the day is younger than that.
const twoDaysAgo = istMidnight(now) - 2 * DAY + 12 * 3_600_000;
const today = Math.max(now - 60_000, istMidnight(now));

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000); // a database to seed and a server to start: a hang guard
  dir = mkdtempSync(path.join(tmpdir(), 'site-e2e-range-'));
  const db = pgliteDb(await PGlite.create(path.join(dir, 'pglite')));
  await applyMigrations(db);
  const session = (at: number, visitor: string, page: string, sid: string) =>
    db.query(
      `insert into public.user_sessions (session_id, ip_address, ip_hash, visitor_id, country, page_url, user_agent, referrer, created_at)
       values ($1, '49.36.10.0', $2, $3, 'IN', $4, $5, 'https://www.google.com/', $6)`,
      [sid, visitor.padEnd(64, '0'), visitor.padEnd(32, '0'), `${BASE}${page}`, UA, new Date(at).toISOString()],
    );
  const event = (at: number, sid: string, type: string, element: string | null, page: string) =>
    db.query(`insert into public.user_events (session_id, event_type, element_clicked, page_url, "timestamp") values ($1, $2, $3, $4, $5)`, [
      sid, type, element, `${BASE}${page}`, new Date(at).toISOString(),
    ]);
  // Two days ago: one visitor reloads the Mansarovar page from a campaign link and taps the number;
  // another reads /services. Today, shortly before the test: a third visitor on the home page.
  await session(twoDaysAgo, 'a', '/tv-repair-mansarovar?utm_source=seeded-campaign', 'session_1_a1');
  await session(twoDaysAgo + 5_000, 'a', '/tv-repair-mansarovar?utm_source=seeded-campaign', 'session_1_a2');
  await event(twoDaysAgo + 5_000, 'session_1_a2', 'page_view', null, '/tv-repair-mansarovar');
  await event(twoDaysAgo + 60_000, 'session_1_a2', 'click', 'tel:+919000000001', '/tv-repair-mansarovar');
  await session(twoDaysAgo + 120_000, 'b', '/services', 'session_1_b');
  await event(twoDaysAgo + 120_000, 'session_1_b', 'page_view', null, '/services');
  await session(today, 'c', '/', 'session_1_c');
  await event(today, 'session_1_c', 'page_view', null, '/');
  await db.close();
  server = spawn(process.execPath, ['cli/bin.mjs', 'start', '--no-build', '--port', String(PORT)], {
    env: { ...process.env, SITE_DATA_DIR: dir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // `site start` names its address once it listens.
  await new Promise<void>((resolve, reject) => {
    let said = '';
    server.stderr!.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      said += chunk.toString();
      if (said.includes(`Site:       http://localhost:${PORT}`)) resolve();
    });
    server.once('exit', (code) => reject(new Error(`site start exited with ${code} before it listened:\n${said}`)));
  });
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const key = () => (JSON.parse(readFileSync(path.join(dir, 'analytics-secrets.json'), 'utf8')) as { dashboardKey: string }).dashboardKey;
const card = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

test('the range drives the cards, the chart and its table, the lists and the events CSV', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(new URL(res.url()).pathname);
  });
  await page.goto(`${BASE}/analytics#key=${encodeURIComponent(key())}`);
  await waitForEnhanced(page);
  // Last 7 days (the default): three visitors, four page loads, and the change against the week before.
  await expect(card(page, say('dashboard.cards.visitors')).locator('p').nth(1)).toHaveText('3');
  await expect(card(page, say('dashboard.cards.visitors'))).toContainText(say('dashboard.compare.upFromZero', { against: say('dashboard.compare.previousDays', { n: 7 }) }));
  await expect(card(page, say('dashboard.cards.sessions')).locator('p').nth(1)).toHaveText('4');
  await expect(card(page, say('dashboard.cards.events')).locator('p').nth(1)).toHaveText('4');
  await expect(page.getByTestId('visitors-chart').locator('canvas')).toBeVisible();
  await page.getByText(say('dashboard.chart.asTable')).click();
  const table = page.getByRole('table', { name: say('dashboard.chart.title') });
  await expect(table.getByRole('row')).toHaveCount(8); // the header and seven days
  await expect(table.getByRole('row', { name: new RegExp(`^${shortIst(twoDaysAgo)} 2 1 0 0$`) })).toBeVisible();
  await expect(page.locator('h3', { hasText: say('dashboard.top.utmSource') }).locator('..')).toContainText('seeded-campaign');
  await expect(page.locator('h3', { hasText: say('dashboard.top.leadsByPage') }).locator('..')).toContainText(`/tv-repair-mansarovar${[say('dashboard.count.call.one', { n: 1 }), say('dashboard.count.chat.many', { n: 0 }), say('dashboard.count.request.many', { n: 0 })].join(' · ')}`);
  await expect(page.locator('h3', { hasText: say('dashboard.top.device') }).locator('..')).toContainText(`mobile4 ${say('dashboard.top.visits')}`);

  // The chart's library is a chunk of its own that the home page does not load.
  const chartChunks = scripts.filter((s) => /uPlot/i.test(s));
  expect(chartChunks.length, scripts.join(', ')).toBeGreaterThan(0);

  // Events CSV of the range.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: say('dashboard.events.download') }).click();
  const csv = readFileSync((await (await download).path())!, 'utf8').split('\r\n');
  expect(csv[0]).toBe('time_ist,event_type,element_clicked,page_path,page_url,session_id,ip_network');
  expect(csv.filter((l) => l.includes(',click,tel:+919000000001,/tv-repair-mansarovar,'))).toHaveLength(1);
  expect(csv.filter(Boolean)).toHaveLength(5);

  // Today: the one visitor of today, compared with yesterday up to the same time.
  await page.getByRole('button', { name: say('dashboard.range.today') }).click();
  await expect(card(page, say('dashboard.cards.visitors')).locator('p').nth(1)).toHaveText('1');
  await expect(card(page, say('dashboard.cards.visitors'))).toContainText(say('dashboard.compare.sameTimeYesterday'));
  await expect(page.getByRole('table', { name: say('dashboard.sessions.caption') }).getByRole('row')).toHaveCount(2);
  await expect(page.locator('h3', { hasText: say('dashboard.top.utmSource') }).locator('..')).toContainText(say('dashboard.top.noTags'));

  // Two chosen days that hold nothing.
  await page.getByLabel(say('dashboard.range.from')).fill('2020-01-01');
  await page.getByLabel(say('dashboard.range.to')).fill('2020-01-02');
  await page.getByRole('button', { name: say('dashboard.range.show') }).click();
  await expect(card(page, say('dashboard.cards.sessions')).locator('p').nth(1)).toHaveText('0');
  await expect(table.getByRole('row')).toHaveCount(3);

  // A fresh page of the home page loads scripts, none of them the chart's.
  const home = await page.context().newPage();
  const homeScripts: string[] = [];
  home.on('response', (res) => {
    if (res.request().resourceType() === 'script') homeScripts.push(new URL(res.url()).pathname);
  });
  await home.goto(`${BASE}/`);
  await waitForEnhanced(home);
  await home.waitForLoadState('networkidle');
  expect(homeScripts.length).toBeGreaterThan(0);
  expect(homeScripts.filter((s) => /uPlot|visitors-chart/i.test(s))).toEqual([]);
});

test('on a 360 px phone: nothing scrolls sideways unannounced, and no accessibility violations', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${BASE}/analytics#key=${encodeURIComponent(key())}`);
  await expect(page.getByTestId('visitors-chart').locator('canvas')).toBeVisible();
  await page.getByText(say('dashboard.chart.asTable')).click();
  expect(await horizontalOverflow(page)).toBe(0);
  await expect(page.getByText(say('dashboard.table.swipe')).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
