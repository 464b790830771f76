import { createHash } from 'node:crypto';
import { copyFileSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What the page cache knows of each page it kept: the size and modification time it had when written. */
const INDEX = 'index.json';

/**
 * Rendered pages kept on disk, keyed by everything a page's HTML depends on: the renderer (its
 * path names the bundle's source hash) and everything it is given (prerender.ts).
 * A build with no change renders nothing.
 *
 * A kept page and the published one are the same file: a hard link, not a copy, so a build writes
 * each page's bytes once. Where links cannot be made (the cache on another file
 * system), it is copied. A kept page is never written in place (a new file is renamed over it),
 * and one whose size or time changed since it was kept (a published page edited in place, the
 * cache and dist/ sharing it) is not used again.
 */
export function createPageCache(dir: string | undefined, ...salt: string[]) {
  const base = createHash('sha256');
  for (const s of salt) base.update(s).update('\0');
  let hits = 0;
  const made = new Set<string>();
  /** The keys this build published: what a pruning save keeps. */
  const used = new Set<string>();
  const fileOf = (key: string) => path.join(dir!, key.slice(0, 2), `${key.slice(2)}.html`);
  let index: Record<string, string> | undefined;
  const known = () => {
    if (!index) {
      try {
        index = JSON.parse(readFileSync(path.join(dir!, INDEX), 'utf8')) as Record<string, string>;
      } catch {
        index = {};
      }
    }
    return index;
  };
  const stamp = (file: string) => {
    const s = statSync(file, { throwIfNoEntry: false });
    return s && `${s.size}:${s.mtimeMs}`;
  };
  /** `file` becomes the kept page: linked, or copied where linking fails. */
  const publish = (kept: string, file: string) => {
    try {
      linkSync(kept, file);
    } catch (err) {
      // What is there may be another kept page: it is replaced, never written into.
      rmSync(file, { force: true });
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return publish(kept, file);
      copyFileSync(kept, file);
    }
  };
  return {
    /** A page's key: the build's salt and the page's own inputs (its path, its data as JSON, …). */
    key(...parts: string[]): string {
      const hash = base.copy();
      for (const part of parts) hash.update(part).update('\0');
      return hash.digest('hex');
    },
    /** Publish the kept page at `file`; false when there is none, or it changed since it was kept. */
    copyTo(key: string, file: string): boolean {
      if (!dir) return false;
      const expected = known()[key];
      // Looked up first: a miss (every page of a cold build) costs a stat, not a thrown error.
      if (!expected || stamp(fileOf(key)) !== expected) return false;
      try {
        publish(fileOf(key), file);
        hits++;
        used.add(key);
        return true;
      } catch {
        return false;
      }
    },
    /** Publish `html` at `file` and keep it. */
    put(key: string, file: string, html: string) {
      if (!dir) return void writeFileSync(file, html);
      const target = fileOf(key);
      if (!made.has(path.dirname(target))) mkdirSync(path.dirname(target), { recursive: true });
      made.add(path.dirname(target));
      // A new file renamed over the old one: a page published from the old one keeps its text.
      const tmp = `${target}.${process.pid}.tmp`;
      writeFileSync(tmp, html);
      renameSync(tmp, target);
      known()[key] = stamp(target)!;
      publish(target, file);
      used.add(key);
    },
    /**
     * Write down what was kept (once, after the pages). Every build publishes every page, so the
     * pages it did not publish (another shell, content since changed) are removed; a published
     * copy of one lives on in dist/, a hard link.
     */
    save() {
      if (!dir) return;
      const all = known();
      for (const key of Object.keys(all)) {
        if (used.has(key)) continue;
        rmSync(fileOf(key), { force: true });
        delete all[key];
      }
      const tmp = path.join(dir, `${INDEX}.${process.pid}.tmp`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(tmp, JSON.stringify(all));
      renameSync(tmp, path.join(dir, INDEX));
    },
    hits: () => hits,
  };
}
