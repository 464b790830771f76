import { createElement, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Document, type Assets } from './document.tsx';
import { logoUrl } from './lib/format.ts';
import { Layout } from './components/layout.tsx';
import type { SiteData } from './contract/site.ts';
import type { PageData } from './contract/pages.ts';
import { languageOf } from './i18n/href.ts';
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
  const language = languageOf(site);
  const html = renderToString(
    <Document lang={language.tag} dir={language.dir} assets={assets} config={{ analytics: site.site.analytics.endpoint, ads: site.site.ads }} businessJsonLd={businessJsonLd} themeColor="#1e3a8a" feedTitle={site.feedTitle} icon={logoUrl(site.site)}>
      <StrictMode>
        <Layout site={site} page={page} path={new URL(url).pathname}>
          {createElement(screenOf(page.kind), { data: page })}
        </Layout>
      </StrictMode>
    </Document>,
  );
  return `<!DOCTYPE html>${html}`;
}
