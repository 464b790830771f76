import type { RouteEntry } from '../page-data/route-entry.ts';
import { escapeXml } from './escape.ts';


/** sitemap.xml of every indexable page; lastmod is the content's date, never the build time. */
export function sitemapXml(origin: string, routes: RouteEntry[]): string {
  const urls = routes
    .filter((r) => r.sitemap)
    .map((r) => {
      const loc = `${origin}${r.path === '/' ? '/' : r.path}`;
      const lastmod = r.lastmod ? `<lastmod>${r.lastmod}</lastmod>` : '';
      return `  <url><loc>${escapeXml(loc)}</loc>${lastmod}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(origin: string, disallow: string[]): string {
  return ['User-agent: *', 'Allow: /', ...disallow.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
