import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Assets } from '#src/document.tsx';
import type { RenderInput } from '#src/entry-server.tsx';
import { businessJsonLdOf } from '../page-data/hindi.ts';
import { siteOf, type RouteEntry, type SiteIndex } from '../page-data/route-entry.ts';
import { memoryCeiling } from './memory.ts';
import { keyJson, pageKey } from './page-key.ts';
import { createPageCache } from './page-cache.ts';
import { inlinePageCss, PAGE_CSS_VERSION } from './page-css.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';

type RenderFn = (input: RenderInput) => Promise<string>;

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

/**
 * Render every page of the index into `outDir`, the 404 pages, sitemap and
 * robots.txt; the manifest goes to `recordDir`. `keys` receives each page's key (incremental.ts),
 * made from the data serialized here anyway.
 */
export async function prerender(index: SiteIndex, serverEntry: string, assets: Assets, outDir: string, recordDir: string, cacheDir?: string, keys?: Map<RouteEntry, string>, prune = false): Promise<RouteManifest> {
  const { render } = (await import(pathToFileURL(serverEntry).href)) as { render: RenderFn };
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
  const write = (file: string, text: string) => writeFileSync(folderOf(file), text);
  const cache = createPageCache(cacheDir, serverEntry, JSON.stringify(assets), JSON.stringify(index.sites), PAGE_CSS_VERSION);
  const memory = memoryCeiling();
  let written = 0;
  const renderTo = async (route: RouteEntry, file: string) => {
    if (++written % 64 === 0) memory.check();
    const dataJson = keyJson(route);
    keys?.set(route, pageKey(route, dataJson));
    const key = cache.key(route.path, dataJson);
    const target = folderOf(path.join(outDir, file));
    // A page rendered before with the same inputs is published from the cache, not rendered again.
    if (!cache.copyTo(key, target)) {
      const shell = siteOf(index, route);
      const html = await render({ url: `${site.origin}${route.path}`, site: shell, page: route.data, assets, businessJsonLd: businessJsonLdOf(index, shell) });
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
  cache.save({ prune });
  write(path.join(outDir, 'sitemap.xml'), sitemapXml(site.origin, index.routes));
  const hidden = index.routes.filter((r) => r.data.meta.noindex).map((r) => r.path);
  write(path.join(outDir, 'robots.txt'), robotsTxt(site.origin, hidden));
  write(path.join(recordDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}
