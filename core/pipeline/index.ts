import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Problem } from '../content/problems.ts';
import { FEED_PATH, rssFeed } from './feed.ts';
import { headersFile, redirects, redirectsFile } from './headers.ts';
import { cacheDirOf, prepareSite } from './prepare.ts';
import { prerender } from './prerender.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';
import { builtFunctionsContentFile, recordDir } from './record.ts';
import { writeSocialImages } from './social-images.ts';
import { bundles } from './bundle-cache.ts';
import { functionsContent } from './functions-content.ts';

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

/** Its problems, or the pages made, the MDX bodies rendered and taken from the content cache, and what the functions take from this content (the CLI writes it to supabase/functions/_generated/). */
export type BuildReport = Awaited<ReturnType<typeof buildSite>>;

/**
 * content/ → dist/: validate content (stop on any problem, leaving dist/ as it was), build the
 * client and server bundles, prerender every page. Everything is written to a staging folder
 * that replaces `outDir` only at the end, so a failed build never leaves a partial site.
 */
export async function buildSite(opts: BuildOptions) {
  const log = opts.log ?? (() => {});
  const step = async <T>(name: string, fn: () => Promise<T> | T): Promise<T> => {
    const t0 = performance.now();
    const result = await fn();
    log(`${name.padEnd(10)} ${Math.round(performance.now() - t0)} ms`);
    return result;
  };
  const cache = cacheDirOf(opts.root);
  const buildDate = opts.buildDate ?? new Date().toISOString().slice(0, 10);
  // The bundles do not depend on content: Vite makes them (when they are not cached) in a process of
  // its own while the content loads, on the other core. A content problem stops it, and the build
  // answers once Vite is gone, with its half-made bundles.
  const stop = new AbortController();
  const bundling = bundles(opts.root, cache, stop.signal);
  bundling.catch(() => {}); // Vite's failure is the build's where the bundles are awaited
  let prepared: Awaited<ReturnType<typeof prepareSite>> | undefined;
  try {
    prepared = await prepareSite({ root: opts.root, contentDir: opts.contentDir, cacheDir: cache, buildDate }, step);
  } finally {
    if (!prepared?.ok) {
      stop.abort();
      await bundling.catch(() => {});
    }
  }
  if (!prepared.ok) return { ok: false as const, problems: prepared.problems, filesChecked: prepared.filesChecked, pages: 0 };
  const { content, index, images, imageCacheDir, cardDir, cards, logo } = prepared.site;
  log(`MDX bodies: ${prepared.bodies.rendered} rendered, ${prepared.bodies.cached} from the cache`);

  const functions = functionsContent(content);
  const record = recordDir(opts.outDir);
  // The step's time is what the build waited for them.
  const { assets: built, serverEntry } = await step('bundles', () => bundling);
  const bundleDir = path.dirname(path.dirname(serverEntry));
  // The whole stylesheet is small (a budget test keeps it under 15 KB gzip): inline it, so the
  // first paint waits for the HTML alone (decision 002).
  const assets = { ...built, inlineCss: built.css.map((href) => readFileSync(path.join(bundleDir, 'client', href), 'utf8')).join('\n') };

  const staging = path.join(cache, `staging-${process.pid}`);
  const stagingRecord = `${staging}-record`;
  for (const dir of [staging, stagingRecord]) rmSync(dir, { recursive: true, force: true });
  try {
    mkdirSync(staging, { recursive: true });
    cpSync(path.join(bundleDir, 'client'), staging, { recursive: true });
    await step('images', () => writeSocialImages(cards, staging, cardDir));
    mkdirSync(path.join(staging, '_img'), { recursive: true });
    for (const name of images) copyFileSync(path.join(imageCacheDir, name), path.join(staging, '_img', name));
    copyFileSync(logo.file, path.join(staging, logo.url));
    await step('prerender', () => prerender(index, serverEntry, assets, staging, stagingRecord, path.join(cache, 'pages')));
    const hidden = index.routes.filter((r) => r.data.meta.noindex).map((r) => r.path);
    const siteFiles: [string, string][] = [
      [FEED_PATH.slice(1), rssFeed(content.site, index.routes.filter((r) => r.lang === content.language.code), content.language, content.messages)],
      ['_headers', headersFile(content.site)],
      ['_redirects', redirectsFile(redirects(index.routes, index.notFound.map((n) => n.dir)))],
      ['sitemap.xml', sitemapXml(content.site.origin, index.routes, index.site.languages)],
      ['robots.txt', robotsTxt(content.site.origin, hidden)],
    ];
    for (const [file, text] of siteFiles) writeFileSync(path.join(staging, file), text);
    writeFileSync(path.join(stagingRecord, 'build.json'), JSON.stringify({ buildDate, content: opts.contentDir }));
    // What the functions take from this build (its forms' choices, their words): `site build` and
    // `site start` give it to them, so that they accept exactly what these pages offer.
    writeFileSync(path.join(stagingRecord, path.basename(builtFunctionsContentFile(opts.outDir))), JSON.stringify(functions));
    // The site, then its record (beside it, never inside what is published: record.ts).
    for (const [from, to] of [[staging, opts.outDir], [stagingRecord, record]] as const) {
      const old = `${to}.old-${process.pid}`;
      if (existsSync(to)) renameSync(to, old);
      mkdirSync(path.dirname(to), { recursive: true });
      renameSync(from, to);
      rmSync(old, { recursive: true, force: true });
    }
  } finally {
    for (const dir of [staging, stagingRecord]) rmSync(dir, { recursive: true, force: true });
  }
  return { ok: true as const, problems: [] as Problem[], filesChecked: prepared.filesChecked, pages: index.routes.length, bodies: prepared.bodies, functions };
}
