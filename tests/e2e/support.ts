import { readFileSync } from 'node:fs';
import path from 'node:path';
import { manifestFile } from '#core/pipeline/record.ts';
import { test as base, expect, type Page } from '@playwright/test';

export const DIST = path.resolve('dist');

/** The site's origin as content/site.yaml states it (canonicals and sitemap use it). */
export const ORIGIN = JSON.parse(readFileSync(manifestFile(DIST), 'utf8')).origin as string;

/** Every URL path that sitemap.xml lists. */
export function sitemapPaths(): string[] {
  const xml = readFileSync(path.join(DIST, 'sitemap.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

/** Console errors, warnings and page errors seen while a test ran. */
export interface ConsoleLog {
  errors: string[];
  warnings: string[];
}

/**
 * `page` records console errors and warnings; `consoleLog` exposes them so a test can assert there
 * were none (an island's hydration mismatch is reported as a console error by React).
 */
export const test = base.extend<{ consoleLog: ConsoleLog }>({
  consoleLog: async ({ page }, use) => {
    const log: ConsoleLog = { errors: [], warnings: [] };
    page.on('console', (msg) => {
      if (msg.type() === 'error') log.errors.push(msg.text());
      if (msg.type() === 'warning') log.warnings.push(msg.text());
    });
    page.on('pageerror', (err) => log.errors.push(`pageerror: ${err.message}`));
    await use(log);
  },
});

export { expect };

/** Wait until the client entry has enhanced the page (it marks <html data-enhanced>, decision 090). */
export async function waitForEnhanced(page: Page) {
  await page.waitForSelector('html[data-enhanced]', { state: 'attached', timeout: 10_000 });
}
