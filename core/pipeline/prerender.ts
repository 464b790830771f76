import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Assets } from '#src/document.tsx';
import type { RenderInput } from '#src/entry-server.tsx';
import { businessJsonLdOf } from '../page-data/hindi.ts';
import { siteOf, type RouteEntry, type SiteIndex } from '../page-data/route-entry.ts';
import type { SiteData } from '#src/contract/site.ts';
import { memoryCeiling } from '../memory.ts';
import { createPageCache } from './page-cache.ts';
import { inlinePageCss, PAGE_CSS_VERSION } from './page-css.ts';

type RenderFn = (input: RenderInput) => string;

/** "/" → index.html, "/blog/x" → blog/x.html: served at the path with no trailing slash and no redirect. */
export function htmlFileFor(routePath: string): string {
  return routePath === '/' ? 'index.html' : `${routePath.slice(1)}.html`;
}

/** The route → source file manifest that `site check` uses to point problems at content files. */
export interface RouteManifest {
  origin: string;
  /** `lang`: the page's language ("en" or "hi", decision 081). */
  routes: { path: string; file: string; kind: string; lang: string; source: RouteEntry['source']; sitemap: boolean; noindex: boolean }[];
  notFound: { dir: string; file: string; source?: RouteEntry['source'] }[];
}

/** Pages rendered by a prerender, and published from the page cache. */
export interface PrerenderCounts {
  rendered: number;
  cached: number;
}

/**
 * Render every page of the index into `outDir` (the 404 pages too), each from the page cache when
 * it was rendered before with the same inputs; the manifest goes to `recordDir`. `engine` (the
 * engine version, core/content/cache.ts) is one of those inputs: page data names a body by its
 * text and facts, and the engine is what made its HTML from them.
 */
export async function prerender(
  index: SiteIndex,
  renderer: { serverEntry: string; engine: string },
  assets: Assets,
  outDir: string,
  recordDir: string,
  cacheDir?: string,
): Promise<{ manifest: RouteManifest; pages: PrerenderCounts }> {
  const { serverEntry, engine } = renderer;
  // The server renderer (React and every screen) is loaded for the first page the cache does not have.
  let render: RenderFn | undefined;
  const { site } = index.site;
  const manifest: RouteManifest = { origin: site.origin, routes: [], notFound: [] };

  // Folders made so far: one mkdir per folder, not one per file.
  const made = new Set<string>();
  const folderOf = (file: string) => {
    const dir = path.dirname(file);
    if (!made.has(dir)) mkdirSync(dir, { recursive: true });
    made.add(dir);
    return file;
  };
  const cache = createPageCache(cacheDir, serverEntry, engine, JSON.stringify(assets), PAGE_CSS_VERSION);
  // A page is keyed by the values its renderer is given, never by the code that made them: the
  // site's LocalBusiness, made by core/page-data from the facts, is part of the key as JSON, so a
  // change to that code cannot publish pages with the old one. Made once per language.
  const shells = new Map<SiteData, { site: SiteData; businessJsonLd: Record<string, unknown>; json: string }>();
  const shellOf = (route: RouteEntry) => {
    const data = siteOf(index, route);
    let shell = shells.get(data);
    if (!shell) {
      const businessJsonLd = businessJsonLdOf(index, data);
      shells.set(data, (shell = { site: data, businessJsonLd, json: JSON.stringify([data, businessJsonLd]) }));
    }
    return shell;
  };
  const memory = memoryCeiling();
  let written = 0;
  let rendered = 0;
  const renderTo = async (route: RouteEntry, file: string) => {
    if (++written % 64 === 0) memory.check();
    const shell = shellOf(route);
    const url = `${site.origin}${route.path}`;
    const key = cache.key(url, shell.json, JSON.stringify(route.data));
    const target = folderOf(path.join(outDir, file));
    if (!cache.copyTo(key, target)) {
      render ??= ((await import(pathToFileURL(serverEntry).href)) as { render: RenderFn }).render;
      rendered++;
      const html = render({ url, site: shell.site, page: route.data, assets, businessJsonLd: shell.businessJsonLd });
      // Decision 092: the page inlines only its own rules of the stylesheet (a pure function of its HTML and the CSS).
      cache.put(key, target, inlinePageCss(html, assets.inlineCss ?? ''));
    }
  };

  for (const route of index.routes) {
    const file = htmlFileFor(route.path);
    await renderTo(route, file);
    manifest.routes.push({ path: route.path, file, kind: route.data.kind, lang: route.lang ?? 'en', source: route.source, sitemap: route.sitemap, noindex: route.data.meta.noindex });
  }
  for (const nf of index.notFound) {
    const file = path.posix.join(nf.dir.slice(1), '404.html');
    await renderTo(nf, file);
    manifest.notFound.push({ dir: nf.dir, file, source: nf.source });
  }
  cache.save();
  writeFileSync(folderOf(path.join(recordDir, 'manifest.json')), JSON.stringify(manifest, null, 2));
  return { manifest, pages: { rendered, cached: cache.hits() } };
}
