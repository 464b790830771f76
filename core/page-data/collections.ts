import path from 'node:path';
import type { Content } from '../content/types.ts';
import type { LoadContext } from '../content/context.ts';
import type { RouteEntry } from './route-entry.ts';
import { postRoutes } from './blog.ts';
import { blogIndexRoutes } from './blog-index.ts';
import { landingRoutes } from './landing.ts';
import { serviceCenterRoutes } from './service-center.ts';

/**
 * The pages made from folders of content (blog posts, brand and area pages, service-centre brands).
 * Each collection adds its builder here.
 */
export function collectionRoutes(content: Content, ctx: LoadContext): RouteEntry[] {
  const pagesFile = ctx.display(path.join(content.dir, 'pages.yaml'));
  return [
    ...landingRoutes(content, 'brand'),
    ...landingRoutes(content, 'area'),
    ...serviceCenterRoutes(content),
    ...postRoutes(content),
    ...blogIndexRoutes(content, pagesFile),
  ];
}
