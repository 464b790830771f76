import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { PageFacts } from '#core/content/facts.ts';
import { byFiles, localGraph, RENDERER_PACKAGES } from '#core/content/mdx/fingerprint.ts';
import { renderBodiesCached } from '#core/content/mdx/pool.ts';
import { renderMdx, renderMdxCompiled } from '#core/content/mdx/render.ts';
import { escapeHeadingIds } from '#core/content/mdx/remark-headings.ts';
import { MAX_PACKS } from '#core/content/mdx/store.ts';

const work = mkdtempSync(path.join(tmpdir(), 'site-mdx-cache-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const facts = { phone: '+91 90000 00001', warranty: '90-day warranty' } as unknown as PageFacts;
const A = '## Power board\n\nCall {phone} for a quote.\n';
const B = '## Backlight\n\n<Tip>Every repair has a {warranty}.</Tip>\n';

describe('rendered bodies are cached by content hash (issue 12)', () => {
  test('an unchanged body is reused, an edited one recompiles, other facts recompile', async () => {
    const cacheDir = path.join(work, 'edit');
    const first = await renderBodiesCached([{ body: A, facts }, { body: B, facts }], { cacheDir, workers: 0 });
    expect(first.stats).toMatchObject({ hits: 0, misses: 2 });
    const again = await renderBodiesCached([{ body: A, facts }, { body: B, facts }], { cacheDir, workers: 0 });
    expect(again.stats).toMatchObject({ hits: 2, misses: 0 });
    expect(again.results).toEqual(first.results);

    const edited = await renderBodiesCached([{ body: A, facts }, { body: `${B}\nOne more line.\n`, facts }], { cacheDir, workers: 0 });
    expect(edited.stats).toMatchObject({ hits: 1, misses: 1 });
    expect((edited.results[1] as { html: string }).html).toContain('One more line.');

    const otherFacts = await renderBodiesCached([{ body: A, facts: { ...facts, phone: '+91 90000 00002' } }], { cacheDir, workers: 0 });
    expect(otherFacts.stats).toMatchObject({ hits: 0, misses: 1 });
    expect((otherFacts.results[0] as { html: string }).html).toContain('+91 90000 00002');
  });

  test('a new renderer version (a package upgraded, a plugin changed) renders every body again', async () => {
    const cacheDir = path.join(work, 'version');
    await renderBodiesCached([{ body: A, facts }], { cacheDir, workers: 0 });
    expect((await renderBodiesCached([{ body: A, facts }], { cacheDir, workers: 0 })).stats.hits).toBe(1);
    expect((await renderBodiesCached([{ body: A, facts }], { cacheDir, workers: 0, versionSalt: 'remark-gfm 4.0.2' })).stats).toMatchObject({ hits: 0, misses: 1 });
  });

  test('a build keeps the bodies it rendered in one pack; past MAX_PACKS, a load merges them and drops other versions', async () => {
    const cacheDir = path.join(work, 'packs');
    const packs = () => readdirSync(path.join(cacheDir, 'packs')).filter((n) => n.endsWith('.v8'));
    const bodies = Array.from({ length: 30 }, (_, i) => ({ body: `## Post ${i}\n\nCall {phone}.\n`, facts }));
    await renderBodiesCached(bodies.slice(0, 10), { cacheDir, workers: 0 });
    expect(packs()).toHaveLength(1);
    await renderBodiesCached(bodies.slice(0, 10), { cacheDir, workers: 0 }); // all kept: no new pack
    expect(packs()).toHaveLength(1);
    await renderBodiesCached([{ body: A, facts }], { cacheDir, workers: 0, versionSalt: 'another renderer' });
    // One edit after another: a pack each.
    for (let i = 10; i < 9 + MAX_PACKS; i++) await renderBodiesCached([bodies[i]!], { cacheDir, workers: 0 });
    expect(packs()).toHaveLength(MAX_PACKS + 1);
    // The next load merges this version's packs; the other version's is gone.
    const all = await renderBodiesCached(bodies.slice(0, 9 + MAX_PACKS), { cacheDir, workers: 0 });
    expect(all.stats).toMatchObject({ hits: 9 + MAX_PACKS, misses: 0 });
    expect(packs()).toHaveLength(1);
    expect((await renderBodiesCached([{ body: A, facts }], { cacheDir, workers: 0, versionSalt: 'another renderer' })).stats.misses).toBe(1);
    // Read from disk (this process has not seen the copy): the same bodies.
    const copy = path.join(work, 'packs-copy');
    cpSync(cacheDir, copy, { recursive: true });
    const fromDisk = await renderBodiesCached(bodies.slice(0, 9 + MAX_PACKS), { cacheDir: copy, workers: 0 });
    expect(fromDisk.stats).toMatchObject({ hits: 9 + MAX_PACKS, misses: 0 });
    expect(fromDisk.results).toEqual(all.results);
  });

  test('every module of the project the renderer runs is part of its version, and every package they import', () => {
    const files = localGraph('worker.ts');
    // Beyond its folder: the facts and how they are formatted, the components, the hints.
    expect(files).toEqual(expect.arrayContaining(['core/content/facts.ts', 'src/lib/format.ts', 'src/components/mdx-components.tsx', 'core/content/did-you-mean.ts', 'core/content/mdx/parse-body.ts']));
    // Types only are not run: the schemas are not part of it.
    expect(files).not.toContain('schemas/index.ts');
    const imported = new Set<string>();
    for (const file of files) {
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/^import (?!type )[^'"]*from '([^'.#][^']*)'/gm)) {
        if (spec!.startsWith('node:')) continue;
        const name = spec!.startsWith('@') ? spec!.split('/').slice(0, 2).join('/') : spec!.split('/')[0]!;
        imported.add(name);
      }
    }
    expect(imported.size).toBeGreaterThan(10);
    expect([...imported].filter((name) => !RENDERER_PACKAGES.includes(name))).toEqual([]);
  });

  test('a body with a problem is not cached: it is reported on every build', async () => {
    const cacheDir = path.join(work, 'broken');
    const broken = 'Call {phoen} now.\n';
    for (let i = 0; i < 2; i++) {
      const { results, stats } = await renderBodiesCached([{ body: broken, facts }], { cacheDir, workers: 0 });
      expect(stats.misses).toBe(1);
      expect((results[0] as { issues: { rule: string }[] }).issues.map((x) => x.rule)).toEqual(['unknown-placeholder']);
    }
  });
});

describe('the direct renderer makes what compile() makes', () => {
  const bodies = [
    A,
    B,
    '## Same\n\n## Same\n\n### Own id {#mine}\n\n| a | b |\n| :- | -: |\n| {phone} | x |\n\n|  | Head |\n| - | - |\n| c | d |\n',
    '<Warning title="Mains">Unplug first, wait 5 minutes & check <em>twice</em>.</Warning>\n\n- one\n- two\n\n1. three\n\n> quote\n\n```js\nconst a = "<b>";\n```\n',
    'A paragraph with **bold**, _em_, `code`, a [link](/services#x "title") and www.example.com.\n\n![img](/a.png)\n\n---\n\n{warranty}\n',
    '<Tip title="x">\n\n  Nested paragraph.\n\n</Tip>\n\n<div className="x">html</div>\n',
  ];
  test.each(bodies.map((b, i) => [i, b] as const))('body %i', (_, body) => {
    const compiled = renderMdxCompiled(escapeHeadingIds(body), facts);
    expect(renderMdx(body, facts, true)).toEqual(compiled);
    // A plain body may take the fast parser, whose links have no places: the rest is the same.
    const urls = (r: typeof compiled) => ({ ...r, links: r.links.map((l) => l.url) });
    expect(urls(renderMdx(body, facts))).toEqual(urls(compiled));
  });
});

describe('versions made from files are kept by their stats (fingerprint.ts)', () => {
  test('made once, kept while the files are not written, made again when one is', () => {
    const dir = path.join(work, 'by-files');
    const memo = path.join(dir, 'memo.json');
    const file = path.join(dir, 'source.ts');
    const past = new Date(Date.now() - 60_000);
    mkdirSync(dir, { recursive: true });
    const put = (text: string) => {
      writeFileSync(file, text);
      utimesSync(file, past, past);
    };
    let made = 0;
    const compute = () => {
      made++;
      return { files: [file], value: readFileSync(file, 'utf8') };
    };
    put('one');
    expect(byFiles('v', compute, memo)).toBe('one');
    expect(byFiles('v', compute, memo)).toBe('one');
    expect(made).toBe(1);
    // The same size and modification time: the change time tells.
    put('two');
    expect(byFiles('v', compute, memo)).toBe('two');
    expect(made).toBe(2);
    // A file written while the value is made leaves no memo: made again next time.
    writeFileSync(file, 'new');
    expect(byFiles('v', compute, memo)).toBe('new');
    expect(byFiles('v', compute, memo)).toBe('new');
    expect(made).toBe(4);
  });
});
