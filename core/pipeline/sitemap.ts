import type { Language } from '#src/contract/site.ts';
import { alternatesOf } from '#src/i18n/href.ts';
import type { RouteEntry } from '../page-data/route-entry.ts';
import { escapeXml } from './escape.ts';

/** sitemap.xml of every indexable page, with the language alternates of pages that have a twin; lastmod is the content's date, never the build time. */
export function sitemapXml(origin: string, routes: RouteEntry[], languages: readonly Language[]): string {
  const urls = routes
    .filter((r) => r.sitemap)
    .map((r) => {
      const loc = `${origin}${r.path === '/' ? '/' : r.path}`;
      const lastmod = r.lastmod ? `<lastmod>${r.lastmod}</lastmod>` : '';
      const links = alternatesOf(r.data.meta.translations, languages).map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(`${origin}${a.path}`)}"/>`);
      return `  <url><loc>${escapeXml(loc)}</loc>${lastmod}${links.join('')}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(origin: string, disallow: string[]): string {
  return ['User-agent: *', 'Allow: /', ...disallow.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
