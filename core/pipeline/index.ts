import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Problem } from '../content/problems.ts';
import { FEED_PATH, rssFeed } from './feed.ts';
import { headersFile, redirects, redirectsFile } from './headers.ts';
import { copyImages } from './images.ts';
import { cacheDirOf, prepareSite } from './prepare.ts';
import { prerender } from './prerender.ts';
import { recordDir } from './record.ts';
import { writeSocialImages } from './social-images.ts';
import { bundles } from './bundle-cache.ts';

export interface BuildOptions {
  /** The project root (vite.config.ts, src/). */
  root: string;
  /** The content folder to build from. */
  contentDir: string;
  /** Where the site goes; replaced only when the whole build succeeded. */
  outDir: string;
  /** Build date written into pages (YYYY-MM-DD); defaults to today. */
  buildDate?: string;
  log?: (line: string) => void;
}

export interface BuildReport {
  ok: boolean;
  problems: Problem[];
  filesChecked: number;
  pages: number;
  /** Wall milliseconds per step. */
  timings: Record<string, number>;
}

/**
 * content/ → dist/: validate content (stop on any problem, leaving dist/ as it was), build the
 * client and server bundles, prerender every page. Everything is written to a staging folder
 * that replaces `outDir` only at the end, so a failed build never leaves a partial site.
 */
export async function buildSite(opts: BuildOptions): Promise<BuildReport> {
  const log = opts.log ?? (() => {});
  const timings: Record<string, number> = {};
  const step = async <T>(name: string, fn: () => Promise<T> | T): Promise<T> => {
    const t0 = performance.now();
    const result = await fn();
    timings[name] = Math.round(performance.now() - t0);
    log(`${name.padEnd(10)} ${timings[name]} ms`);
    return result;
  };

  // Caches (compiled MDX, Vite bundles, images) and the staging folder; SITE_CACHE_DIR moves them (the bench uses its own).
  const cache = cacheDirOf(opts.root);
  const buildDate = opts.buildDate ?? new Date().toISOString().slice(0, 10);
  const prepared = await prepareSite({ root: opts.root, contentDir: opts.contentDir, cacheDir: cache, buildDate }, step);
  if (!prepared.ok) return { ok: false, problems: prepared.problems, filesChecked: prepared.filesChecked, pages: 0, timings };
  const { content, index, images, imageCacheDir, cards } = prepared.site;

  const staging = path.join(cache, `staging-${process.pid}`);
  const stagingRecord = `${staging}-record`;
  for (const dir of [staging, stagingRecord]) rmSync(dir, { recursive: true, force: true });
  try {
    // The client and server bundles do not depend on content: rebuilt only when their sources change.
    const { assets: built, serverEntry } = await step('bundles', () => bundles(opts.root, cache, staging));
    // The whole stylesheet is small (a budget test keeps it under 15 KB gzip): inline it, so the
    // first paint waits for the HTML alone (decision 002).
    const assets = { ...built, inlineCss: built.css.map((href) => readFileSync(path.join(staging, href), 'utf8')).join('\n') };
    await step('images', () => writeSocialImages(cards, staging, path.join(cache, 'og')));
    copyImages(images, imageCacheDir, staging);
    await step('prerender', () => prerender(index, serverEntry, assets, staging, stagingRecord, path.join(cache, 'pages')));
    writeFileSync(path.join(staging, FEED_PATH.slice(1)), rssFeed(content.site, index.routes));
    writeFileSync(path.join(staging, '_headers'), headersFile(content.site, assets.inlineCss));
    writeFileSync(path.join(staging, '_redirects'), redirectsFile(redirects(index.routes, index.notFound.map((n) => n.dir))));
    writeFileSync(path.join(stagingRecord, 'build.json'), JSON.stringify({ buildDate, content: opts.contentDir }));
    // The site, then its record (beside it, never inside what is published: record.ts).
    for (const [from, to] of [[staging, opts.outDir], [stagingRecord, recordDir(opts.outDir)]] as const) {
      const old = `${to}.old-${process.pid}`;
      if (existsSync(to)) renameSync(to, old);
      mkdirSync(path.dirname(to), { recursive: true });
      renameSync(from, to);
      rmSync(old, { recursive: true, force: true });
    }
  } finally {
    for (const dir of [staging, stagingRecord]) rmSync(dir, { recursive: true, force: true });
  }
  return { ok: true, problems: [], filesChecked: prepared.filesChecked, pages: index.routes.length, timings };
}
