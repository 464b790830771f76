import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { hashOf, writeWhole } from '../content/cache.ts';

/**
 * Rendered pages, one file each, named by a hash of everything the page's HTML is made from: the
 * `salt` every page shares (the renderer, the assets) and the page's own `parts` (its URL, its data
 * and its language's shell, as JSON). A page whose hash was seen before is copied from here instead
 * of rendered; a page's inputs that change make another name, so no page can be stale. Pages are
 * copies, never links: dist/ and this folder share no file.
 */
export function pageCache(dir: string, ...salt: string[]) {
  /** The pages this build published: what `prune` keeps. */
  const used = new Set<string>();
  const fileOf = (key: string) => path.join(dir, `${key}.html`);
  mkdirSync(dir, { recursive: true });
  return {
    key: (...parts: string[]): string => hashOf(...salt, ...parts),
    /** Copy the kept page `key` to `file`; false when there is none. */
    copyTo(key: string, file: string): boolean {
      try {
        copyFileSync(fileOf(key), file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw err;
      }
      used.add(key);
      return true;
    },
    /** Keep `html` as the page `key` (written whole: a reader never sees half a page). */
    put(key: string, html: string) {
      writeWhole(fileOf(key), html);
      used.add(key);
    },
    /** Remove the pages this build did not publish (other content, another renderer). */
    prune() {
      for (const name of readdirSync(dir)) if (name.endsWith('.html') && !used.has(name.slice(0, -'.html'.length))) rmSync(path.join(dir, name), { force: true });
    },
  };
}
