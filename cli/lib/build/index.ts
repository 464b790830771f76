import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadContent } from '../../../src/lib/content/load.ts';
import type { Problem } from '../../../src/lib/content/problems.ts';
import { buildSiteIndex } from '../../../src/lib/content/site-index.ts';
import { FEED_PATH, rssFeed } from './feed.ts';
import { headersFile, redirects, redirectsFile } from './headers.ts';
import { prerender } from './prerender.ts';
import { socialImages } from './social-images.ts';
import { buildClient, buildServer } from './vite.ts';

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

  const loaded = await step('content', () => loadContent(opts.contentDir, opts.root));
  if (!loaded.content) return { ok: false, problems: loaded.problems, filesChecked: loaded.filesChecked, pages: 0, timings };
  const content = loaded.content;
  const buildDate = opts.buildDate ?? new Date().toISOString().slice(0, 10);
  const index = await step('index', () => buildSiteIndex(content, loaded.ctx, buildDate));
  if (loaded.ctx.problems.length) {
    return { ok: false, problems: loaded.ctx.problems, filesChecked: loaded.ctx.filesChecked, pages: 0, timings };
  }

  const cache = path.join(opts.root, '.cache');
  const staging = path.join(cache, `staging-${process.pid}`);
  const serverDir = path.join(cache, `ssr-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  try {
    const built = await step('client', () => buildClient(opts.root, staging));
    // The whole stylesheet is small (a budget test keeps it under 15 KB gzip): inline it, so the
    // first paint waits for the HTML alone (decision 002).
    const assets = { ...built, inlineCss: built.css.map((href) => readFileSync(path.join(staging, href), 'utf8')).join('\n') };
    const serverEntry = await step('server', () => buildServer(opts.root, serverDir));
    rmSync(path.join(staging, '.vite'), { recursive: true, force: true });
    await step('images', () => socialImages(content.site, [...index.routes, ...index.notFound], staging, path.join(cache, 'og')));
    await step('prerender', () => prerender(index, serverEntry, assets, staging));
    writeFileSync(path.join(staging, FEED_PATH.slice(1)), rssFeed(content.site, index.routes));
    writeFileSync(path.join(staging, '_headers'), headersFile(content.site, assets.inlineCss));
    writeFileSync(path.join(staging, '_redirects'), redirectsFile(redirects(index.routes, index.notFound.map((n) => n.dir))));
    writeFileSync(path.join(staging, '_site', 'build.json'), JSON.stringify({ buildDate, content: opts.contentDir }));
    const old = `${opts.outDir}.old-${process.pid}`;
    if (existsSync(opts.outDir)) renameSync(opts.outDir, old);
    mkdirSync(path.dirname(opts.outDir), { recursive: true });
    renameSync(staging, opts.outDir);
    rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(serverDir, { recursive: true, force: true });
  }
  return { ok: true, problems: [], filesChecked: loaded.filesChecked, pages: index.routes.length, timings };
}
