import { createHash } from 'node:crypto';
import type { RouteEntry } from '../page-data/route-entry.ts';

/**
 * A page's data as its keys see it: serialized, with its rendered body named by what it was made
 * from (RouteEntry.body) instead of written out, while `bodyHtml` is still that body (a route made
 * from another one with other HTML is hashed whole). At 1,000 long posts that HTML is 14 MB to
 * serialize and hash in every build.
 */
export function keyJson(route: RouteEntry): string {
  const data = route.data as { bodyHtml?: unknown };
  const body = route.body;
  return JSON.stringify(body && data.bodyHtml === body.html ? { ...data, bodyHtml: `\0body ${body.id}` } : data);
}

/** Everything of a route its files depend on, besides the shell; `dataJson`: keyJson() of its data, when at hand. */
export function pageKey(route: RouteEntry, dataJson = keyJson(route)): string {
  return createHash('sha256').update(JSON.stringify([route.path, route.source, route.sitemap, route.lastmod, route.aliases, route.navLabel])).update('\0').update(dataJson).digest('hex').slice(0, 32);
}
