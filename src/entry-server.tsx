import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Document, type Assets } from './document.tsx';
import type { SiteData } from './contract/site.ts';
import type { PageData } from './contract/pages.ts';
import type { RenderContext } from './lib/loaders.ts';
import { routes } from './routes.tsx';

const handler = createStaticHandler(routes);

export interface RenderInput {
  /** Absolute URL of the page (origin + path). */
  url: string;
  site: SiteData;
  page: PageData;
  assets: Assets;
  businessJsonLd: Record<string, unknown>;
}

/** Render one page to a complete HTML document. */
export async function render({ url, site, page, assets, businessJsonLd }: RenderInput): Promise<string> {
  const requestContext: RenderContext = { site, page };
  const context = await handler.query(new Request(url), { requestContext });
  if (context instanceof Response) throw new Error(`Unexpected response while rendering ${url}: ${context.status}`);
  if (context.errors) {
    const error = Object.values(context.errors)[0];
    throw error instanceof Error ? error : new Error(`Rendering ${url} failed: ${JSON.stringify(error)}`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <Document lang={site.lang === 'hi' ? 'hi' : 'en-IN'} assets={assets} config={{ analytics: site.site.analytics.endpoint, ads: site.site.ads }} businessJsonLd={businessJsonLd} themeColor="#1e3a8a" feedTitle={`${site.site.business.name} – TV Repair Blog`}>
      <StrictMode>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </StrictMode>
    </Document>,
  );
  return `<!DOCTYPE html>${html}`;
}
