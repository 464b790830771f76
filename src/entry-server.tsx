import { createElement, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Document, type Assets } from './document.tsx';
import { Layout } from './components/layout.tsx';
import type { SiteData } from './contract/site.ts';
import type { PageData } from './contract/pages.ts';
import { screenOf } from './pages/registry.ts';

export interface RenderInput {
  /** Absolute URL of the page (origin + path). */
  url: string;
  site: SiteData;
  page: PageData;
  assets: Assets;
  businessJsonLd: Record<string, unknown>;
}

/** Render one page to a complete HTML document: Document › Layout › the screen of its kind, from its data. */
export function render({ url, site, page, assets, businessJsonLd }: RenderInput): string {
  const html = renderToString(
    <Document site={site} assets={assets} businessJsonLd={businessJsonLd}>
      <StrictMode>
        <Layout site={site} page={page} path={new URL(url).pathname}>
          {createElement(screenOf(page.kind), { data: page })}
        </Layout>
      </StrictMode>
    </Document>,
  );
  return `<!DOCTYPE html>${html}`;
}
