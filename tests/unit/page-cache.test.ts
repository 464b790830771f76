import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { createPageCache } from '#core/pipeline/page-cache.ts';

const work = mkdtempSync(path.join(tmpdir(), 'site-page-cache-'));
/** A folder on another file system than `work` (tmpfs), where hard links to `work` cannot be made. */
const elsewhere = mkdtempSync('/dev/shm/site-page-cache-');
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(elsewhere, { recursive: true, force: true });
});

/** A build's output folder, and the page cache as a build opens it. */
function build(name: string, cacheDir: string) {
  const out = path.join(work, name);
  mkdirSync(out, { recursive: true });
  return { out, cache: createPageCache(cacheDir, 'renderer', 'assets') };
}

/** A first build that keeps one page (at `route`, published as `file`). */
function keptBy(name: string, cacheDir: string, route: string, file: string, html: string) {
  const first = build(name, cacheDir);
  const key = first.cache.key(route, '{}');
  first.cache.put(key, path.join(first.out, file), html);
  first.cache.save();
  return { first, key };
}

describe('the page cache: rendered pages kept between builds', () => {
  test('a page published from the cache is the kept file itself (a hard link): its text written once', () => {
    const cacheDir = path.join(work, 'cache-a');
    const { first, key } = keptBy('a1', cacheDir, '/blog/x', 'x.html', '<p>X</p>');

    const second = build('a2', cacheDir);
    expect(second.cache.copyTo(key, path.join(second.out, 'x.html'))).toBe(true);
    expect(readFileSync(path.join(second.out, 'x.html'), 'utf8')).toBe('<p>X</p>');
    expect(statSync(path.join(second.out, 'x.html')).ino).toBe(statSync(path.join(first.out, 'x.html')).ino);
    expect(second.cache.copyTo(second.cache.key('/blog/y', '{}'), path.join(second.out, 'y.html'))).toBe(false);
  });

  test('a published page edited in place is not published again: the next build renders it', () => {
    const cacheDir = path.join(work, 'cache-b');
    const { first, key } = keptBy('b1', cacheDir, '/', 'index.html', '<p>home</p>');
    // A tool that rewrites dist/ in place writes into the file the cache shares.
    writeFileSync(path.join(first.out, 'index.html'), '<p>home, minified by hand</p>');

    const second = build('b2', cacheDir);
    expect(second.cache.copyTo(key, path.join(second.out, 'index.html'))).toBe(false);
    second.cache.put(key, path.join(second.out, 'index.html'), '<p>home</p>');
    expect(readFileSync(path.join(second.out, 'index.html'), 'utf8')).toBe('<p>home</p>');
    // Keeping it again replaced the kept file: the edited page of the first build is left as it is.
    expect(readFileSync(path.join(first.out, 'index.html'), 'utf8')).toBe('<p>home, minified by hand</p>');
  });

  test('a page kept again does not change one published before from the old text', () => {
    const cacheDir = path.join(work, 'cache-c');
    const first = build('c1', cacheDir);
    const key = first.cache.key('/about', '{}');
    first.cache.put(key, path.join(first.out, 'about.html'), 'old');
    first.cache.put(key, path.join(first.out, 'about-again.html'), 'new');
    expect(readFileSync(path.join(first.out, 'about.html'), 'utf8')).toBe('old');
    expect(readFileSync(path.join(first.out, 'about-again.html'), 'utf8')).toBe('new');
  });

  test('with the cache on another file system, pages are copied', () => {
    expect(statSync(elsewhere).dev).not.toBe(statSync(work).dev);
    const { first, key } = keptBy('d1', elsewhere, '/', 'index.html', '<p>home</p>');
    const second = build('d2', elsewhere);
    expect(second.cache.copyTo(key, path.join(second.out, 'index.html'))).toBe(true);
    expect(readFileSync(path.join(second.out, 'index.html'), 'utf8')).toBe('<p>home</p>');
    expect(statSync(path.join(second.out, 'index.html')).ino).not.toBe(statSync(path.join(first.out, 'index.html')).ino);
  });

  test('a build keeps only the pages it published; a published copy of one it dropped lives on', () => {
    const cacheDir = path.join(work, 'cache-e');
    const kept = () => readdirSync(cacheDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html')).length;
    const first = build('e1', cacheDir);
    const [a, b] = [first.cache.key('/a', '{}'), first.cache.key('/b', '{}')];
    first.cache.put(a, path.join(first.out, 'a.html'), 'A');
    first.cache.put(b, path.join(first.out, 'b.html'), 'B');
    first.cache.save();
    expect(kept()).toBe(2);

    // The next build where /b is gone: its kept page goes, its published copy stays (a hard link).
    const next = build('e2', cacheDir);
    expect(next.cache.copyTo(a, path.join(next.out, 'a.html'))).toBe(true);
    next.cache.put(next.cache.key('/d', '{}'), path.join(next.out, 'd.html'), 'D');
    next.cache.save();
    expect(kept()).toBe(2);
    expect(readFileSync(path.join(first.out, 'b.html'), 'utf8')).toBe('B');
    const last = build('e3', cacheDir);
    expect(last.cache.copyTo(b, path.join(last.out, 'b.html'))).toBe(false);
    expect(last.cache.copyTo(a, path.join(last.out, 'a.html'))).toBe(true);
  });
});
