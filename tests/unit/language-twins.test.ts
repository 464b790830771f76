// The pipeline of the languages after the default (decision 110), on a second business in English
// and Marathi (tests/fixtures/languages): content/<code>/ read like content/, the /<code> pages and
// their alternates, structured data and shell in the language, the sitemap, the hreflang rules of
// `site check`, and `site new --lang`. Every expectation is read from the fixture's files.

import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import type { LandingData } from '#src/contract/pages.ts';
import { localHref, pathIn } from '#src/i18n/href.ts';
import { checkHreflang } from '#cli/lib/check/hreflang.ts';
import { readBuiltSite, SourceLocator } from '#cli/lib/check/site.ts';
import { planTwin } from '#cli/lib/new.ts';
import { projectRoot } from '#cli/lib/paths.ts';
import { loadContent } from '#core/content/load.ts';
import { buildSiteIndex } from '#core/page-data/site-index.ts';
import { recordDir } from '#core/pipeline/record.ts';
import { sitemapXml } from '#core/pipeline/sitemap.ts';
import { site } from '../support/cli.ts';

const PROJECT_ROOT = projectRoot();
const FIXTURE = path.join(PROJECT_ROOT, 'tests/fixtures/languages/content');
/** A second business in one language, whose blog the tests give a twin (tests/fixtures/ac-repair). */
const AC_SHOP = path.join(PROJECT_ROOT, 'tests/fixtures/ac-repair');

const work = mkdtempSync(path.join(tmpdir(), 'site-language-twins-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const cacheDir = path.join(work, 'cache');

const yaml = <T>(file: string): T => parse(readFileSync(file, 'utf8')) as T;
const facts = yaml<{ origin: string; languages: string[] }>(path.join(FIXTURE, 'site.yaml'));
const [FIRST, CODE] = facts.languages as [string, string];
const twinPath = (p: string) => (p === '/' ? `/${CODE}` : `/${CODE}${p}`);
const catalogue = (code: string) => yaml<{ language: { locale: string; tag: string } }>(path.join(FIXTURE, 'messages', `${code}.yaml`)).language;
const hreflangOf = (code: string) => catalogue(code).locale.replace('_', '-');

/** A fresh copy of `from` (the fixture) in its own folder, changed by `edit`; the folder that holds its content/. */
function contentCopy(name: string, edit: (dir: string) => void = () => {}, from = FIXTURE): string {
  const root = path.join(work, name);
  cpSync(from, path.join(root, 'content'), { recursive: true });
  edit(path.join(root, 'content'));
  return root;
}
const load = (root: string, includeDrafts = false) => loadContent(path.join(root, 'content'), root, { cacheDir, includeDrafts });
const lineOf = (file: string, needle: string) => readFileSync(file, 'utf8').split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('the loader reads content/<code>/ like content/', () => {
  test('a twin with a bad field is reported at its line in its own file', async () => {
    const root = contentCopy('bad-field', (dir) => {
      const f = path.join(dir, CODE, 'areas/kothrud.yaml');
      writeFileSync(f, readFileSync(f, 'utf8').replace(/^updated: .*$/m, 'updated: "2025-02-30"'));
    });
    const { content, problems } = await load(root);
    expect(content).toBeUndefined();
    const line = lineOf(path.join(root, 'content', CODE, 'areas/kothrud.yaml'), 'updated:');
    expect(line).toBeGreaterThan(0);
    expect(problems.map((p) => [p.file, p.line, p.message])).toEqual([[`content/${CODE}/areas/kothrud.yaml`, line, 'areas › updated']]);
  });

  test('a twin without a default-language file, a twin page without a default-language page, a fact in the overlay', async () => {
    const [page] = yaml<{ path: string }[]>(path.join(FIXTURE, CODE, 'pages.yaml'));
    const typo = `${page!.path}s`;
    const root = contentCopy('orphans', (dir) => {
      cpSync(path.join(dir, CODE, 'brands/daikin.yaml'), path.join(dir, CODE, 'brands/acme.yaml'));
      const pages = path.join(dir, CODE, 'pages.yaml');
      writeFileSync(pages, readFileSync(pages, 'utf8').replace(`- path: ${page!.path}\n`, `- path: ${typo}\n`));
      writeFileSync(path.join(dir, CODE, 'site.yaml'), `${readFileSync(path.join(dir, CODE, 'site.yaml'), 'utf8')}\nfounded: 2014\n`);
    });
    const { problems } = await load(root);
    const at = (f: string, needle: string) => `content/${CODE}/${f}:${lineOf(path.join(root, 'content', CODE, f), needle)}`;
    expect(problems.map((p) => [`${p.file}:${p.line}`, p.rule, p.received, p.hint])).toEqual([
      [at('site.yaml', 'founded:'), 'overlay-text', '2014', undefined],
      [`content/${CODE}/brands/acme.yaml:1`, 'twin-orphan', 'no such file', undefined],
      [at('pages.yaml', typo), 'twin-orphan', JSON.stringify(typo), `did you mean ${JSON.stringify(page!.path)}?`],
    ]);
    expect(problems[1]!.expected).toBe('the page content/brands/acme.yaml');
  });

  test('an overlay key the default-language file does not have', async () => {
    const root = contentCopy('overlay-key', (dir) => {
      const f = path.join(dir, CODE, 'site.yaml');
      writeFileSync(f, `${readFileSync(f, 'utf8')}\ncontact:\n  whatsapText: x\n`);
    });
    const { problems } = await load(root);
    expect(problems.map((p) => [p.file, p.rule, p.message, p.hint])).toEqual([[`content/${CODE}/site.yaml`, 'overlay-key', 'site › contact.whatsapText', 'did you mean "whatsappText"?']]);
  });

  test('a twin of any collection is a page of its language: a post under content/<code>/blog/', async () => {
    // The one-language business given a second language, whose catalogue starts as a copy, and its post a twin.
    const post = 'blog/ac-not-cooling.mdx';
    const root = contentCopy(
      'post-twin',
      (dir) => {
        const siteFile = path.join(dir, 'site.yaml');
        writeFileSync(siteFile, `${readFileSync(siteFile, 'utf8').replace(/^languages: .*\n/m, '')}\nlanguages: [${FIRST}, ${CODE}]\n`);
        const words = readFileSync(path.join(dir, 'messages', `${FIRST}.yaml`), 'utf8');
        const own = readFileSync(path.join(FIXTURE, 'messages', `${CODE}.yaml`), 'utf8').match(/^language:\n(?: {2}.*\n?)*/m)![0];
        writeFileSync(path.join(dir, 'messages', `${CODE}.yaml`), words.replace(/^language:\n(?: {2}.*\n?)*/m, own));
        mkdirSync(path.join(dir, CODE, 'blog'), { recursive: true });
        cpSync(path.join(dir, post), path.join(dir, CODE, post));
      },
      AC_SHOP,
    );
    const loaded = await load(root);
    expect(loaded.problems).toEqual([]);
    const index = buildSiteIndex(loaded.content!, loaded.ctx, '2025-07-03');
    const twin = index.routes.find((r) => r.source.file === `content/${CODE}/${post}`)!;
    const original = index.routes.find((r) => r.source.file === `content/${post}`)!;
    expect(twin.path).toBe(twinPath(original.path));
    const both = { [FIRST]: original.path, [CODE]: twin.path };
    expect([twin.lang, twin.data.meta.translations, original.data.meta.translations]).toEqual([CODE, both, both]);
  });
});

describe('the pages of the second language', async () => {
  const loaded = await load(contentCopy('index'));
  const index = buildSiteIndex(loaded.content!, loaded.ctx, '2025-07-03');
  const route = (p: string) => index.routes.find((r) => r.path === p)!;
  const origin = index.site.site.origin;
  const twinFile = <T>(f: string) => yaml<T>(path.join(FIXTURE, CODE, f));
  const defFile = <T>(f: string) => yaml<T>(path.join(FIXTURE, f));
  const [page] = twinFile<{ path: string; title: string }[]>('pages.yaml');
  const area = twinFile<{ slug: string; name: string; title: string; sections: { type: string; heading?: string }[] }>('areas/kothrud.yaml');
  const heading = area.sections.find((s) => s.type === 'hero')!.heading!;
  /** A brand of the default language with no twin. */
  const alone = `/${defFile<{ slug: string }>('brands/voltas.yaml').slug}`;

  test('each twin is a page at /<code> + the default path, in its language, with alternates both ways', () => {
    expect(loaded.problems).toEqual([]);
    const own = route(twinPath(page!.path));
    expect(own.lang).toBe(CODE);
    expect(own.source.file).toBe(`content/${CODE}/pages.yaml`);
    const both = { [FIRST]: page!.path, [CODE]: twinPath(page!.path) };
    expect(own.data.meta).toMatchObject({ canonical: `${origin}${twinPath(page!.path)}`, translations: both, name: page!.title, title: `${page!.title} | ${index.site.site.business.title}` });
    expect(route(page!.path).data.meta.translations).toEqual(both);
    expect(route(page!.path).lang).toBe(FIRST);
    // A brand without a twin has no alternates, and is no page of the language.
    expect(route(alone).data.meta.translations).toBeUndefined();
    expect(index.routes.some((r) => r.path === twinPath(alone))).toBe(false);
    expect(index.notFound.map((n) => n.dir)).toContain(`/${CODE}`);
  });

  test('structured data in the language, with the language of the page', () => {
    const p = twinPath(`/${area.slug}`);
    const ld = route(p).data.meta.jsonLd;
    expect(ld.map((b) => b['@type'])).toEqual(['Service', 'BreadcrumbList', 'WebPage']);
    expect(ld[0]).toMatchObject({ url: `${origin}${p}`, name: heading });
    expect(ld[1]).toMatchObject({ itemListElement: [{ item: `${origin}/${CODE}` }, { name: heading, item: `${origin}${p}` }] });
    expect(ld[2]).toMatchObject({ inLanguage: hreflangOf(CODE), url: `${origin}${p}` });
    expect(route(`/${area.slug}`).data.meta.jsonLd.at(-1)).toMatchObject({ '@type': 'WebPage', inLanguage: hreflangOf(FIRST) });
    expect(route(p).data.meta.breadcrumb).toEqual([{ label: heading }]);
  });

  test('links resolve through the default-language page and go to /<code> where the target has a twin', () => {
    const brand = twinFile<{ slug: string }>('brands/daikin.yaml');
    const section = (p: string) => (route(p).data as LandingData).sections.find((s) => s.type === 'areas')!;
    const def = section(`/${brand.slug}`);
    const own = section(twinPath(`/${brand.slug}`));
    if (def.type !== 'areas' || own.type !== 'areas') throw new Error('no areas section');
    const shown = (href: string | undefined) => href && localHref(index.sites[CODE]!, href);
    // Each item of the twin's list, in the order its translator wrote, links the twin of the page it names.
    expect(own.items.map((it) => [it.name, shown(it.href)])).toContainEqual([area.name, twinPath(`/${area.slug}`)]);
    expect(own.items.map((it) => shown(it.href)).sort()).toEqual(def.items.map((it) => shown(it.href)).sort());
  });

  test('the shell of the language: nav lists with the twins’ names and /<code> paths where twins exist, and hrefs', () => {
    const own = index.sites[CODE]!;
    expect(own.lang).toBe(CODE);
    expect(index.site.hrefs).toEqual({});
    expect(own.hrefs[page!.path]).toBe(twinPath(page!.path));
    expect(own.hrefs[alone]).toBeUndefined();
    expect(own.nav.areas).toContainEqual({ href: twinPath(`/${area.slug}`), label: area.name });
    expect(own.nav.brands).toContainEqual({ href: alone, label: defFile<{ name: string }>('brands/voltas.yaml').name });
    expect(localHref(own, `${page!.path}?x=1#y`)).toBe(`${twinPath(page!.path)}?x=1#y`);
    expect(localHref(own, 'https://example.com/about')).toBe('https://example.com/about');
    expect(pathIn(own.languages[1]!, '/')).toBe(`/${CODE}`);
  });

  test('the sitemap lists both pages with their alternates, and a page without a twin without', () => {
    const xml = sitemapXml(origin, index.routes, index.site.languages);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const p = page!.path;
    const links = `<xhtml:link rel="alternate" hreflang="${hreflangOf(FIRST)}" href="${origin}${p}"/><xhtml:link rel="alternate" hreflang="${hreflangOf(CODE)}" href="${origin}${twinPath(p)}"/><xhtml:link rel="alternate" hreflang="x-default" href="${origin}${p}"/>`;
    expect(xml).toMatch(new RegExp(`<loc>${origin}${p}</loc>(<lastmod>[^<]*</lastmod>)?${links.replace(/[.?]/g, '\\$&')}</url>`));
    expect(xml).toMatch(new RegExp(`<loc>${origin}${twinPath(p)}</loc>(<lastmod>[^<]*</lastmod>)?${links.replace(/[.?]/g, '\\$&')}</url>`));
    expect(xml).toMatch(new RegExp(`<loc>${origin}${alone}</loc>(<lastmod>[^<]*</lastmod>)?</url>`));
  });
});

describe('a twin is built from its own content', () => {
  test('a breadcrumb written in the twin’s front matter is shown as written', async () => {
    const crumbs = [{ label: 'सेवा', href: '/services' }, { label: 'कोथरूड' }];
    const root = contentCopy('breadcrumb', (dir) => {
      const f = path.join(dir, CODE, 'areas/kothrud.yaml');
      writeFileSync(f, `${readFileSync(f, 'utf8')}breadcrumb:\n${crumbs.map((c) => `  - { label: ${c.label}${c.href ? `, href: ${c.href}` : ''} }`).join('\n')}\n`);
    });
    const loaded = await load(root);
    expect(loaded.problems).toEqual([]);
    const index = buildSiteIndex(loaded.content!, loaded.ctx, '2025-07-03');
    const slug = yaml<{ slug: string }>(path.join(FIXTURE, 'areas/kothrud.yaml')).slug;
    expect(index.routes.find((r) => r.path === twinPath(`/${slug}`))!.data.meta.breadcrumb).toEqual(crumbs);
    // The default-language page keeps its own.
    expect(index.routes.find((r) => r.path === `/${slug}`)!.data.meta.breadcrumb).not.toEqual(crumbs);
  });
});

describe('site check: hreflang', () => {
  const O = 'https://fixture.example';
  const dist = path.join(work, 'check', 'dist');
  const pages: [string, string, string, [string, string][]][] = [
    // path, kind, source, alternates (hreflang, path)
    ['/', 'home', 'content/pages.yaml', [['en-IN', '/'], ['hi-IN', '/hi'], ['x-default', '/']]],
    ['/hi', 'home', 'content/hi/pages.yaml', [['en-IN', '/'], ['hi-IN', '/hi'], ['x-default', '/']]],
    ['/contact', 'contact', 'content/pages.yaml', []],
    ['/hi/contact', 'contact', 'content/hi/pages.yaml', [['en-IN', '/contact'], ['hi-IN', '/hi/contact'], ['x-default', '/contact']]],
    ['/services', 'services', 'content/pages.yaml', []],
    ['/lg-tv-repair', 'brand', 'content/brands/lg.mdx', [['en-IN', '/lg-tv-repair'], ['hi-IN', '/hi/lg-tv-repair'], ['x-default', '/lg-tv-repair']]],
    ['/sony-tv-repair', 'brand', 'content/brands/sony.mdx', [['en-IN', '/sony-tv-repair'], ['hi-IN', '/hi/sony-tv-repair'], ['x-default', '/sony-tv-repair']]],
    ['/hi/sony-tv-repair', 'brand', 'content/hi/brands/sony.mdx', [['en-IN', '/sony-tv-repair'], ['hi-IN', '/hi/sony-tv-repair'], ['x-default', '/sony-tv-repair']]],
    ['/kodak-tv-repair', 'brand', 'content/brands/kodak.mdx', []],
    ['/hi/testimonials', 'testimonials', 'content/hi/pages.yaml', []],
    ['/blog', 'blog-index', 'content/pages.yaml', []],
  ];
  const language = (code: string, prefix: string, hreflang: string) => ({ code, prefix, hreflang, name: code, tag: code, locale: hreflang.replace('-', '_'), dir: 'ltr' });
  const file = (p: string) => (p === '/' ? 'index.html' : `${p.slice(1)}.html`);
  mkdirSync(recordDir(dist), { recursive: true });
  for (const [p, , , alts] of pages) {
    mkdirSync(path.dirname(path.join(dist, file(p))), { recursive: true });
    const links = alts.map(([h, a]) => `<link rel="alternate" hreflang="${h}" href="${O}${a}"/>`).join('');
    writeFileSync(path.join(dist, file(p)), `<!DOCTYPE html><html><head><title>${p}</title>${links}</head><body><main>${p}</main></body></html>`);
  }
  const manifest = {
    origin: O,
    languages: [language('en', '', 'en-IN'), language('hi', '/hi', 'hi-IN')],
    routes: pages.map(([p, kind, source]) => ({ path: p, file: file(p), kind, lang: p.startsWith('/hi') ? 'hi' : 'en', source: { file: source, line: 1 }, sitemap: true, noindex: false })),
    notFound: [],
  };
  writeFileSync(path.join(recordDir(dist), 'manifest.json'), JSON.stringify(manifest));

  test('missing, one-way and dangling alternates are problems; a page without a twin of a kind the language translates is a warning', async () => {
    const problems = checkHreflang({ site: readBuiltSite(dist), locate: new SourceLocator(PROJECT_ROOT) });
    expect(problems.map((p) => [p.rule, p.severity, p.url!.replace(O, ''), p.file, p.message, p.hint])).toEqual([
      ['hreflang', 'error', '/contact', 'content/pages.yaml', 'the page has a twin (/hi/contact) but no hreflang alternates', undefined],
      ['hreflang', 'error', '/hi/contact', 'content/hi/pages.yaml', 'one-way hreflang: /contact does not list this page back', undefined],
      ['hreflang', 'error', '/lg-tv-repair', 'content/brands/lg.mdx', 'hreflang="hi-IN" points at no page of the site', undefined],
      // The Hindi edition translates brand pages (/hi/sony-tv-repair), not the services page.
      ['no-twin', 'warning', '/kodak-tv-repair', 'content/brands/kodak.mdx', 'a page without its twin in language "hi"', '`site new brand kodak --lang hi` scaffolds it'],
      ['hreflang', 'error', '/hi/testimonials', 'content/hi/pages.yaml', 'a page in language "hi" without hreflang alternates', undefined],
    ]);
    expect(problems[3]!.expected).toBe('its twin in content/hi/brands/kodak.mdx, the page /hi/kodak-tv-repair');
  });
});

describe('site new --lang', () => {
  test('scaffolds a draft twin from the default-language page; refuses without one, or when the twin exists', async () => {
    const root = contentCopy('new', (dir) => rmSync(path.join(dir, CODE, 'brands/daikin.yaml')));
    const content = path.join(root, 'content');
    const rel = (f: string) => path.relative(PROJECT_ROOT, path.join(content, f)).split(path.sep).join('/');
    const slug = yaml<{ slug: string }>(path.join(content, 'brands/daikin.yaml')).slug;
    const made = await site('new', 'brand', 'daikin', '--lang', CODE, '--content', content);
    expect(made.code).toBe(0);
    expect(made.stderr.split('\n')[0]).toBe(`Created ${rel(`${CODE}/brands/daikin.yaml`)}`);
    expect(made.stderr).toContain(`publish it at ${twinPath(`/${slug}`)}`);
    const text = readFileSync(path.join(content, CODE, 'brands/daikin.yaml'), 'utf8');
    expect(text).toMatch(new RegExp(`^# The "${CODE}" twin of content/brands/daikin\\.yaml: translate the text only`));
    expect(text).toContain(`slug: ${slug}`);
    expect(text.match(/^draft: true$/gm)).toHaveLength(1);
    // A draft twin stays out of the build and shows in `site dev`.
    const build = await load(root);
    expect(build.problems).toEqual([]);
    expect(buildSiteIndex(build.content!, build.ctx, '2025-07-03').routes.some((r) => r.path === twinPath(`/${slug}`))).toBe(false);
    const dev = await load(root, true);
    expect(buildSiteIndex(dev.content!, dev.ctx, '2025-07-03').routes.some((r) => r.path === twinPath(`/${slug}`))).toBe(true);

    const again = await site('new', 'brand', 'daikin', '--lang', CODE, '--content', content);
    expect([again.code, again.stderr.split('\n')[0]]).toEqual([1, `${rel(`${CODE}/brands/daikin.yaml`)}:1:1  ${rel(`${CODE}/brands/daikin.yaml`)} already exists; pass --force to replace it`]);
    const none = await site('new', 'brand', 'acme', '--lang', CODE, '--content', content);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('there is no brand page in the default language to make a twin of');
    expect(existsSync(path.join(content, CODE, 'brands/acme.yaml'))).toBe(false);
    expect(existsSync(path.join(content, CODE, 'brands/acme.mdx'))).toBe(false);
    expect(planTwin({ kind: 'brand', target: 'daikin', lang: 'xx', contentDir: content, root: PROJECT_ROOT }).problems[0]!.message).toBe('content/site.yaml lists no language "xx"');
    const area = yaml<{ slug: string }>(path.join(content, 'areas/kothrud.yaml')).slug;
    expect(planTwin({ kind: 'area', target: `content/${CODE}/areas/kothrud.yaml`, lang: CODE, contentDir: content, root: PROJECT_ROOT })).toMatchObject({ ok: true, exists: true, route: twinPath(`/${area}`) });
  });
});
