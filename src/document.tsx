import type { ReactNode } from 'react';
import type { Site } from '#schemas/index.ts';
import { scriptJson } from './components/island.tsx';
import { SPECULATION_RULES } from './client/inline-scripts.ts';
import type { SiteData } from './contract/site.ts';
import { languageOf } from './i18n/href.ts';
import { logoUrl } from './lib/format.ts';

/** What the client entry needs to know of the site (the page itself needs nothing: it is HTML). */
export interface ClientConfig {
  /** The analytics function the tracker sends to. */
  analytics: string;
  ads: Site['ads'];
}

/**
 * Starts the client entry only once the page's largest content has been painted and presented
 * (the first `largest-contentful-paint` entry), so its download never competes with the page;
 * browsers without that entry type wait two animation frames (decision 002). A prerendered page
 * (decision 091) starts it at once: nobody waits for its paint, and once it is shown the entry is
 * ready instead of loading beside its first frame. The text is
 * constant, so a Content-Security-Policy can allow it by one hash; the entry's URL is data-src.
 */
export const BOOT_SCRIPT =
  "(function(d){var s,g=function(){if(s)return;s=document.createElement('script');s.type='module';s.src=d;document.head.appendChild(s)};" +
  "if(document.prerendering)return g();" +
  "if((PerformanceObserver.supportedEntryTypes||[]).indexOf('largest-contentful-paint')<0)return requestAnimationFrame(function(){requestAnimationFrame(g)});" +
  "new PerformanceObserver(function(){setTimeout(g)}).observe({type:'largest-contentful-paint',buffered:true});setTimeout(g,3000)})(document.currentScript.dataset.src)";

export interface Assets {
  /** Stylesheet URLs, linked first in <head> (when not inlined). */
  css: string[];
  /** The stylesheet's text, inlined in <head> instead of linked: one request fewer before the first paint. */
  inlineCss?: string;
  /** The client entry; started by BOOT_SCRIPT after the first paint. */
  js: string;
}

/**
 * The whole HTML document, rendered on the server only. React hoists each page's <title>, meta and
 * canonical into this <head>. The browser enhances the HTML and runs islands (decision 090); it
 * never hydrates the document, and it navigates between pages itself (decision 091). The build
 * replaces the inlined stylesheet by the page's own rules (core/pipeline/page-css.ts, decision 092).
 */
export function Document({ site, assets, businessJsonLd, children }: { site: SiteData; assets: Assets; businessJsonLd: Record<string, unknown>; children: ReactNode }) {
  const { tag, dir } = languageOf(site);
  const config: ClientConfig = { analytics: site.site.analytics.endpoint, ads: site.site.ads };
  const icon = logoUrl(site.site);
  // Left to right is the document's own direction: only "rtl" is written out.
  return (
    <html lang={tag} dir={dir === 'rtl' ? dir : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {assets.inlineCss !== undefined ? (
          <style dangerouslySetInnerHTML={{ __html: assets.inlineCss }} />
        ) : (
          assets.css.map((href) => <link key={href} rel="stylesheet" href={href} />)
        )}
        {/* The browser prefetches and prerenders the next page of the site (decision 091). */}
        <script type="speculationrules" dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }} />
        <link rel="icon" href={icon} type={icon.endsWith('.png') ? 'image/png' : 'image/svg+xml'} />
        {/* The blog feed, written by the build. */}
        <link rel="alternate" type="application/rss+xml" title={site.feedTitle} href="/rss.xml" />
        <meta name="theme-color" content="#1e3a8a" />
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(businessJsonLd) }} />
      </head>
      <body>
        <div id="root">{children}</div>
        <script id="site-config" type="application/json" dangerouslySetInnerHTML={{ __html: scriptJson(config) }} />
        <script id="site-boot" data-src={assets.js} dangerouslySetInnerHTML={{ __html: BOOT_SCRIPT }} />
      </body>
    </html>
  );
}
