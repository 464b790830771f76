import { createHash } from 'node:crypto';
import { bodyId } from '../content/mdx/body-ids.ts';
import type { RouteEntry } from '../page-data/route-entry.ts';

/**
 * A page's data as its keys see it: serialized, with its rendered body (`bodyHtml`) named by what
 * it was made from (body-ids.ts) rather than written out, when that is known.
 */
export function keyJson(data: unknown): string {
  const html = (data as { bodyHtml?: unknown } | undefined)?.bodyHtml;
  const id = typeof html === 'string' ? bodyId(html) : undefined;
  return JSON.stringify(id === undefined ? data : { ...(data as object), bodyHtml: `\0body ${id}` });
}

/** Everything of a route its files depend on, besides the shell; `dataJson`: keyJson() of its data, when at hand. */
export function pageKey(route: RouteEntry, dataJson = keyJson(route.data)): string {
  return createHash('sha256').update(JSON.stringify([route.path, route.source, route.sitemap, route.lastmod, route.aliases, route.navLabel])).update('\0').update(dataJson).digest('hex').slice(0, 32);
}
