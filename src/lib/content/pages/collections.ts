import type { Content, LoadContext } from '../load.ts';
import type { RouteEntry } from '../site-index.ts';

/**
 * The pages made from folders of content (blog posts, brand and area pages, service-centre brands).
 * Each collection adds its builder here.
 */
export function collectionRoutes(_content: Content, _ctx: LoadContext): RouteEntry[] {
  return [];
}
