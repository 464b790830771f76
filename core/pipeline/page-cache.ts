import { createHash } from 'node:crypto';
import { constants, copyFileSync, existsSync, mkdirSync } from 'node:fs';
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
  const made = new Set<string>();
  const fileOf = (key: string) => path.join(dir!, key.slice(0, 2), `${key.slice(2)}.html`);
  return {
    key(routePath: string, dataJson: string): string {
      return base.copy().update(routePath).update('\0').update(dataJson).digest('hex');
    },
    /** Copy the cached page to `file` (a copy-on-write clone where the file system has them); false when not cached. */
    copyTo(key: string, file: string): boolean {
      // Looked up first: a miss (every page of a cold build) costs a stat, not a thrown error.
      if (!dir || !existsSync(fileOf(key))) return false;
      try {
        copyFileSync(fileOf(key), file, constants.COPYFILE_FICLONE);
        hits++;
        return true;
      } catch {
        return false;
      }
    },
    /** Keep the page just written at `file`. */
    put(key: string, file: string) {
      if (!dir) return;
      const target = fileOf(key);
      if (!made.has(path.dirname(target))) mkdirSync(path.dirname(target), { recursive: true });
      made.add(path.dirname(target));
      copyFileSync(file, target, constants.COPYFILE_FICLONE);
    },
    hits: () => hits,
  };
}
