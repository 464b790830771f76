import { createHash } from 'node:crypto';
import type { RouteEntry } from '../page-data/route-entry.ts';

/** Everything of a route its files depend on, besides the shell; `dataJson`: its data serialized, when at hand. */
export function pageKey(route: RouteEntry, dataJson = JSON.stringify(route.data)): string {
  return createHash('sha256').update(JSON.stringify([route.path, route.source, route.sitemap, route.lastmod, route.aliases, route.navLabel])).update('\0').update(dataJson).digest('hex').slice(0, 32);
}
