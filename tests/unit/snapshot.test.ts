import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { loadContent, type LoadResult } from '#core/content/load.ts';
import type { Content } from '#core/content/types.ts';

const work = mkdtempSync(path.join(tmpdir(), 'site-snapshot-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The content as a page sees it: every entry's data, body text and rendered HTML, the Hindi edition's too. */
function seen(content: Content | undefined): unknown {
  return JSON.parse(
    JSON.stringify(content, (key, value: unknown) => {
      // Where it came from, not what it is: a body's id is there only with a build cache.
      if (key === 'source' || key === 'bodyId') return undefined;
      if (key === 'body' && typeof value === 'function') return (value as () => string)();
      return value;
    }),
  );
}

/** The site's content in a folder of its own, loaded through a build cache (the snapshot beside the YAML cache). */
function site(name: string) {
  const root = path.join(work, name);
  const dir = path.join(root, 'content');
  cpSync(path.resolve('content'), dir, { recursive: true });
  const cache = path.join(root, 'cache');
  const load = (cached = true): Promise<LoadResult> => loadContent(dir, root, cached ? { cacheDir: path.join(cache, 'mdx'), yamlCacheDir: path.join(cache, 'yaml') } : {});
  return { dir, cache, load };
}

describe('content files not written since the last load come from the snapshot (decision 071)', () => {
  test('a load from the snapshot, and one after a body edit and a front matter edit, equal a fresh load', async () => {
    const { dir, cache, load } = site('same');
    expect((await load()).problems).toEqual([]);
    expect(readdirSync(path.join(cache, 'yaml')).some((f) => f.startsWith('files-'))).toBe(true);
    const kept = await load();
    const fresh = await load(false);
    expect(seen(kept.content)).toEqual(seen(fresh.content));
    // Positions in a file from the snapshot are those of the file: a page's line in pages.yaml (kept), a field's (parsed when asked).
    const pages = (r: LoadResult) => r.ctx.sources.get('content/pages.yaml')!;
    for (let i = 0; i < kept.content!.pages.length; i++) expect(pages(kept).locate([i]), `page ${i}`).toEqual(pages(fresh).locate([i]));
    expect(pages(kept).locate([2, 'path'])).toEqual(pages(fresh).locate([2, 'path']));

    const post = path.join(dir, 'blog', readdirSync(path.join(dir, 'blog')).find((f) => f.endsWith('.mdx'))!);
    writeFileSync(post, `${readFileSync(post, 'utf8')}\nA sentence added to the body.\n`);
    const edited = await load();
    expect(JSON.stringify(seen(edited.content))).toContain('A sentence added to the body.');
    expect(seen(edited.content)).toEqual(seen((await load(false)).content));

    writeFileSync(post, readFileSync(post, 'utf8').replace(/^title: .*$/m, 'title: A title changed in the front matter'));
    const retitled = await load();
    expect(retitled.content!.blog.map((e) => e.data.title)).toContain('A title changed in the front matter');
    expect(seen(retitled.content)).toEqual(seen((await load(false)).content));
  });

  test('a problem is reported on every load; a file fixed is read again', async () => {
    const { dir, load } = site('problem');
    await load();
    const brand = path.join(dir, 'brands', readdirSync(path.join(dir, 'brands')).find((f) => f.endsWith('.mdx'))!);
    const text = readFileSync(brand, 'utf8');
    writeFileSync(brand, text.replace(/^slug: .*$/m, 'slug: 42'));
    for (let i = 0; i < 2; i++) expect((await load()).problems.map((p) => `${p.file} ${p.message}`).join('\n')).toMatch(/brands\/.*slug/);
    writeFileSync(brand, text);
    expect((await load()).problems).toEqual([]);
  });

  test('a body read from a file written after it was loaded stops the build instead of pairing new text with old data', async () => {
    const { dir, load } = site('race');
    await load();
    const loaded = await load();
    const entry = loaded.content!.blog[0]!;
    const file = path.join(path.dirname(dir), entry.file);
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nWritten during the build.\n`);
    expect(() => entry.body()).toThrow(/changed while the site was being built/);
  });
});
