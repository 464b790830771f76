import type { LoaderFunctionArgs } from 'react-router';
import { loadPage } from '../pages/registry.ts';
import type { SiteData } from '../contract/site.ts';
import type { PageData } from '../contract/pages.ts';

/**
 * What the prerender step hands the loaders for one page (DESIGN.md §3). The loaders run on the
 * server only: in the browser, pages arrive as HTML (decision 090).
 */
export interface RenderContext {
  site: SiteData;
  page: PageData;
}

/** Root loader: the site data. */
export function siteLoader({ context }: LoaderFunctionArgs): SiteData {
  return (context as unknown as RenderContext).site;
}

/** Page loader: the page's data, with its screen's module loaded. */
export async function pageLoader({ context }: LoaderFunctionArgs): Promise<PageData> {
  const { page } = context as unknown as RenderContext;
  await loadPage(page.kind);
  return page;
}
