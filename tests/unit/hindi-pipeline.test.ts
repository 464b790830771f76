// The Hindi edition's pipeline (decision 081): content/hi/ read like content/, the /hi pages and
// their alternates, the sitemap, the hreflang rules of `site check`, and `site new --lang hi`.

import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import type { ContactData, LandingData } from '#src/contract/pages.ts';
import { localHref, pathIn } from '#src/i18n/href.ts';
import { checkHreflang } from '#cli/lib/check/hreflang.ts';
import { readBuiltSite, SourceLocator } from '#cli/lib/check/site.ts';
import { planTwin } from '#cli/lib/new-twin.ts';
import { projectRoot } from '#cli/lib/paths.ts';
import { loadContent } from '#core/content/load.ts';
import { buildSiteIndex } from '#core/page-data/site-index.ts';
import { recordDir } from '#core/pipeline/record.ts';
import { sitemapXml } from '#core/pipeline/sitemap.ts';
import { site } from '../support/cli.ts';

const PROJECT_ROOT = projectRoot();

const work = mkdtempSync(path.join(tmpdir(), 'site-hindi-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const cacheDir = path.join(PROJECT_ROOT, '.cache', 'content');

/** A fresh copy of the project's content/ in its own folder, changed by `edit`. */
function contentCopy(name: string, edit: (dir: string) => void = () => {}): string {
  const root = path.join(work, name);
  cpSync(path.join(PROJECT_ROOT, 'content'), path.join(root, 'content'), { recursive: true });
  edit(path.join(root, 'content'));
  return root;
}
const load = (root: string, includeDrafts = false) => loadContent(path.join(root, 'content'), root, { cacheDir, includeDrafts });
const lineOf = (file: string, needle: string) => readFileSync(file, 'utf8').split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('the loader reads content/hi/ like content/', () => {
  test('a twin with a bad field is reported at its line in the Hindi file', async () => {
    const root = contentCopy('bad-field', (dir) => {
      const f = path.join(dir, 'hi/areas/mansarovar.mdx');
      writeFileSync(f, readFileSync(f, 'utf8').replace('pincode: "302020"', 'pincode: "30202"'));
    });
    const { content, problems } = await load(root);
    expect(content).toBeUndefined();
    const line = lineOf(path.join(root, 'content/hi/areas/mansarovar.mdx'), 'pincode:');
    expect(problems.map((p) => [p.file, p.line, p.message])).toEqual([['content/hi/areas/mansarovar.mdx', line, 'areas › pincode']]);
  });

  test('a twin without an English file, a twin page without an English page, a fact in the overlay', async () => {
    const root = contentCopy('orphans', (dir) => {
      cpSync(path.join(dir, 'hi/brands/lg.mdx'), path.join(dir, 'hi/brands/haier.mdx'));
      const pages = path.join(dir, 'hi/pages.yaml');
      writeFileSync(pages, readFileSync(pages, 'utf8').replace('- path: /about', '- path: /abuot'));
      writeFileSync(path.join(dir, 'hi/site.yaml'), `${readFileSync(path.join(dir, 'hi/site.yaml'), 'utf8')}\nfounded: 2014\n`);
    });
    const { problems } = await load(root);
    const at = (f: string, needle: string) => `content/hi/${f}:${lineOf(path.join(root, 'content/hi', f), needle)}`;
    expect(problems.map((p) => [`${p.file}:${p.line}`, p.rule, p.received, p.hint])).toEqual([
      [at('site.yaml', 'founded:'), 'overlay-text', '2014', undefined],
      ['content/hi/brands/haier.mdx:1', 'twin-orphan', 'no such file', undefined],
      [at('pages.yaml', '/abuot'), 'twin-orphan', '"/abuot"', 'did you mean "/about"?'],
    ]);
    expect(problems[1]!.expected).toBe('the page content/brands/haier.mdx');
  });

  test('an overlay key the English file does not have', async () => {
    const root = contentCopy('overlay-key', (dir) => {
      const f = path.join(dir, 'hi/site.yaml');
      writeFileSync(f, readFileSync(f, 'utf8').replace('  whatsappText:', '  whatsapText:'));
    });
    const { problems } = await load(root);
    expect(problems.map((p) => [p.file, p.rule, p.message, p.hint])).toEqual([['content/hi/site.yaml', 'overlay-key', 'site › contact.whatsapText', 'did you mean "whatsappText"?']]);
  });

  test('a twin of any collection is a page of its language: a post under content/hi/blog/', async () => {
    const post = 'blog/why-is-my-led-tv-not-turning-on.mdx';
    const root = contentCopy('post-twin', (dir) => {
      mkdirSync(path.join(dir, 'hi/blog'));
      cpSync(path.join(dir, post), path.join(dir, 'hi', post));
    });
    const loaded = await load(root);
    expect(loaded.problems).toEqual([]);
    const index = buildSiteIndex(loaded.content!, loaded.ctx, '2025-07-03');
    const twin = index.routes.find((r) => r.source.file === `content/hi/${post}`)!;
    const original = index.routes.find((r) => r.source.file === `content/${post}`)!;
    expect(twin.path).toBe(`/hi${original.path}`);
    expect([twin.lang, twin.data.meta.translations, original.data.meta.translations]).toEqual(['hi', { en: original.path, hi: twin.path }, { en: original.path, hi: twin.path }]);
  });
});

describe('the Hindi pages', async () => {
  const loaded = await load(contentCopy('index'));
  const index = buildSiteIndex(loaded.content!, loaded.ctx, '2025-07-03');
  const route = (p: string) => index.routes.find((r) => r.path === p)!;
  const origin = index.site.site.origin;

  test('each twin is a page at /hi + the English path, in Hindi, with alternates both ways', async () => {
    expect(loaded.problems).toEqual([]);
    const hi = route('/hi/about');
    expect(hi.lang).toBe('hi');
    expect(hi.source.file).toBe('content/hi/pages.yaml');
    expect(hi.data.meta).toMatchObject({ canonical: `${origin}/hi/about`, translations: { en: '/about', hi: '/hi/about' }, name: 'हमारे बारे में' });
    expect(route('/about').data.meta.translations).toEqual({ en: '/about', hi: '/hi/about' });
    expect(route('/about').lang).toBe('en');
    expect(route('/hi').data.meta.title).toBe(`होम | ${index.site.site.business.title}`);
    // A brand without a twin has no alternates, and the Hindi pages link to its English page.
    expect(route('/aoc-tv-repair').data.meta.translations).toBeUndefined();
    expect(index.routes.filter((r) => r.lang === 'hi').map((r) => r.path)).toContain('/hi/samsung-tv-repair');
    expect(index.notFound.map((n) => n.dir)).toEqual(['/', '/blog', '/service-center', '/hi']);
  });

  test('structured data in Hindi, with the language of the page', async () => {
    const ld = route('/hi/tv-repair-mansarovar').data.meta.jsonLd;
    expect(ld.map((b) => b['@type'])).toEqual(['Service', 'BreadcrumbList', 'WebPage']);
    expect(ld[0]).toMatchObject({ url: `${origin}/hi/tv-repair-mansarovar`, name: 'मानसरोवर, जयपुर में टीवी रिपेयर' });
    expect(ld[1]).toMatchObject({ itemListElement: [{ item: `${origin}/hi` }, { name: 'मानसरोवर, जयपुर में टीवी रिपेयर', item: `${origin}/hi/tv-repair-mansarovar` }] });
    expect(ld[2]).toMatchObject({ inLanguage: 'hi-IN', url: `${origin}/hi/tv-repair-mansarovar` });
    expect(route('/tv-repair-mansarovar').data.meta.jsonLd.at(-1)).toMatchObject({ '@type': 'WebPage', inLanguage: 'en-IN' });
    expect(route('/hi/tv-repair-mansarovar').data.meta.breadcrumb).toEqual([{ label: 'मानसरोवर, जयपुर में टीवी रिपेयर' }]);
  });

  test('links resolve through the English twin and go to /hi where the target has a twin', async () => {
    const section = (p: string) => (route(p).data as LandingData).sections.find((s) => s.type === 'areas')!;
    const en = section('/tv-repair-mansarovar');
    const hi = section('/hi/tv-repair-mansarovar');
    if (en.type !== 'areas' || hi.type !== 'areas') throw new Error('no areas section');
    // Page data names a page by its English path or its twin's; the shell's links lead to the twin (localHref).
    const shown = (href: string | undefined) => href && localHref(index.sites.hi!, href);
    expect(hi.items.map((it) => shown(it.href))).toEqual(en.items.map((it) => shown(it.href)));
    expect(hi.items[0]).toMatchObject({ name: 'Samsung' });
    expect(shown(hi.items[0]!.href)).toBe('/hi/samsung-tv-repair');
    const cells = (route('/hi/contact').data as ContactData).areas;
    expect(cells[0]).toEqual({ name: 'मालवीय नगर', href: '/hi/led-tv-repair-malviya-nagar' });
    const services = (route('/hi/tv-repair-mansarovar').data as LandingData).sections.find((s) => s.type === 'services');
    expect(services?.type === 'services' && shown(services.items[0]!.href)).toBe('/hi/services#backlight-repair');
  });

  test('the Hindi shell: nav lists with Hindi names and /hi paths where twins exist, and hrefs', async () => {
    const hi = index.sites.hi!;
    expect(hi.lang).toBe('hi');
    expect(index.site.hrefs).toEqual({});
    expect(hi.hrefs['/about']).toBe('/hi/about');
    expect(hi.hrefs['/aoc-tv-repair']).toBeUndefined();
    expect(hi.nav.areas).toContainEqual({ href: '/hi/tv-repair-mansarovar', label: 'मानसरोवर' });
    expect(hi.nav.brands).toContainEqual({ href: '/aoc-tv-repair', label: 'AOC' });
    expect(localHref(hi, hi.nav.services[0]!.href)).toMatch(/^\/hi\/services#/);
    expect(localHref(hi, '/services?x=1#screen-repair')).toBe('/hi/services?x=1#screen-repair');
    expect(localHref(hi, 'https://example.com/about')).toBe('https://example.com/about');
    expect(pathIn(hi.languages[1]!, '/')).toBe('/hi');
  });

  test('the sitemap lists both pages with their alternates', async () => {
    const xml = sitemapXml(origin, index.routes, index.site.languages);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const links = `<xhtml:link rel="alternate" hreflang="en-IN" href="${origin}/about"/><xhtml:link rel="alternate" hreflang="hi-IN" href="${origin}/hi/about"/><xhtml:link rel="alternate" hreflang="x-default" href="${origin}/about"/>`;
    expect(xml).toContain(`<loc>${origin}/about</loc><lastmod>2025-07-03</lastmod>${links}</url>`);
    expect(xml).toContain(`<loc>${origin}/hi/about</loc><lastmod>2025-07-03</lastmod>${links}</url>`);
    expect(xml).toMatch(new RegExp(`<loc>${origin}/aoc-tv-repair</loc>(<lastmod>[^<]*</lastmod>)?</url>`));
  });
});

describe('a twin is built from its own content', async () => {
  // Each expectation reads the twin's files: what the translator wrote, in the order written.
  const frontMatter = (file: string) => parse(/^---\n([\s\S]*?)\n---/.exec(readFileSync(file, 'utf8'))![1]!) as Record<string, unknown>;
  /** The sample content with two Hindi lists in another order than their English twins. */
  const root = contentCopy('reordered', (dir) => {
    const areas = path.join(dir, 'hi/areas/mansarovar.mdx');
    const text = readFileSync(areas, 'utf8');
    const items = /( {6}- name: .*\n)+/.exec(text.slice(text.indexOf('type: areas')))![0];
    writeFileSync(areas, text.replace(items, `${items.trimEnd().split('\n').reverse().join('\n')}\n`));
    const served = path.join(dir, 'hi/areas-served.yaml');
    const lines = readFileSync(served, 'utf8').split('\n');
    writeFileSync(served, [...lines.filter((l) => !l.startsWith('- ')), ...lines.filter((l) => l.startsWith('- ')).reverse()].join('\n'));
  });
  const hiFile = (f: string) => path.join(root, 'content/hi', f);
  const loaded = await load(root);
  const index = buildSiteIndex(loaded.content!, loaded.ctx, '2025-07-03');
  const hi = index.sites.hi!;
  const at = (p: string) => index.routes.find((r) => r.path === p)!;
  /** Every page of the Hindi shell's lists, by the name it is listed under there, at the address its links lead to. */
  const byName = new Map([...hi.nav.brands, ...hi.nav.areas].map((l) => [l.label, localHref(hi, l.href)]));

  test('a list of a landing page in another order than the English page links each entry by its name', () => {
    expect(loaded.problems).toEqual([]);
    const written = (frontMatter(hiFile('areas/mansarovar.mdx')).sections as { type: string; items?: { name: string }[] }[]).find((s) => s.type === 'areas')!.items!;
    const section = (at('/hi/tv-repair-mansarovar').data as LandingData).sections.find((s) => s.type === 'areas');
    if (section?.type !== 'areas') throw new Error('no areas section');
    expect(section.items.map((it) => [it.name, it.href && localHref(hi, it.href)])).toEqual(written.map(({ name }) => [name, byName.get(name)]));
  });

  test('the contact page’s areas in another order than the English file link each area by its name', () => {
    const served = parse(readFileSync(hiFile('areas-served.yaml'), 'utf8')) as { name: string }[];
    const cells = (at('/hi/contact').data as ContactData).areas;
    expect(cells.map((c) => [c.name, c.href && localHref(hi, c.href)])).toEqual(served.map(({ name }) => [name, byName.get(name)]));
    expect(cells.filter((c) => c.href).length).toBeGreaterThan(5);
  });

  test('a breadcrumb written in the twin’s front matter is shown as written', () => {
    const crumbs = frontMatter(hiFile('areas/jagatpura.mdx')).breadcrumb as { label: string; href?: string }[];
    expect(crumbs.length).toBeGreaterThan(1);
    expect(at('/hi/tv-repair-jagatpura').data.meta.breadcrumb).toEqual(crumbs);
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

describe('site new --lang hi', () => {
  test('scaffolds a draft twin from the English page; refuses without one, or when the twin exists', async () => {
    const root = contentCopy('new', (dir) => rmSync(path.join(dir, 'hi/brands/lg.mdx')));
    const content = path.join(root, 'content');
    const rel = (f: string) => path.relative(PROJECT_ROOT, path.join(content, f)).split(path.sep).join('/');
    const made = await site('new', 'brand', 'lg', '--lang', 'hi', '--content', content);
    expect(made.code).toBe(0);
    expect(made.stderr.split('\n')[0]).toBe(`Created ${rel('hi/brands/lg.mdx')}`);
    expect(made.stderr).toContain('publish it at /hi/lg-tv-repair');
    const text = readFileSync(path.join(content, 'hi/brands/lg.mdx'), 'utf8');
    expect(text).toMatch(/^---\n# The "hi" twin of content\/brands\/lg\.mdx: translate the text only/);
    expect(text).toContain('slug: lg-tv-repair');
    expect(text.match(/^draft: true$/gm)).toHaveLength(1);
    // A draft twin stays out of the build and shows in `site dev`.
    const build = await load(root);
    expect(build.problems).toEqual([]);
    expect(buildSiteIndex(build.content!, build.ctx, '2025-07-03').routes.some((r) => r.path === '/hi/lg-tv-repair')).toBe(false);
    const dev = await load(root, true);
    expect(buildSiteIndex(dev.content!, dev.ctx, '2025-07-03').routes.some((r) => r.path === '/hi/lg-tv-repair')).toBe(true);

    const again = await site('new', 'brand', 'lg', '--lang', 'hi', '--content', content);
    expect([again.code, again.stderr.split('\n')[0]]).toEqual([1, `${rel('hi/brands/lg.mdx')}:1:1  ${rel('hi/brands/lg.mdx')} already exists; pass --force to replace it`]);
    const none = await site('new', 'brand', 'haier', '--lang', 'hi', '--content', content);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('there is no brand page in the default language to make a twin of');
    expect(existsSync(path.join(content, 'hi/brands/haier.mdx'))).toBe(false);
    expect(planTwin({ kind: 'brand', target: 'lg', lang: 'mr', contentDir: content, root: PROJECT_ROOT }).problems[0]!.message).toBe('content/site.yaml lists no language "mr"');
    expect(planTwin({ kind: 'area', target: 'content/hi/areas/sodala.mdx', lang: 'hi', contentDir: content, root: PROJECT_ROOT })).toMatchObject({ ok: true, exists: true, route: '/hi/tv-repair-sodala' });
  });
});
