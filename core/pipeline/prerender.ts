import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Assets } from '#src/document.tsx';
import type { RenderInput } from '#src/entry-server.tsx';
import { businessJsonLdOf } from '../page-data/hindi.ts';
import { siteOf, type RouteEntry, type SiteIndex } from '../page-data/route-entry.ts';
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
  const cache = createPageCache(cacheDir, serverEntry, engine, JSON.stringify(assets), JSON.stringify(index.sites), PAGE_CSS_VERSION);
  const memory = memoryCeiling();
  let written = 0;
  let rendered = 0;
  const renderTo = async (route: RouteEntry, file: string) => {
    if (++written % 64 === 0) memory.check();
    const key = cache.key(route.path, JSON.stringify(route.data));
    const target = folderOf(path.join(outDir, file));
    if (!cache.copyTo(key, target)) {
      render ??= ((await import(pathToFileURL(serverEntry).href)) as { render: RenderFn }).render;
      rendered++;
      const shell = siteOf(index, route);
      const html = render({ url: `${site.origin}${route.path}`, site: shell, page: route.data, assets, businessJsonLd: businessJsonLdOf(index, shell) });
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
