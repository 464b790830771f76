import type { LoaderFunctionArgs } from 'react-router';
import { loadPage } from '../pages/registry.ts';
import type { SiteData } from '../contract/site.ts';
import type { PageData } from '../contract/pages.ts';

/** What the prerender step hands the loaders for one page (DESIGN.md §3). */
export interface RenderContext {
  site: SiteData;
  page: PageData;
}

/** The data file of a path: "/" → /_data/index.json, "/blog/x" → /_data/blog/x.json. */
export function dataUrl(pathname: string): string {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return `/_data${clean === '/' ? '/index' : clean}.json`;
}

async function fetchJson<T>(url: string, signal: AbortSignal): Promise<T | undefined> {
  const res = await fetch(url, { signal });
  if (res.status === 404) return undefined;
  if (!res.ok) throw new Error(`Could not load ${url}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

/** Root loader: the site data. In the browser it comes with the hydration data and is not reloaded. */
export async function siteLoader({ context, request }: LoaderFunctionArgs): Promise<SiteData> {
  if (import.meta.env.SSR) return (context as unknown as RenderContext).site;
  const data = await fetchJson<SiteData>('/_data/_site.json', request.signal);
  if (!data) throw new Error('Missing /_data/_site.json');
  return data;
}

/** Page loader: the page's data (prerendered JSON in the browser), with its screen's module loaded. */
export async function pageLoader({ context, request }: LoaderFunctionArgs): Promise<PageData> {
  let data: PageData | undefined;
  if (import.meta.env.SSR) {
    data = (context as unknown as RenderContext).page;
  } else {
    const { pathname } = new URL(request.url);
    data = await fetchJson<PageData>(dataUrl(pathname), request.signal);
    if (!data) {
      // The nearest not-found page: /blog/x falls back to /_data/blog/404.json, then /_data/404.json.
      const section = pathname.split('/').filter(Boolean)[0];
      data = (section && (await fetchJson<PageData>(`/_data/${section}/404.json`, request.signal))) || undefined;
      data ??= await fetchJson<PageData>('/_data/404.json', request.signal);
      if (!data) throw new Error('Missing /_data/404.json');
    }
  }
  await loadPage(data.kind);
  return data;
}
