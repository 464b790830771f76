import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildInfoFile, manifestFile } from '#core/pipeline/record.ts';
import type { PageData } from '#src/contract/pages.ts';
import type { AxeResults } from 'axe-core';
import { DomUtils, parseDocument } from 'htmlparser2';
import { test as base, expect, type Page } from '@playwright/test';

export const DIST = path.resolve('dist');

/** The site's origin as content/site.yaml states it (canonicals and sitemap use it). */
export const ORIGIN = JSON.parse(readFileSync(manifestFile(DIST), 'utf8')).origin as string;

const pagesOf = new Map<string, Promise<Map<string, PageData>>>();

/**
 * The data a page of dist/ was rendered from, made again from its content folder and build date
 * (the build record says which) by the pipeline's data step, without rendering: the oracle of
 * what a page should show. The build publishes HTML only (decision 067). `dist`: another build (fixture-site.ts).
 */
export async function pageData(p: string, dist = DIST): Promise<PageData> {
  if (!pagesOf.has(dist)) pagesOf.set(dist, pagesBuiltIn(dist));
  const data = (await pagesOf.get(dist)!).get(p);
  if (!data) throw new Error(`no page ${p} in the site's index`);
  return data;
}

async function pagesBuiltIn(dist: string): Promise<Map<string, PageData>> {
  const { buildDate, content } = JSON.parse(readFileSync(buildInfoFile(dist), 'utf8')) as { buildDate: string; content: string };
  const { cacheDirOf, prepareSite } = await import('#core/pipeline/prepare.ts');
  const prepared = await prepareSite({ root: path.resolve('.'), contentDir: content, cacheDir: cacheDirOf(path.resolve('.')), buildDate });
  if (!prepared.ok) throw new Error(`the content of ${dist} has problems`);
  return new Map(prepared.site.index.routes.map((r) => [r.path, r.data]));
}

/** The text of the first paragraph of some HTML, its white space folded (as a reader sees it). */
export function firstParagraphOf(html: string): string | null {
  const p = DomUtils.findOne((e) => e.name === 'p', parseDocument(html).children);
  return p ? DomUtils.textContent(p).replace(/\s+/g, ' ').trim() : null;
}

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

/** axe-core's own script: loaded into the page under test, never into the site. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Every document `page` opens from now on starts with axe-core loaded, as a script the test adds
 * (the page's Content-Security-Policy does not apply to it). For a sweep that checks every page:
 * loaded this way it cost 0.25 s a page against 0.37 s for evaluating it after the page loaded.
 */
export async function preloadAxe(page: Page) {
  await page.addInitScript({ content: AXE_SOURCE });
}

/**
 * axe-core's violations on the page as "rule: targets" lines (none when it is clean), every rule
 * axe runs by default. It runs in the page itself, on the top document: no page has a frame while
 * axe runs (the map's iframe loads only near the viewport), so there is no result of a frame to merge.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // Only the violations come back: the nodes of every passing rule were most of a result's size
  // and of the time to gather it.
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } };
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}
