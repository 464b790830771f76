// A language is a dimension of every page (decision 110), shown on a second business in English
// and Marathi (tests/fixtures/languages): built as its owner builds it, checked by `site check`,
// extended by `site new --lang`, and held back by `site check --go-live` while its words are
// still English. Every expectation is read from the fixture's files.

import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import type { CheckReport } from '#cli/lib/check/index.ts';
import { checkGoLive } from '#cli/lib/check/go-live.ts';
import { loadContent } from '#core/content/load.ts';
import { buildSiteIndex } from '#core/page-data/site-index.ts';
import { manifestFile } from '#core/pipeline/record.ts';
import { sitemapXml } from '#core/pipeline/sitemap.ts';
import { site } from '../support/cli.ts';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/languages');
const work = mkdtempSync(path.join(tmpdir(), 'site-languages-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A fresh copy of the fixture's content/ (the build writes its social cards there). */
function copy(name: string): string {
  const content = path.join(work, name, 'content');
  cpSync(path.join(FIXTURE, 'content'), content, { recursive: true });
  return content;
}

const yaml = <T>(file: string): T => parse(readFileSync(file, 'utf8')) as T;
const facts = yaml<{ origin: string; languages: string[] }>(path.join(FIXTURE, 'content/site.yaml'));
const [first, second] = facts.languages as [string, string];
/** A catalogue's `language` keys: how the pages of that language state it. */
const languageOf = (code: string) => yaml<{ language: { name: string; tag: string; locale: string } }>(path.join(FIXTURE, 'content/messages', `${code}.yaml`)).language;
const hreflang = (code: string) => languageOf(code).locale.replace('_', '-');
const url = (p: string) => `${facts.origin}${p}`;
const twinPath = (p: string) => (p === '/' ? `/${second}` : `/${second}${p}`);

/** The default-language paths of the pages the second language translates, from its files. */
function translated(content: string): string[] {
  const dir = path.join(content, second);
  const pages = yaml<{ path: string }[]>(path.join(dir, 'pages.yaml')).map((p) => p.path);
  const slugs = ['brands', 'areas'].flatMap((d) => readdirSync(path.join(dir, d)).map((f) => `/${yaml<{ slug: string }>(path.join(dir, d, f)).slug}`));
  return [...pages, ...slugs].sort();
}

const content = copy('built');
const out = path.join(work, 'built', 'dist');
const html = (p: string) => readFileSync(path.join(out, p === '/' ? 'index.html' : `${p.slice(1)}.html`), 'utf8');
const alternates = (page: string) => Object.fromEntries([...page.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, m[2]!]));

beforeAll(async () => {
  const built = await site('build', '--quiet', '--content', content, '--out', out);
  expect(built.code, built.stderr).toBe(0);
}, 300_000);

describe('the code names no language', () => {
  /** Every source file of the generator, comments left out (they may give examples). */
  const sources = (dir: string): { file: string; code: string }[] =>
    readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && /\.(?:ts|tsx|mjs)$/.test(e.name))
      .map((e) => path.join(e.parentPath, e.name))
      .map((file) => ({ file, code: readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '') }));
  /** The sample site's languages as code would name them: codes as values, locales, names, their URL folder. */
  const NAMED = /(['"`])(?:en|hi)\1|\b(?:en|hi)_IN\b|\bhi-IN\b|Hindi|हिन्दी|हिंदी|['"`]\/hi\b/g;
  /** Where a language is named on purpose, with the reason. */
  const ALLOWED: Record<string, string> = {
    'cli/lib/dev/server.ts': 'the content-problems page of `site dev` is in the words of the CLI, which writes English',
  };

  test('no language code, locale or name in core/, src/, cli/, schemas/ or supabase/', () => {
    const found = ['core', 'src', 'cli', 'schemas', 'supabase']
      .flatMap(sources)
      .filter(({ file }) => !(file.split(path.sep).join('/') in ALLOWED))
      .flatMap(({ file, code }) => [...code.matchAll(NAMED)].map((m) => `${file}: ${m[0]}`));
    expect(found).toEqual([]);
  });
});

describe('a site in two languages, the second neither English nor Hindi', () => {
  test('each twin is a page of its language at /<code>/…: its <html lang>, hreflang both ways and x-default, the switch', () => {
    const manifest = JSON.parse(readFileSync(manifestFile(out), 'utf8')) as { routes: { path: string; lang: string }[] };
    const theirs = manifest.routes.filter((r) => r.lang === second).map((r) => r.path);
    expect(theirs.map((p) => p.slice(second.length + 1) || '/').sort()).toEqual(translated(content));
    for (const p of translated(content)) {
      const own = html(twinPath(p));
      const original = html(p);
      expect(own, p).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${languageOf(second).tag}"`));
      expect(original, p).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${languageOf(first).tag}"`));
      const both = { [hreflang(first)]: url(p), [hreflang(second)]: url(twinPath(p)), 'x-default': url(p) };
      expect(alternates(own), p).toEqual(both);
      expect(alternates(original), p).toEqual(both);
      expect(own).toContain(`<meta property="og:locale" content="${languageOf(second).locale}"/>`);
      // The switch names the other language in its own words.
      const toFirst = /<a href="([^"]*)" hrefLang="([^"]*)" lang="([^"]*)" data-language-switch=""[^>]*>([^<]*)<\/a>/.exec(own);
      expect(toFirst?.slice(1), p).toEqual([p, hreflang(first), first, languageOf(first).name]);
    }
    const sitemap = readFileSync(path.join(out, 'sitemap.xml'), 'utf8');
    const [p] = translated(content);
    expect(sitemap).toContain(`<loc>${url(twinPath(p!))}</loc>`);
    expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="${hreflang(second)}" href="${url(twinPath(p!))}"/>`);
  });

  test('a page without a twin is the default language’s only: the second language links it as it is; site check warns', async () => {
    const brands = readdirSync(path.join(content, 'brands')).map((f) => ({ name: path.parse(f).name, path: `/${yaml<{ slug: string }>(path.join(content, 'brands', f)).slug}` }));
    const alone = brands.filter((b) => !translated(content).includes(b.path));
    expect(alone.length).toBeGreaterThan(0);
    for (const { path: p } of alone) {
      expect(existsSync(path.join(out, `${twinPath(p).slice(1)}.html`)), p).toBe(false);
      expect(alternates(html(p)), p).toEqual({});
      expect(html(twinPath(translated(content)[0]!))).toContain(`href="${p}"`);
    }
    const { stdout } = await site('check', out, '--content', content, '--json');
    const report = JSON.parse(stdout) as CheckReport;
    const ours = report.problems.filter((q) => ['hreflang', 'no-twin', 'shell-language'].includes(q.rule));
    expect(ours.map((q) => [q.rule, q.severity, q.url, q.hint])).toEqual(alone.map((b) => ['no-twin', 'warning', url(b.path), `\`site new brand ${b.name} --lang ${second}\` scaffolds it`]));
  });

  test('names in a twin resolve in its language, whatever their order: each area item links the twin of the page it names', () => {
    const dir = path.join(content, second);
    const names = new Map(readdirSync(path.join(dir, 'areas')).map((f) => yaml<{ name: string; slug: string }>(path.join(dir, 'areas', f))).map((a) => [a.name, twinPath(`/${a.slug}`)]));
    for (const file of readdirSync(path.join(dir, 'brands'))) {
      const page = yaml<{ slug: string; sections: { type: string; items?: { name: string }[] }[] }>(path.join(dir, 'brands', file));
      const items = page.sections.find((s) => s.type === 'areas')?.items ?? [];
      const own = html(twinPath(`/${page.slug}`));
      for (const { name } of items) expect(own, name).toContain(`href="${names.get(name)}">${name}</a>`);
    }
  });
});

describe('site new --lang with the second language', () => {
  test('scaffolds a draft twin of a page that has none, at /<code>/…', async () => {
    const dir = copy('new');
    const made = await site('new', 'brand', 'voltas', '--lang', second, '--content', dir);
    expect(made.code).toBe(0);
    const file = path.join(dir, second, 'brands', 'voltas.yaml');
    const text = readFileSync(file, 'utf8');
    expect(text).toContain(`# The "${second}" twin of content/brands/voltas.yaml`);
    expect(text.match(/^draft: true$/gm)).toHaveLength(1);
    const slug = yaml<{ slug: string }>(path.join(dir, 'brands', 'voltas.yaml')).slug;
    expect(made.stderr).toContain(`publish it at ${twinPath(`/${slug}`)}`);
    // A draft: in `site dev` only.
    const dev = await loadContent(dir, path.dirname(dir), { includeDrafts: true });
    expect(dev.problems).toEqual([]);
    expect(buildSiteIndex(dev.content!, dev.ctx, '2025-07-03').routes.some((r) => r.path === twinPath(`/${slug}`))).toBe(true);
    const refused = await site('new', 'brand', 'voltas', '--lang', 'xx', '--content', dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`content/site.yaml lists no language "xx"`);
  });

  test('published untranslated, the twin is its page’s alternate for site check, and not ready for --go-live', { timeout: 300_000 }, async () => {
    const dir = copy('published');
    expect((await site('new', 'brand', 'voltas', '--lang', second, '--content', dir)).code).toBe(0);
    const file = path.join(dir, second, 'brands', 'voltas.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^draft: true$/m, 'draft: false'));
    const built = path.join(work, 'published', 'dist');
    expect((await site('build', '--quiet', '--content', dir, '--out', built)).code).toBe(0);
    const { stdout } = await site('check', built, '--content', dir, '--json');
    const slug = yaml<{ slug: string }>(file).slug;
    // (The fixture has none of the pages the shell links, so its links are not what is looked at here.)
    const onTwin = (JSON.parse(stdout) as CheckReport).problems.filter((q) => q.url === url(twinPath(`/${slug}`)) && q.rule !== 'broken-link');
    expect(onTwin).toEqual([]);
    const goLive = checkGoLive(dir, path.dirname(dir), {}).problems.filter((p) => p.rule === 'go-live-untranslated');
    expect(goLive.map((p) => [p.file, p.received])).toEqual([[`content/${second}/brands/voltas.yaml`, JSON.stringify(yaml<{ title: string }>(file).title)]]);
  });
});

describe('site check --go-live and the second language’s words', () => {
  const untranslated = (dir: string) => checkGoLive(dir, path.dirname(dir), {}).problems.filter((p) => p.rule === 'go-live-untranslated');

  test('a catalogue that is still the default language’s text is a problem; the translated one is not', () => {
    const dir = copy('go-live');
    expect(untranslated(dir)).toEqual([]);
    // What a translation starts from: the default catalogue copied, with the language's own `language` keys.
    const own = path.join(dir, 'messages', `${second}.yaml`);
    const copied = readFileSync(path.join(dir, 'messages', `${first}.yaml`), 'utf8').replace(/^language:\n(?: {2}.*\n?)*/m, readFileSync(own, 'utf8').match(/^language:\n(?: {2}.*\n?)*/m)![0]);
    writeFileSync(own, copied);
    const [problem] = untranslated(dir);
    expect(problem).toMatchObject({ file: `content/messages/${second}.yaml`, severity: 'error' });
    expect(problem!.message).toContain(`the messages of "${second}" are still the default language's text`);
  });
});

describe('a third language', () => {
  test('every twin lists all its languages and x-default, in the pages and in the sitemap; site new --lang makes its twins', async () => {
    const dir = copy('three');
    const third = 'kok';
    cpSync(path.join(dir, second), path.join(dir, third), { recursive: true });
    const catalogue = readFileSync(path.join(dir, 'messages', `${second}.yaml`), 'utf8').replace(/^language:\n(?: {2}.*\n?)*/m, `language:\n  name: कोंकणी\n  tag: ${third}\n  locale: ${third}_IN\n  dir: ltr\n`);
    writeFileSync(path.join(dir, 'messages', `${third}.yaml`), catalogue);
    const siteFile = path.join(dir, 'site.yaml');
    writeFileSync(siteFile, readFileSync(siteFile, 'utf8').replace(/^languages: .*$/m, `languages: [${first}, ${second}, ${third}]`));
    // `site new --lang` takes any listed language, not only the second.
    const made = await site('new', 'brand', 'voltas', '--lang', third, '--content', dir);
    expect(made.code, made.stderr).toBe(0);
    expect(existsSync(path.join(dir, third, 'brands', 'voltas.yaml'))).toBe(true);
    const loaded = await loadContent(dir, path.dirname(dir));
    expect(loaded.problems).toEqual([]);
    const index = buildSiteIndex(loaded.content!, loaded.ctx, '2025-07-03');
    for (const p of translated(dir)) {
      const all = { [first]: p, [second]: twinPath(p), [third]: p === '/' ? `/${third}` : `/${third}${p}` };
      for (const own of Object.values(all)) expect(index.routes.find((r) => r.path === own)?.data.meta.translations, own).toEqual(all);
    }
    const [p] = translated(dir);
    const xml = sitemapXml(facts.origin, index.routes, index.site.languages);
    const links = [...[first, second].map((c) => `hreflang="${hreflang(c)}"`), `hreflang="${third}-IN"`, 'hreflang="x-default"'];
    const entry = new RegExp(`<url><loc>${url(`/${third}${p}`)}</loc>.*</url>`).exec(xml)![0];
    for (const l of links) expect(entry).toContain(l);
  });
});
