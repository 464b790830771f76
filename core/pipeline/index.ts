import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Problem } from '../content/problems.ts';
import { FEED_PATH, rssFeed } from './feed.ts';
import { headersFile, redirects, redirectsFile } from './headers.ts';
import { copyImages } from './images.ts';
import { cacheDirOf, prepareSite } from './prepare.ts';
import { prerender, type RouteManifest } from './prerender.ts';
import type { RouteEntry, SiteIndex } from '../page-data/route-entry.ts';
import { attribute, diffPages, forgetOutputs, moveInto, readOutputs, shellKey, writeIfChanged, writeOutputs, type Outputs } from './incremental.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';
import { recordDir } from './record.ts';
import { writeSocialImages } from './social-images.ts';
import { bundles } from './bundle-cache.ts';
import { workAhead } from './tiering.ts';

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
    const r0 = process.resourceUsage();
    const result = await fn();
    timings[name] = Math.round(performance.now() - t0);
    const r1 = process.resourceUsage();
    const sys = r1.systemCPUTime - r0.systemCPUTime;
    const cpu = `cpu ${Math.round((r1.userCPUTime - r0.userCPUTime + sys) / 1000)} ms (${Math.round(sys / 1000)} sys, ${r1.minorPageFault - r0.minorPageFault} page faults)`;
    log(`${name.padEnd(10)} ${timings[name]} ms${process.env.SITE_STEP_CPU ? ` ${cpu}` : ''}`);
    return result;
  };

  // Caches (compiled MDX, Vite bundles, images) and the staging folder; SITE_CACHE_DIR moves them (the bench uses its own).
  const cache = cacheDirOf(opts.root);
  const buildDate = opts.buildDate ?? new Date().toISOString().slice(0, 10);
  const prepared = await prepareSite({ root: opts.root, contentDir: opts.contentDir, cacheDir: cache, buildDate }, step);
  if (!prepared.ok) return { ok: false, problems: prepared.problems, filesChecked: prepared.filesChecked, pages: 0, timings };
  const { content, index, images, imageCacheDir, cardDir, cards } = prepared.site;

  const record = recordDir(opts.outDir);
  const { assets: built, serverEntry } = await step('bundles', () => bundles(opts.root, cache));
  const bundleDir = path.dirname(path.dirname(serverEntry));
  // The whole stylesheet is small (a budget test keeps it under 15 KB gzip): inline it, so the
  // first paint waits for the HTML alone (decision 002).
  const assets = { ...built, inlineCss: built.css.map((href) => readFileSync(path.join(bundleDir, 'client', href), 'utf8')).join('\n') };
  const cardFiles = [...cards.values()].map((c) => [c.file, c.svg]);
  // The pictures are not in it: a post with a picture of its own comes or goes without a full build.
  const shell = shellKey([serverEntry, assets, index.site, cardFiles]);
  // The files every build writes from the whole index (not owned by one page).
  const siteFiles = (): [string, string][] => [
    [FEED_PATH.slice(1), rssFeed(content.site, index.routes)],
    ['_headers', headersFile(content.site)],
    ['_redirects', redirectsFile(redirects(index.routes, index.notFound.map((n) => n.dir)))],
    ['sitemap.xml', sitemapXml(content.site.origin, index.routes)],
    ['robots.txt', robotsTxt(content.site.origin, index.routes.filter((r) => r.data.meta.noindex).map((r) => r.path))],
  ];
  const buildJson = JSON.stringify({ buildDate, content: opts.contentDir });

  // Only what changed, in place, when the last build into outDir shares this one's shell.
  const previous = existsSync(opts.outDir) && existsSync(path.join(record, 'manifest.json')) ? readOutputs(record) : undefined;
  if (previous?.shell === shell) {
    const done = await step('prerender', () => incremental(previous));
    if (done) return { ok: true, problems: [], filesChecked: prepared.filesChecked, pages: index.routes.length, timings };
  }

  const staging = path.join(cache, `staging-${process.pid}`);
  const stagingRecord = `${staging}-record`;
  for (const dir of [staging, stagingRecord]) rmSync(dir, { recursive: true, force: true });
  try {
    mkdirSync(staging, { recursive: true });
    cpSync(path.join(bundleDir, 'client'), staging, { recursive: true });
    await step('images', () => writeSocialImages(cards, staging, cardDir));
    copyImages(images, imageCacheDir, staging);
    const keys = new Map<RouteEntry, string>();
    // Every page of the site: the page cache keeps only these (the incremental path renders a part).
    workAhead(index.routes.length + index.notFound.length);
    await step('prerender', () => prerender(index, serverEntry, assets, staging, stagingRecord, path.join(cache, 'pages'), keys, true));
    for (const [file, text] of siteFiles()) writeFileSync(path.join(staging, file), text);
    writeFileSync(path.join(stagingRecord, 'build.json'), buildJson);
    const { pages } = diffPages(index, undefined, keys);
    const owned = attribute(staging, pages, 'any');
    if (owned) writeOutputs(stagingRecord, { shell, images, pages: owned });
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
  return { ok: true, problems: [], filesChecked: prepared.filesChecked, pages: index.routes.length, timings };

  /**
   * Render the pages whose inputs changed into a scratch folder beside outDir, then move their
   * files in, remove the files of pages that are gone, and rewrite the site-wide files that
   * changed. false: prerender wrote files this build cannot attribute (a full build follows).
   */
  async function incremental(previous: Outputs): Promise<boolean> {
    const { pages, changed, removed } = diffPages(index, previous);
    const scratch = `${opts.outDir}.partial-${process.pid}`;
    const scratchRecord = `${scratch}-record`;
    for (const dir of [scratch, scratchRecord]) rmSync(dir, { recursive: true, force: true });
    try {
      let manifest = JSON.parse(readFileSync(path.join(record, 'manifest.json'), 'utf8')) as RouteManifest;
      let owned: Outputs['pages'] = {};
      if (changed.length) {
        workAhead(changed.length);
        const part: SiteIndex = { site: index.site, sites: index.sites, routes: changed.filter((p) => !p.notFound).map((p) => p.route), notFound: changed.flatMap((p) => (p.notFound ? [p.notFound] : [])) };
        const rendered = await prerender(part, serverEntry, assets, scratch, scratchRecord, path.join(cache, 'pages'));
        // prerender also writes the site-wide files of the part; they are written below for the whole site.
        const attributed = attribute(scratch, changed, new Set(['sitemap.xml', 'robots.txt']));
        if (!attributed) return false;
        owned = attributed;
        manifest = mergeManifest(manifest, rendered, index);
      } else if (removed.length) {
        manifest = mergeManifest(manifest, { origin: manifest.origin, routes: [], notFound: [] }, index);
      }
      // Pictures: the variants this build uses copied in if missing, the ones no page uses any more removed.
      const used = new Set(images);
      copyImages(images.filter((name) => !existsSync(path.join(opts.outDir, '_img', name))), imageCacheDir, opts.outDir);
      for (const name of previous.images ?? []) if (!used.has(name)) rmSync(path.join(opts.outDir, '_img', name), { force: true });
      if (!changed.length && !removed.length) {
        writeOutputs(record, { ...previous, images });
        for (const [file, text] of siteFiles()) writeIfChanged(path.join(opts.outDir, file), text);
        writeIfChanged(path.join(record, 'build.json'), buildJson);
        return true;
      }
      forgetOutputs(record);
      const made = new Set<string>();
      const keep = new Set(Object.values(owned).flatMap((o) => o.files));
      for (const id of removed) for (const f of previous.pages[id]!.files) if (!keep.has(f)) rmSync(path.join(opts.outDir, f), { force: true });
      for (const p of changed) {
        for (const f of previous.pages[p.id]?.files ?? []) if (!keep.has(f)) rmSync(path.join(opts.outDir, f), { force: true });
        for (const f of owned[p.id]!.files) moveInto(scratch, opts.outDir, f, made);
      }
      for (const [file, text] of siteFiles()) writeIfChanged(path.join(opts.outDir, file), text);
      writeFileSync(path.join(record, 'manifest.json'), JSON.stringify(manifest, null, 2));
      writeIfChanged(path.join(record, 'build.json'), buildJson);
      const next: Outputs = { shell, images, pages: {} };
      for (const p of pages) next.pages[p.id] = owned[p.id] ?? previous.pages[p.id]!;
      writeOutputs(record, next);
      return true;
    } finally {
      for (const dir of [scratch, scratchRecord]) rmSync(dir, { recursive: true, force: true });
    }
  }
}

/** The manifest of the whole index: the entries prerender just wrote, the others as the last build wrote them (in the index's order). */
function mergeManifest(previous: RouteManifest, part: RouteManifest, index: SiteIndex): RouteManifest {
  const routes = new Map([...previous.routes, ...part.routes].map((r) => [r.path, r]));
  const notFound = new Map([...previous.notFound, ...part.notFound].map((n) => [n.dir, n]));
  return {
    ...previous,
    routes: index.routes.map((r) => routes.get(r.path)!),
    notFound: index.notFound.map((n) => notFound.get(n.dir)!),
  };
}
