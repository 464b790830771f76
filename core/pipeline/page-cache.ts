import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Rendered pages kept on disk, keyed by everything a page's HTML depends on: the renderer (its
 * path names the bundle's source hash), the assets, the site data, the path and the page data.
 * A build with no change renders nothing (issue 3: the second build ≤ 1/3 of the cold one).
 */
export function createPageCache(dir: string | undefined, ...salt: string[]) {
  const base = createHash('sha256');
  for (const s of salt) base.update(s).update('\0');
  let hits = 0;
  const fileOf = (key: string) => path.join(dir!, key.slice(0, 2), `${key.slice(2)}.html`);
  return {
    key(routePath: string, dataJson: string): string {
      return base.copy().update(routePath).update('\0').update(dataJson).digest('hex');
    },
    get(key: string): string | undefined {
      if (!dir) return undefined;
      try {
        const html = readFileSync(fileOf(key), 'utf8');
        hits++;
        return html;
      } catch {
        return undefined;
      }
    },
    put(key: string, html: string) {
      if (!dir) return;
      mkdirSync(path.dirname(fileOf(key)), { recursive: true });
      writeFileSync(fileOf(key), html);
    },
    hits: () => hits,
  };
}
