import { pathIn } from '#src/i18n/href.ts';
import { say } from '../content/facts.ts';
import type { Content } from '../content/types.ts';
import { pageMeta } from './seo.ts';
import type { NotFoundEntry, RouteEntry } from './route-entry.ts';

/**
 * The not-found pages of the content's language: its 404 (dist/404.html for the default language,
 * /<code>/404.html for another: the nearest 404 of its pages), and the nearest-404 page of each
 * section it has pages in (`routes`: its pages).
 */
export function notFoundPages(content: Content, pagesFile: string, routes: readonly RouteEntry[]): NotFoundEntry[] {
  const at = (dir: string) => pathIn(content.language, dir);
  const home = at('/');
  const path = `${home === '/' ? '' : home}/404`;
  const meta = pageMeta(content, {
    path,
    title: say(content, 'notFound.meta.title'),
    description: say(content, 'notFound.meta.description', { business: content.site.business.name }),
    noindex: true,
    breadcrumb: null,
  });
  const section = (dir: string, kind: 'post-not-found' | 'brand-not-found', titleKey: string, descriptionKey: string): NotFoundEntry[] => {
    if (!routes.some((r) => r.path.startsWith(`${at(dir)}/`))) return [];
    const [title, description] = [say(content, titleKey), say(content, descriptionKey, { business: content.site.business.name })];
    return [{ dir: at(dir), path: `${at(dir)}/404`, source: { file: pagesFile, line: 1 }, sitemap: false, data: { kind, meta: pageMeta(content, { path: `${at(dir)}/404`, title, description, noindex: true, breadcrumb: null }) } }];
  };
  return [
    { dir: home, path, source: { file: pagesFile, line: 1 }, sitemap: false, data: { kind: 'not-found', meta } },
    // Nearest-404 pages of sections: /blog/<unknown> and /service-center/<unknown> (spec §8).
    ...section('/blog', 'post-not-found', 'notFound.post.meta.title', 'notFound.post.meta.description'),
    ...section('/service-center', 'brand-not-found', 'notFound.brand.meta.title', 'notFound.brand.meta.description'),
  ];
}
