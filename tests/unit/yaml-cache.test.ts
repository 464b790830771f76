import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { loadContent } from '#core/content/load.ts';
import { formatProblems } from '#core/content/problems.ts';
import { YamlValues } from '#core/content/yaml-cache.ts';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');
const work = mkdtempSync(path.join(tmpdir(), 'site-yaml-cache-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('parsed YAML values are kept by the text they came from (decision 065)', () => {
  test('a kept value equals a fresh parse, is the caller’s own, and still locates fields', () => {
    const dir = path.join(work, 'values');
    const text = 'title: Power board\ntags:\n  - repair\n  - led\nprice: 1200\n';
    const first = new YamlValues(dir).parse('a.yaml', text, 1);
    expect(first.problems).toEqual([]);
    new YamlValues(dir).save(); // a load that used nothing keeps nothing…
    const writer = new YamlValues(dir);
    writer.parse('a.yaml', text, 1);
    writer.save(); // …one that parsed the text keeps its value.

    const kept = new YamlValues(dir).parse('b.yaml', text, 1);
    expect(kept.value).toEqual(first.value);
    (kept.value as { tags: string[] }).tags.push('changed by a caller');
    expect(new YamlValues(dir).parse('b.yaml', text, 1).value).toEqual(first.value);
    // Positions come from the text when asked (line offset 1: front matter below a "---").
    expect(kept.locate(['tags', 1])).toEqual(first.locate(['tags', 1]));
    expect(kept.locate(['price'])).toEqual({ line: 6, column: 8 });
  });

  test('a text with a problem is not kept: its problem is reported on every parse', () => {
    const dir = path.join(work, 'problem');
    const bad = 'title: [unclosed\n';
    const values = new YamlValues(dir);
    expect(values.parse('c.yaml', bad).problems).toHaveLength(1);
    values.save();
    expect(new YamlValues(dir).parse('c.yaml', bad).problems).toHaveLength(1);
  });

  test('a value a schema passed is kept with it: the next load gets the same data without validating again, each file its own', async () => {
    const dir = path.join(work, 'checked');
    const text = 'title: Power board\ntags: [repair]\n';
    const first = new YamlValues(dir);
    const source = first.parse('a.yaml', text);
    expect(first.checked(source, 'blog')).toBeUndefined();
    first.keepChecked(source, 'blog', { title: 'Power board', tags: ['repair'], added: 'by the schema' });
    first.save();

    const next = new YamlValues(dir);
    const a = next.checked(next.parse('a.yaml', text), 'blog') as { tags: string[] };
    expect(a).toEqual({ title: 'Power board', tags: ['repair'], added: 'by the schema' });
    a.tags.push('changed by a caller');
    // Another file with the same text, in the same load, gets its own copy.
    expect(next.checked(next.parse('b.yaml', text), 'blog')).toEqual({ title: 'Power board', tags: ['repair'], added: 'by the schema' });
    // Another collection's schema, or another text, was never passed.
    expect(next.checked(next.parse('a.yaml', text), 'brands')).toBeUndefined();
    expect(next.checked(next.parse('a.yaml', `${text}price: 1\n`), 'blog')).toBeUndefined();
  });

  test('content loaded with kept values and validations is the content loaded fresh', async () => {
    const root = path.join(work, 'same-content');
    const dir = path.join(root, 'content');
    cpSync(path.join(fixtures, 'content'), dir, { recursive: true });
    const yamlCacheDir = path.join(root, 'cache');
    const fresh = await loadContent(dir, root);
    await loadContent(dir, root, { yamlCacheDir });
    const kept = await loadContent(dir, root, { yamlCacheDir });
    const strip = (c: typeof fresh.content) => JSON.parse(JSON.stringify(c, (k, v) => (k === 'source' ? undefined : v)));
    expect(strip(kept.content)).toEqual(strip(fresh.content));
  });

  test('a fact changed in content/site.yaml reaches the Hindi edition, whose overlay did not change (it is merged onto the English file)', async () => {
    const root = path.join(work, 'overlay');
    const dir = path.join(root, 'content');
    cpSync(path.resolve('content'), dir, { recursive: true });
    const yamlCacheDir = path.join(root, 'cache');
    expect((await loadContent(dir, root, { yamlCacheDir })).problems).toEqual([]);
    const site = path.join(dir, 'site.yaml');
    const phone = /^\s*phone:\s*"(\+91\d{10})"/m.exec(readFileSync(site, 'utf8'))![1]!;
    const changed = phone === '+919999999999' ? '+919888888888' : '+919999999999';
    writeFileSync(site, readFileSync(site, 'utf8').replaceAll(phone, changed));
    const kept = await loadContent(dir, root, { yamlCacheDir });
    expect(JSON.stringify(kept.content!.site)).toContain(changed);
    expect(JSON.stringify(kept.content!.hi!.site)).toContain(changed);
    expect(JSON.stringify(kept.content!.hi!.site)).not.toContain(phone);
    const strip = (c: typeof kept.content) => JSON.parse(JSON.stringify(c, (k, v) => (k === 'source' ? undefined : v)));
    expect(strip(kept.content)).toEqual(strip((await loadContent(dir, root)).content));
  });

  const cases = readdirSync(path.join(fixtures, 'broken')).sort();
  test.each(cases)('content problems read the same with kept values: %s', async (name) => {
    const root = path.join(work, name);
    const dir = path.join(root, 'content');
    const yamlCacheDir = path.join(root, 'cache');
    cpSync(path.join(fixtures, 'content'), dir, { recursive: true });
    // Every valid file's value is kept, then the case breaks some of them (or another file refers to them).
    expect((await loadContent(dir, root, { yamlCacheDir })).problems).toEqual([]);
    cpSync(path.join(fixtures, 'broken', name), dir, { recursive: true });
    const fresh = await loadContent(dir, root);
    expect(fresh.problems.length).toBeGreaterThan(0);
    const report = formatProblems(fresh.problems, fresh.filesChecked);
    for (let i = 0; i < 2; i++) {
      const kept = await loadContent(dir, root, { yamlCacheDir });
      expect(formatProblems(kept.problems, kept.filesChecked)).toBe(report);
    }
  });
});
