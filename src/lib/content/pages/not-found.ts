import type { Content } from '../load.ts';
import { pageMeta } from '../seo.ts';
import type { RouteEntry } from '../site-index.ts';

/** The site's 404 page (dist/404.html, data /_data/404.json). Sections add their own nearest-404 pages here. */
export function notFoundPages(content: Content, pagesFile: string): (RouteEntry & { dir: string })[] {
  const meta = pageMeta(content.site, {
    path: '/404',
    title: 'Page Not Found',
    description: `The page you asked for is not on the ${content.site.business.name} website. Return to the home page to find TV repair services.`,
    noindex: true,
    breadcrumb: null,
  });
  return [{ dir: '/', path: '/404', kind: 'not-found', source: { file: pagesFile, line: 1 }, sitemap: false, data: { kind: 'not-found', meta } }];
}
