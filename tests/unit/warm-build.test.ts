import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { bundles } from '#core/pipeline/bundle-cache.ts';
import { buildSite } from '#core/pipeline/index.ts';
import { cacheDirOf, prepareSite } from '#core/pipeline/prepare.ts';
import { prerender } from '#core/pipeline/prerender.ts';

const work = mkdtempSync(path.join(tmpdir(), 'site-warm-build-'));
// Caches of this test's own: a build elsewhere in the run (build-and-serve) shares the project's
// .cache/ and prunes the cached pages and bodies it did not use, which would empty this test's caches
// between its builds. The bundles, which content does not change, are copied in when the project
// has them (Vite is slow); without them the first build makes them.
const cache = path.join(work, 'cache');
const projectBundles = path.join(cacheDirOf(path.resolve('.')), 'bundles');
if (existsSync(projectBundles)) cpSync(projectBundles, path.join(cache, 'bundles'), { recursive: true });
const cacheBefore = process.env.SITE_CACHE_DIR;
process.env.SITE_CACHE_DIR = cache;
afterAll(() => {
  if (cacheBefore === undefined) delete process.env.SITE_CACHE_DIR;
  else process.env.SITE_CACHE_DIR = cacheBefore;
  rmSync(work, { recursive: true, force: true });
});

const files = (dir: string, rel = ''): string[] =>
  readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(dir, `${rel}${e.name}/`) : [`${rel}${e.name}`])).sort();

describe('a build with warm caches', () => {
  test('an edit shows in the next build (its page and the feed), a deleted post loses its page, index pages follow, a page edited in dist/ is put back; the result equals a build from nothing', async () => {
    const content = path.join(work, 'content');
    // The fixture's content (tests/fixtures/content): two posts at least, one to delete and one to edit.
    cpSync(path.resolve(import.meta.dirname, '../fixtures/content'), content, { recursive: true });
    const out = path.join(work, 'dist');
    const build = (to: string) => buildSite({ root: path.resolve('.'), contentDir: content, outDir: to, buildDate: '2026-01-01' });
    expect((await build(out)).ok).toBe(true);

    const posts = readdirSync(path.join(content, 'blog')).filter((f) => f.endsWith('.mdx')).sort();
    const slugOf = (f: string) => /^slug: (.*)$/m.exec(readFileSync(path.join(content, 'blog', f), 'utf8'))![1]!.trim();
    const [gone, edited] = [posts[0]!, posts[1]!];
    const goneSlug = slugOf(gone);
    const editedSlug = slugOf(edited);

    unlinkSync(path.join(content, 'blog', gone));
    writeFileSync(path.join(content, 'blog', edited), `${readFileSync(path.join(content, 'blog', edited), 'utf8')}\nA sentence added by the warm-build test.\n`);
    // A published page changed in place (a tool that minifies dist/, a slip of the hand): the next build publishes the page the content makes.
    writeFileSync(path.join(out, 'services.html'), 'changed in dist/');
    const second = await build(out);
    expect(second.ok).toBe(true);
    expect(second.bodies!.rendered).toBe(1);

    expect(existsSync(path.join(out, 'blog', `${goneSlug}.html`))).toBe(false);
    expect(readFileSync(path.join(out, 'blog', `${editedSlug}.html`), 'utf8')).toContain('A sentence added by the warm-build test.');
    expect(readFileSync(path.join(out, 'rss.xml'), 'utf8')).toContain('A sentence added by the warm-build test.');
    for (const f of ['blog.html', 'sitemap.xml', 'rss.xml']) expect(readFileSync(path.join(out, f), 'utf8'), f).not.toContain(`/blog/${goneSlug}`);
    const manifest = JSON.parse(readFileSync(path.join(work, '.site', 'dist', 'manifest.json'), 'utf8')) as { routes: { path: string }[] };
    expect(manifest.routes.map((r) => r.path)).not.toContain(`/blog/${goneSlug}`);
    expect(readFileSync(path.join(out, 'rss.xml'), 'utf8').match(/<content:encoded>/g)).toHaveLength(posts.length - 1);

    // Nothing changed: every body comes from the content cache.
    expect((await build(out)).bodies).toEqual({ rendered: 0, cached: second.bodies!.rendered + second.bodies!.cached });

    // The same files, byte for byte, as a build from nothing.
    const full = path.join(work, 'full');
    // No content or page cache; the bundles, which content does not change, copied in (Vite is slow).
    cpSync(path.join(cache, 'bundles'), path.join(work, 'no-cache', 'bundles'), { recursive: true });
    process.env.SITE_CACHE_DIR = path.join(work, 'no-cache');
    try {
      expect((await build(full)).ok).toBe(true);
    } finally {
      process.env.SITE_CACHE_DIR = cache;
    }
    expect(files(out)).toEqual(files(full));
    for (const f of files(full)) expect(readFileSync(path.join(out, f), 'utf8') === readFileSync(path.join(full, f), 'utf8'), f).toBe(true);
    expect(readFileSync(path.join(work, '.site', 'dist', 'manifest.json'), 'utf8')).toBe(readFileSync(path.join(work, '.site', 'full', 'manifest.json'), 'utf8'));
  }, 300_000);

  test('a page is rendered again when anything its renderer is given changes, not only its data: the LocalBusiness JSON-LD made from the facts', async () => {
    const root = path.resolve('.');
    const prepared = await prepareSite({ root, contentDir: path.resolve('content'), cacheDir: cache, buildDate: '2026-01-01' });
    if (!prepared.ok) throw new Error(prepared.problems.map((p) => p.message).join('\n'));
    const { index } = prepared.site;
    const { assets, serverEntry } = await bundles(root, cache);
    const pageCache = path.join(work, 'jsonld-pages');
    const render = (name: string, which: typeof index) => prerender(which, serverEntry, assets, path.join(work, name), path.join(work, `${name}-record`), pageCache);
    const ldOf = (name: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(readFileSync(path.join(work, name, 'index.html'), 'utf8'))![1]!) as unknown;

    await render('ld1', index);
    expect(JSON.stringify(ldOf('ld1'))).toContain(index.site.site.business.name);
    // The pages' data and each language's shell as they were; only the site-wide LocalBusiness,
    // which core/page-data makes from the facts, comes out different (as after a change to that
    // code): no page may be published from the cache with the old one.
    const name = 'A name only the LocalBusiness carries';
    const changed = { ...index, site: { ...index.site, site: { ...index.site.site, business: { ...index.site.site.business, name } } } };
    await render('ld2', changed);
    expect(JSON.stringify(ldOf('ld2'))).toContain(name);
    // Every page that carried the LocalBusiness carries the new one.
    const business = (name: string) => `/#business","name":${JSON.stringify(name)}`;
    const pages = files(path.join(work, 'ld1')).filter((f) => readFileSync(path.join(work, 'ld1', f), 'utf8').includes(business(index.site.site.business.name)));
    expect(pages.length).toBeGreaterThan(1);
    for (const f of pages) expect(readFileSync(path.join(work, 'ld2', f), 'utf8'), f).toContain(business(name));
  }, 300_000);
});

describe('a build whose content has a problem', () => {
  test('stops Vite making the bundles beside it, and leaves no half-made bundle in the cache', async () => {
    const content = path.join(work, 'bad-content');
    cpSync(path.resolve(import.meta.dirname, '../fixtures/content'), content, { recursive: true });
    const site = path.join(content, 'site.yaml');
    writeFileSync(site, readFileSync(site, 'utf8').replace(/^( +postalCode:).*$/m, '$1 302020x'));
    // A cache with no bundles: the build starts Vite, and its content stops it.
    const cold = path.join(work, 'cold-cache');
    process.env.SITE_CACHE_DIR = cold;
    try {
      const report = await buildSite({ root: path.resolve('.'), contentDir: content, outDir: path.join(work, 'bad-dist'), buildDate: '2026-01-01' });
      expect(report.ok).toBe(false);
      expect(report.problems.map((p) => `${p.file} ${p.message}`).join('\n')).toMatch(/site\.yaml .*postalCode/);
    } finally {
      process.env.SITE_CACHE_DIR = cache;
    }
    expect(existsSync(path.join(cold, 'bundles')) ? readdirSync(path.join(cold, 'bundles')) : []).toEqual([]);
    expect(existsSync(path.join(work, 'bad-dist'))).toBe(false);
  });
});
