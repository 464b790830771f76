import type { Content } from '../content/types.ts';
import { pageMeta } from './seo.ts';
import type { NotFoundEntry } from './route-entry.ts';

/** The site's 404 page (dist/404.html). Sections add their own nearest-404 pages here. */
export function notFoundPages(content: Content, pagesFile: string): NotFoundEntry[] {
  const meta = pageMeta(content.site, {
    path: '/404',
    title: 'Page Not Found',
    description: `The page you asked for is not on the ${content.site.business.name} website. Return to the home page to find TV repair services.`,
    noindex: true,
    breadcrumb: null,
  });
  const section = (dir: string, kind: 'post-not-found' | 'brand-not-found', title: string, description: string): NotFoundEntry => ({
    dir,
    path: `${dir}/404`,
    source: { file: pagesFile, line: 1 },
    sitemap: false,
    data: { kind, meta: pageMeta(content.site, { path: `${dir}/404`, title, description, noindex: true, breadcrumb: null }) },
  });
  return [
    { dir: '/', path: '/404', source: { file: pagesFile, line: 1 }, sitemap: false, data: { kind: 'not-found', meta } },
    // Nearest-404 pages of sections: /blog/<unknown> and /service-center/<unknown> (spec §8).
    section('/blog', 'post-not-found', 'Blog Post Not Found', 'The TV repair article you asked for is not on our blog. Browse the blog, our repair services or contact us.'),
    section('/service-center', 'brand-not-found', 'Brand Not Found', 'We could not find this brand at our service centre. See the brands we service, or call us about yours.'),
  ];
}
