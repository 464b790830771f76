import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import type { CheckReport } from '#cli/lib/check/index.ts';
import { planNew, slugify } from '#cli/lib/new.ts';
import { fillArchetype } from '#core/content/archetype.ts';
import { splitMdx } from '#core/content/front-matter.ts';
import { projectRoot } from '#cli/lib/paths.ts';
import { loadContent } from '#core/content/load.ts';
import { buildSiteIndex } from '#core/page-data/site-index.ts';
import type { ContactData } from '#src/contract/pages.ts';
import { site } from '../support/cli.ts';

// `site new` on a copy of the project's content/: what it makes, and where, is read from that
// content (its archetypes' URL patterns, its brands, its origin), so the test holds for any business.

const PROJECT_ROOT = projectRoot();
const CONTENT = path.join(PROJECT_ROOT, 'content');

const work = mkdtempSync(path.join(tmpdir(), 'site-new-'));
const content = path.join(work, 'content');
const rel = (f: string) => path.relative(PROJECT_ROOT, path.join(content, f)).split(path.sep).join('/');
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The URL of a new page of `kind` with `slug`, by the pattern of the content's archetype ("{{slug}}-tv-repair"). */
function routeOf(kind: 'brand' | 'area', slug: string): string {
  const pattern = /^slug: "([^"]*\{\{slug\}\}[^"]*)"$/m.exec(readFileSync(path.join(CONTENT, '_archetypes', `${kind}.mdx`), 'utf8'))![1]!;
  return `/${pattern.replace('{{slug}}', slug)}`;
}
/** Names no business of ours uses: the pages `site new` makes here. */
const NEW_BRAND = { name: 'Acme', slug: 'acme' };
const NEW_AREA = { name: 'Old Town', slug: 'old-town' };
const BRAND_ROUTE = routeOf('brand', NEW_BRAND.slug);
/** The content's brand pages: file name, URL and front matter. */
const brands = readdirSync(path.join(CONTENT, 'brands')).filter((f) => f.endsWith('.mdx')).map((f) => {
  const value = splitMdx(f, readFileSync(path.join(CONTENT, 'brands', f), 'utf8')).source.value as { slug: string; draft?: boolean; sections: { type: string }[] };
  return { file: f, route: `/${value.slug}`, value };
});

/** A fresh copy of the project's content/ for each test. */
beforeEach(() => {
  rmSync(content, { recursive: true, force: true });
  cpSync(CONTENT, content, { recursive: true });
});

const newIn = (...args: string[]) => site('new', ...args, '--content', content);

test('the names the tests make are new to the content', () => {
  expect(brands.map((b) => b.file)).not.toContain(`${NEW_BRAND.slug}.mdx`);
  expect(existsSync(path.join(CONTENT, 'areas', `${NEW_AREA.slug}.mdx`))).toBe(false);
  expect(brands.length).toBeGreaterThan(0);
});

describe('site new', () => {
  test('creates a brand page from the archetype and prints one line and the next step', async () => {
    const { code, stdout, stderr } = await newIn('brand', NEW_BRAND.slug);
    expect(code).toBe(0);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toBe(`Created ${rel(`brands/${NEW_BRAND.slug}.mdx`)}`);
    expect(stderr.split('\n')[1]).toContain(`Next: replace the sample text in ${rel(`brands/${NEW_BRAND.slug}.mdx`)}`);
    expect(stderr.split('\n')[1]).toContain(`then set \`draft: false\` to publish it at ${BRAND_ROUTE} `);
    const text = readFileSync(path.join(content, `brands/${NEW_BRAND.slug}.mdx`), 'utf8');
    expect(text).toContain(`slug: "${BRAND_ROUTE.slice(1)}"`);
    expect(text).toContain(`name: "${NEW_BRAND.name}"`);
    expect(text).toContain('draft: true'); // an unfinished page never ships
    expect(text).not.toContain('{{');
    // Atomic write: no temporary file left behind.
    expect(readdirSync(path.join(content, 'brands')).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  test('"acme", "brands/acme" and "content/brands/acme.mdx" name the same file', () => {
    const plan = (target: string) => planNew({ kind: 'brand', target, contentDir: content, root: PROJECT_ROOT, date: '2025-07-03' });
    const plans = ['acme', 'Acme', 'brands/acme', 'content/brands/acme.mdx'].map(plan);
    for (const p of plans) expect([p.ok, p.file, p.route, p.name]).toEqual([true, path.join(content, 'brands/acme.mdx'), BRAND_ROUTE, NEW_BRAND.name]);
    expect(plans.map((p) => p.text)).toEqual(Array(4).fill(plans[0]!.text));
  });

  test('an area name with spaces, and --slug', async () => {
    expect((await newIn('area', NEW_AREA.name)).code).toBe(0);
    expect(readFileSync(path.join(content, `areas/${NEW_AREA.slug}.mdx`), 'utf8')).toContain(`slug: "${routeOf('area', NEW_AREA.slug).slice(1)}"`);
    expect((await newIn('area', 'Old Town East', '--slug', 'old-town-east-side')).code).toBe(0);
    const east = readFileSync(path.join(content, 'areas/old-town-east-side.mdx'), 'utf8');
    expect(east).toContain('name: "Old Town East"');
    expect(east).toContain(`slug: "${routeOf('area', 'old-town-east-side').slice(1)}"`);
  });

  test('a post: the slug comes from the title', async () => {
    expect(slugify('Why Is My TV’s Screen Dark?')).toBe('why-is-my-tvs-screen-dark');
    const { code } = await newIn('post', 'Why Is My Screen Dark?');
    expect(code).toBe(0);
    const text = readFileSync(path.join(content, 'blog/why-is-my-screen-dark.mdx'), 'utf8');
    expect(text).toContain('title: "Why Is My Screen Dark?"');
    expect(text).toContain('slug: "why-is-my-screen-dark"');
  });

  test('--dry-run prints the file on stdout and writes nothing', async () => {
    const { code, stdout, stderr } = await newIn('brand', NEW_BRAND.slug, '--dry-run');
    expect(code).toBe(0);
    expect(stdout).toContain(`slug: "${BRAND_ROUTE.slice(1)}"`);
    expect(stderr).toBe(`Would create ${rel(`brands/${NEW_BRAND.slug}.mdx`)} (${BRAND_ROUTE}); nothing written (--dry-run).\n`);
    expect(existsSync(path.join(content, `brands/${NEW_BRAND.slug}.mdx`))).toBe(false);
  });

  test('refuses to overwrite without --force', async () => {
    // A brand page the content has.
    const name = path.parse(brands[0]!.file).name;
    const shown = rel(`brands/${brands[0]!.file}`);
    const file = path.join(content, 'brands', brands[0]!.file);
    const before = readFileSync(file, 'utf8');
    const { code, stderr } = await newIn('brand', name);
    expect(code).toBe(1);
    expect(stderr).toBe(`${shown}:1:1  ${shown} already exists; pass --force to replace it\n✖ 1 problem in 1 file (1 file checked)\n`);
    expect(readFileSync(file, 'utf8')).toBe(before);
    const forced = await newIn('brand', name, '--force');
    expect(forced.code).toBe(0);
    expect(forced.stderr.split('\n')[0]).toBe(`Replaced ${shown}`);
    expect(readFileSync(file, 'utf8')).not.toBe(before);
  });

  test('invalid names and slugs, duplicate URLs and wrong folders: a clear message and exit 1', async () => {
    const bad = await newIn('brand', '!!!');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('"!!!" does not make a usable slug');
    expect(bad.stderr).toContain('the name has characters that cannot go into the page as they are');
    expect((await newIn('brand', 'acme', '--slug', 'Acme_Co')).stderr).toContain('--slug "Acme_Co" is not a usable slug');
    expect((await newIn('area', 'content/brands/acme.mdx')).stderr).toContain('content/brands/acme.mdx is not in content/areas/, where area pages go');
    // Another file already has the URL.
    writeFileSync(path.join(content, 'brands/acme-old.mdx'), fillArchetype(readFileSync(path.join(content, '_archetypes/brand.mdx'), 'utf8'), { slug: 'acme', name: 'Acme', title: 'Acme', date: '2025-07-03' }));
    const dup = await newIn('brand', 'acme');
    expect(dup.code).toBe(1);
    expect(dup.stderr).toContain(`${BRAND_ROUTE} is already the page of ${rel('brands/acme-old.mdx')}`);
    expect(existsSync(path.join(content, 'brands/acme.mdx'))).toBe(false);
  });

  test('without a terminal, a missing name is an error (exit 2), not a prompt', async () => {
    const { code, stderr } = await newIn('brand');
    expect(code).toBe(2);
    expect(stderr).toBe('site new brand: give the name, e.g. `site new brand acme`\n');
    expect((await newIn('phone', 'x')).code).toBe(2);
  });
});

test('end to end: `site new brand acme` is a draft until published; then its page is linked, listed, described and passes `site check`', async () => {
  const origin = (parse(readFileSync(path.join(CONTENT, 'site.yaml'), 'utf8')) as { origin: string }).origin;
  const file = (route: string) => `${route.slice(1)}.html`;
  /** The links of the brand grid on another brand page, in order. */
  const grid = (html: string) => {
    const at = html.indexOf('id="brand-grid');
    expect(at, 'a brand grid').toBeGreaterThan(-1);
    return [...html.slice(at, html.indexOf('</section>', at)).matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  };
  // A published brand page of the content with a brand grid.
  const other = brands.find((b) => b.value.draft !== true && b.value.sections.some((s) => s.type === 'brand-grid'));
  expect(other, 'a published brand page with a brand grid').toBeDefined();

  expect((await newIn('brand', NEW_BRAND.slug)).code).toBe(0);
  const out = path.join(work, 'dist');
  expect((await site('build', '--quiet', '--content', content, '--out', out)).code).toBe(0);
  expect(existsSync(path.join(out, file(BRAND_ROUTE)))).toBe(false);
  const tilesBefore = grid(readFileSync(path.join(out, file(other!.route)), 'utf8'));
  expect(tilesBefore).not.toContain(BRAND_ROUTE);
  const brandFile = path.join(content, `brands/${NEW_BRAND.slug}.mdx`);
  writeFileSync(brandFile, readFileSync(brandFile, 'utf8').replace('draft: true', 'draft: false'));
  expect((await site('build', '--quiet', '--content', content, '--out', out)).code).toBe(0);
  const page = readFileSync(path.join(out, file(BRAND_ROUTE)), 'utf8');
  expect(page).toContain(`<link rel="canonical" href="${origin}${BRAND_ROUTE}"/>`);
  expect(readFileSync(path.join(out, 'sitemap.xml'), 'utf8')).toContain(`<loc>${origin}${BRAND_ROUTE}</loc>`);
  // Linked from the footer of every page.
  const pages = readdirSync(out, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith('.html'))
    .map((d) => path.relative(out, path.join(d.parentPath, d.name)));
  expect(pages.length).toBeGreaterThan(5);
  for (const f of pages) expect(readFileSync(path.join(out, f), 'utf8'), f).toMatch(new RegExp(`<footer[\\s\\S]*href="${BRAND_ROUTE}"`));
  // And from the brand list of /services, above its footer.
  const services = readFileSync(path.join(out, 'services.html'), 'utf8');
  expect(services.slice(0, services.indexOf('<footer'))).toContain(`href="${BRAND_ROUTE}"`);
  // A tile of the brand grid on the other brand pages: the archetype puts new brands first, the rest keep their order.
  const tiles = grid(readFileSync(path.join(out, file(other!.route)), 'utf8'));
  expect(tiles[0]).toBe(BRAND_ROUTE);
  expect(tiles.slice(1)).toEqual(tilesBefore.slice(0, tiles.length - 1));
  expect([tilesBefore.length, tilesBefore.length + 1]).toContain(tiles.length);

  // Its structured data names it.
  const ld = [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => m[1]!).join('\n');
  expect(ld).toContain(NEW_BRAND.name);
  expect(ld).toContain(`${origin}${BRAND_ROUTE}`);

  const { code, stdout } = await site('check', out, '--content', content, '--json');
  const report = JSON.parse(stdout) as CheckReport;
  expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
  expect(code).toBe(0);
}, 300_000);

describe('site new area and the areas served (the contact page\'s grid, content/areas-served.yaml)', () => {
  const listFile = () => path.join(content, 'areas-served.yaml');
  const names = (text: string) => (parse(text) as { name: string }[]).map((a) => a.name);
  const languages = (parse(readFileSync(path.join(CONTENT, 'site.yaml'), 'utf8')) as { languages: string[] }).languages;

  test('a new area goes at the end of the list, its comments, order and style kept, once; a name the list has, a twin and --dry-run add nothing', async () => {
    const before = readFileSync(listFile(), 'utf8');
    const made = await newIn('area', NEW_AREA.name);
    expect(made.code).toBe(0);
    expect(made.stderr.split('\n')[1]).toBe(`Added "${NEW_AREA.name}" to ${rel('areas-served.yaml')}, the areas the contact page lists: a name until the page is published, then its link.`);
    const after = readFileSync(listFile(), 'utf8');
    // Every line as it was (comments included), then the new entry written like the one before it.
    expect(after.startsWith(before)).toBe(true);
    expect(names(after)).toEqual([...names(before), NEW_AREA.name]);
    const lines = before.trimEnd().split('\n');
    expect(after.slice(before.length).trimEnd()).toBe(lines.at(-1)!.replace(/name: .*?(?= }|$)/, `name: ${NEW_AREA.name}`));
    expect(readdirSync(content).filter((f) => f.startsWith('.'))).toEqual([]);

    // Again with --force, and a name the list already has (without a page of its own): the list is as it was.
    expect((await newIn('area', NEW_AREA.name, '--force')).code).toBe(0);
    const pageless = names(before).find((n) => !existsSync(path.join(content, 'areas', `${slugify(n)}.mdx`)))!;
    const listedAlready = await newIn('area', pageless.toUpperCase(), '--slug', slugify(pageless));
    expect(listedAlready.code).toBe(0);
    expect(listedAlready.stderr).not.toContain('Added');
    expect((await newIn('area', 'Old Town East', '--dry-run')).stderr).toContain(` and add "Old Town East" to ${rel('areas-served.yaml')}; nothing written`);
    expect(readFileSync(listFile(), 'utf8')).toBe(after);

    // A twin adds nothing to either list.
    const [, code] = languages;
    const area = readdirSync(path.join(CONTENT, 'areas'))[0]!;
    const lists = () => [after, path.join(content, code!, 'areas-served.yaml')].map((f) => (existsSync(f) ? readFileSync(f, 'utf8') : f));
    const twinLists = lists();
    expect((await newIn('area', path.parse(area).name, '--lang', code!, '--force')).code).toBe(0);
    expect([readFileSync(listFile(), 'utf8'), lists()[1]]).toEqual([after, twinLists[1]]);
  });

  test('a list that is not valid YAML: the error at its line, and nothing written', async () => {
    writeFileSync(listFile(), `${readFileSync(listFile(), 'utf8')}- { name: [\n`);
    const broken = readFileSync(listFile(), 'utf8');
    const { code, stderr } = await newIn('area', NEW_AREA.name);
    expect(code).toBe(1);
    expect(stderr).toMatch(new RegExp(`^${rel('areas-served.yaml')}:\\d+:\\d+  YAML syntax`));
    expect(existsSync(path.join(content, 'areas', `${NEW_AREA.slug}.mdx`))).toBe(false);
    expect(readFileSync(listFile(), 'utf8')).toBe(broken);
  });

  test('the grid lists a draft area by name and links it once it is published', async () => {
    expect((await newIn('area', NEW_AREA.name)).code).toBe(0);
    const cell = async () => {
      const loaded = await loadContent(content, work, { cacheDir: path.join(work, 'cache') });
      expect(loaded.problems.filter((p) => p.severity === 'error')).toEqual([]);
      const contact = buildSiteIndex(loaded.content!, loaded.ctx, '2025-07-03').routes.find((r) => r.data.kind === 'contact' && r.lang === languages[0])!;
      return (contact.data as ContactData).areas.find((a) => a.name === NEW_AREA.name);
    };
    expect(await cell()).toEqual({ name: NEW_AREA.name });
    const file = path.join(content, 'areas', `${NEW_AREA.slug}.mdx`);
    writeFileSync(file, readFileSync(file, 'utf8').replace('draft: true', 'draft: false'));
    expect(await cell()).toEqual({ name: NEW_AREA.name, href: routeOf('area', NEW_AREA.slug) });
  }, 60_000);
});
