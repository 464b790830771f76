import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { loadContent, type LoadResult } from '#core/content/load.ts';
import { formatProblems } from '#core/content/problems.ts';
import type { Content } from '#core/content/types.ts';

const work = mkdtempSync(path.join(tmpdir(), 'site-content-cache-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const fixtures = path.resolve(import.meta.dirname, '../fixtures');

/** The content as pages see it: every entry's data, body and rendered HTML, the Hindi edition's too. */
const seen = (content: Content | undefined): unknown => JSON.parse(JSON.stringify(content, (key, value: unknown) => (key === 'source' ? undefined : value)));

/** A copy of `from` (the site's content/ by default) in a folder of its own, loaded with or without a content cache. */
function site(name: string, from = path.resolve('content')) {
  const root = path.join(work, name);
  const dir = path.join(root, 'content');
  cpSync(from, dir, { recursive: true });
  const cacheDir = path.join(root, 'cache');
  const load = (cached = true): Promise<LoadResult> => loadContent(dir, root, cached ? { cacheDir } : {});
  return { dir, cacheDir, load };
}

const edit = (file: string, from: string | RegExp, to: string) => {
  const text = readFileSync(file, 'utf8');
  expect(text).toMatch(from);
  writeFileSync(file, typeof from === 'string' ? text.replaceAll(from, to) : text.replace(from, to));
};

describe('the content cache: what loading made of each file and body, by their bytes (core/content/cache.ts)', () => {
  test('a load from the cache is a fresh load; only an edited body is rendered again', async () => {
    const { dir, load } = site('same');
    const first = await load();
    expect(first.problems).toEqual([]);
    expect(first.bodies.rendered).toBeGreaterThan(0);
    const again = await load();
    // Every body from the cache: those rendered, and those written twice over (a twin not yet translated), which one render served.
    expect(again.bodies).toEqual({ rendered: 0, cached: first.bodies.rendered + first.bodies.cached });
    expect(seen(again.content)).toEqual(seen((await load(false)).content));

    const post = path.join(dir, 'blog', readdirSync(path.join(dir, 'blog')).find((f) => f.endsWith('.mdx'))!);
    // The front matter alone: the body is the same text with the same facts.
    edit(post, /^title: .*$/m, 'title: A title written again for the test');
    expect((await load()).bodies.rendered).toBe(0);
    writeFileSync(post, `${readFileSync(post, 'utf8')}\nOne more sentence.\n`);
    const edited = await load();
    expect(edited.bodies.rendered).toBe(1);
    expect(seen(edited.content)).toEqual(seen((await load(false)).content));
    expect(JSON.stringify(edited.content!.blog)).toContain('One more sentence.');
  });

  test('the HTML a body gets from the cache is the HTML a load without cache makes, an edited body\'s included', async () => {
    const { dir, load } = site('html');
    expect((await load()).problems).toEqual([]);
    const post = path.join(dir, 'blog', readdirSync(path.join(dir, 'blog')).find((f) => f.endsWith('.mdx'))!);
    writeFileSync(post, `${readFileSync(post, 'utf8')}\nA sentence the cache has not seen.\n`);
    expect((await load()).bodies.rendered).toBe(1);
    const htmlOf = (content: Content) => new Map([...content.blog, ...content.brands, ...content.areas].filter((e) => e.rendered).map((e) => [e.file, e.rendered!.html]));
    const kept = htmlOf((await load()).content!);
    const made = htmlOf((await load(false)).content!);
    expect(kept).toEqual(made);
    expect(kept.get(path.relative(path.dirname(dir), post).split(path.sep).join('/'))).toContain('A sentence the cache has not seen.');
  });

  test('a cache file cut short (a full disk) is no cache: every body is rendered again, nothing fails', async () => {
    const { cacheDir, load } = site('cut', path.join(fixtures, 'content'));
    const first = await load();
    const file = path.join(cacheDir, readdirSync(cacheDir)[0]!);
    writeFileSync(file, readFileSync(file).subarray(0, 100));
    const again = await load();
    expect(again.problems).toEqual([]);
    expect(again.bodies).toEqual({ rendered: first.bodies.rendered, cached: 0 });
    expect(seen(again.content)).toEqual(seen(first.content));
  });

  test('a fact changed in content/site.yaml reaches every body and every other language (its overlay merged onto the file)', async () => {
    const { dir, load } = site('fact');
    expect((await load()).problems).toEqual([]);
    const file = path.join(dir, 'site.yaml');
    const phone = /^\s*phone:\s*"(\+91\d{10})"/m.exec(readFileSync(file, 'utf8'))![1]!;
    const changed = phone === '+919999999999' ? '+919888888888' : '+919999999999';
    edit(file, phone, changed);
    const kept = await load();
    for (const site of [kept.content!.site, ...kept.content!.translations!.map((t) => t.site)]) {
      expect(JSON.stringify(site)).toContain(changed);
      expect(JSON.stringify(site)).not.toContain(phone);
    }
    expect(seen(kept.content)).toEqual(seen((await load(false)).content));
  });

  test('a body with a problem is not kept: it is rendered and reported on every load', async () => {
    const { dir, load } = site('problem', path.join(fixtures, 'content'));
    expect((await load()).problems).toEqual([]);
    cpSync(path.join(fixtures, 'broken', 'mdx-placeholder'), dir, { recursive: true });
    const fresh = await load(false);
    const report = formatProblems(fresh.problems, fresh.filesChecked);
    expect(report).toContain('unknown placeholder');
    for (let i = 0; i < 2; i++) {
      const kept = await load();
      expect(formatProblems(kept.problems, kept.filesChecked)).toBe(report);
      expect(kept.bodies.rendered).toBeGreaterThan(0);
    }
  });

  test.each(readdirSync(path.join(fixtures, 'broken')).sort())('problems read the same from a warm cache: %s', async (name) => {
    const { dir, load } = site(`broken-${name}`, path.join(fixtures, 'content'));
    // Every valid file is kept, then the case breaks some of them (or another file refers to them).
    expect((await load()).problems).toEqual([]);
    cpSync(path.join(fixtures, 'broken', name), dir, { recursive: true });
    const fresh = await load(false);
    expect(fresh.problems.length).toBeGreaterThan(0);
    expect(formatProblems((await load()).problems, fresh.filesChecked)).toBe(formatProblems(fresh.problems, fresh.filesChecked));
  });

  test('the cache keeps only what the last load used, in one file for this engine', async () => {
    const { dir, cacheDir, load } = site('prune', path.join(fixtures, 'content'));
    // A file another engine (another lockfile or another renderer) left: never read, removed.
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(path.join(cacheDir, 'content-another-engine.v8'), 'old');
    const first = await load();
    expect(readdirSync(cacheDir)).toHaveLength(1);
    const post = path.join(dir, 'blog', 'cleaning.mdx');
    const text = readFileSync(post, 'utf8');
    rmSync(post);
    expect((await load()).bodies).toEqual({ rendered: 0, cached: first.bodies.rendered - 1 });
    // The post is back: its body was dropped from the cache with it, so it is rendered again.
    writeFileSync(post, text);
    expect((await load()).bodies).toEqual({ rendered: 1, cached: first.bodies.rendered - 1 });
    expect(readdirSync(cacheDir)).toHaveLength(1);
  });
});
