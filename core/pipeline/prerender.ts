import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Assets } from '#src/document.tsx';
import type { RenderInput } from '#src/entry-server.tsx';
import { businessJsonLdOf } from '../page-data/seo.ts';
import { siteOf, type RouteEntry, type SiteIndex } from '../page-data/route-entry.ts';
import type { Language, SiteData } from '#src/contract/site.ts';
import { pageCache } from './page-cache.ts';
import { PAGE_CSS_VERSION, pageStyles } from './page-css.ts';

type RenderFn = (input: RenderInput) => string;

/** The route → source file manifest that `site check` uses to point problems at content files. */
export interface RouteManifest {
  origin: string;
  /** The site's languages, the default first (site.yaml `languages`). */
  languages?: Language[];
  /** `lang`: the code of the page's language. */
  routes: { path: string; file: string; kind: string; lang: string; source: RouteEntry['source']; sitemap: boolean; noindex: boolean }[];
  notFound: { dir: string; file: string; lang?: string; source?: RouteEntry['source'] }[];
}

/**
 * Render every page of the index into `outDir` (the 404 pages too), each written as soon as it is
 * made (nothing holds the site's HTML), or copied from the page cache in `cacheDir` when it was
 * rendered before from the same inputs; the manifest goes to `recordDir`.
 */
export async function prerender(index: SiteIndex, serverEntry: string, assets: Assets, outDir: string, recordDir: string, cacheDir?: string): Promise<RouteManifest> {
  // The server renderer (React and every screen) is loaded for the first page the cache does not have.
  let render: RenderFn | undefined;
  const { site } = index.site;
  const manifest: RouteManifest = { origin: site.origin, languages: index.site.languages, routes: [], notFound: [] };

  // Folders made so far: one mkdir per folder, not one per file.
  const made = new Set<string>();
  const folderOf = (file: string) => {
    const dir = path.dirname(file);
    if (!made.has(dir)) mkdirSync(dir, { recursive: true });
    made.add(dir);
    return file;
  };
  const cache = cacheDir ? pageCache(cacheDir, serverEntry, JSON.stringify(assets), PAGE_CSS_VERSION) : undefined;
  // Decision 092: each page inlines only its own rules of the stylesheet (read once, for the first page rendered).
  let ownStyles: ((html: string) => string) | undefined;
  // Each language's shell with the site's LocalBusiness, made once per language. The page cache's
  // key holds both as values, never the code that made them.
  const shells = new Map<SiteData, { businessJsonLd: Record<string, unknown>; json: string }>();
  const renderTo = async (route: RouteEntry, file: string) => {
    const data = siteOf(index, route);
    let shell = shells.get(data);
    if (!shell) {
      const businessJsonLd = businessJsonLdOf(index, data);
      shells.set(data, (shell = { businessJsonLd, json: JSON.stringify([data, businessJsonLd]) }));
    }
    const url = `${site.origin}${route.path}`;
    const target = folderOf(path.join(outDir, file));
    const key = cache?.key(url, shell.json, JSON.stringify(route.data));
    if (key && cache!.copyTo(key, target)) return;
    render ??= ((await import(pathToFileURL(serverEntry).href)) as { render: RenderFn }).render;
    ownStyles ??= pageStyles(assets.inlineCss ?? '');
    const html = ownStyles(render({ url, site: data, page: route.data, assets, businessJsonLd: shell.businessJsonLd }));
    writeFileSync(target, html);
    if (key) cache!.put(key, html);
  };

  for (const route of index.routes) {
    // "/" → index.html, "/blog/x" → blog/x.html: served at the path with no trailing slash and no redirect.
    const file = route.path === '/' ? 'index.html' : `${route.path.slice(1)}.html`;
    await renderTo(route, file);
    manifest.routes.push({ path: route.path, file, kind: route.data.kind, lang: route.lang ?? index.site.lang, source: route.source, sitemap: route.sitemap, noindex: route.data.meta.noindex });
  }
  for (const nf of index.notFound) {
    const file = path.posix.join(nf.dir.slice(1), '404.html');
    await renderTo(nf, file);
    manifest.notFound.push({ dir: nf.dir, file, lang: nf.lang, source: nf.source });
  }
  cache?.prune();
  writeFileSync(folderOf(path.join(recordDir, 'manifest.json')), JSON.stringify(manifest, null, 2));
  return manifest;
}
