import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import type { CheckReport } from '#cli/lib/check/index.ts';
import { planNew, slugify } from '#cli/lib/new.ts';
import { fillArchetype } from '#core/content/archetype.ts';
import { projectRoot } from '#cli/lib/paths.ts';
import { site } from '../support/cli.ts';

const PROJECT_ROOT = projectRoot();

const work = mkdtempSync(path.join(tmpdir(), 'site-new-'));
const content = path.join(work, 'content');
const rel = (f: string) => path.relative(PROJECT_ROOT, path.join(content, f)).split(path.sep).join('/');
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A fresh copy of the project's content/ for each test. */
beforeEach(() => {
  rmSync(content, { recursive: true, force: true });
  cpSync(path.join(PROJECT_ROOT, 'content'), content, { recursive: true });
});

const newIn = (...args: string[]) => site('new', ...args, '--content', content);

describe('site new', () => {
  test('creates a brand page from the archetype and prints one line and the next step', async () => {
    const { code, stdout, stderr } = await newIn('brand', 'haier');
    expect(code).toBe(0);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toBe(`Created ${rel('brands/haier.mdx')}`);
    expect(stderr.split('\n')[1]).toMatch(/^Next: replace the sample text in .*haier\.mdx .*, then set `draft: false` to publish it at \/haier-tv-repair /);
    const text = readFileSync(path.join(content, 'brands/haier.mdx'), 'utf8');
    expect(text).toContain('slug: "haier-tv-repair"');
    expect(text).toContain('name: "Haier"');
    expect(text).toContain('draft: true'); // an unfinished page never ships
    expect(text).not.toContain('{{');
    // Atomic write: no temporary file left behind.
    expect(readdirSync(path.join(content, 'brands')).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  test('"haier", "brands/haier" and "content/brands/haier.mdx" name the same file', () => {
    const plan = (target: string) => planNew({ kind: 'brand', target, contentDir: content, root: PROJECT_ROOT, date: '2025-07-03' });
    const plans = ['haier', 'Haier', 'brands/haier', 'content/brands/haier.mdx'].map(plan);
    for (const p of plans) expect([p.ok, p.file, p.route, p.name]).toEqual([true, path.join(content, 'brands/haier.mdx'), '/haier-tv-repair', 'Haier']);
    expect(plans.map((p) => p.text)).toEqual(Array(4).fill(plans[0]!.text));
  });

  test('an area name with spaces, and --slug', async () => {
    expect((await newIn('area', 'Bani Park')).code).toBe(0);
    expect(readFileSync(path.join(content, 'areas/bani-park.mdx'), 'utf8')).toContain('slug: "tv-repair-bani-park"');
    expect((await newIn('area', 'C Scheme East', '--slug', 'c-scheme-east-side')).code).toBe(0);
    expect(readFileSync(path.join(content, 'areas/c-scheme-east-side.mdx'), 'utf8')).toContain('name: "C Scheme East"');
  });

  test('a post: the slug comes from the title', async () => {
    expect(slugify('Why Is My TV’s Screen Dark?')).toBe('why-is-my-tvs-screen-dark');
    const { code } = await newIn('post', 'Why Is My TV Screen Dark?');
    expect(code).toBe(0);
    const text = readFileSync(path.join(content, 'blog/why-is-my-tv-screen-dark.mdx'), 'utf8');
    expect(text).toContain('title: "Why Is My TV Screen Dark?"');
    expect(text).toContain('slug: "why-is-my-tv-screen-dark"');
  });

  test('--dry-run prints the file on stdout and writes nothing', async () => {
    const { code, stdout, stderr } = await newIn('brand', 'haier', '--dry-run');
    expect(code).toBe(0);
    expect(stdout).toContain('slug: "haier-tv-repair"');
    expect(stderr).toBe(`Would create ${rel('brands/haier.mdx')} (/haier-tv-repair); nothing written (--dry-run).\n`);
    expect(existsSync(path.join(content, 'brands/haier.mdx'))).toBe(false);
  });

  test('refuses to overwrite without --force', async () => {
    const file = path.join(content, 'brands/samsung.mdx');
    const before = readFileSync(file, 'utf8');
    const { code, stderr } = await newIn('brand', 'samsung');
    expect(code).toBe(1);
    expect(stderr).toBe(`${rel('brands/samsung.mdx')}:1:1  ${rel('brands/samsung.mdx')} already exists; pass --force to replace it\n✖ 1 problem in 1 file (1 file checked)\n`);
    expect(readFileSync(file, 'utf8')).toBe(before);
    const forced = await newIn('brand', 'samsung', '--force');
    expect(forced.code).toBe(0);
    expect(forced.stderr.split('\n')[0]).toBe(`Replaced ${rel('brands/samsung.mdx')}`);
    expect(readFileSync(file, 'utf8')).not.toBe(before);
  });

  test('invalid names and slugs, duplicate URLs and wrong folders: a clear message and exit 1', async () => {
    const bad = await newIn('brand', '!!!');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('"!!!" does not make a usable slug');
    expect(bad.stderr).toContain('the name has characters that cannot go into the page as they are');
    expect((await newIn('brand', 'haier', '--slug', 'Haier_TV')).stderr).toContain('--slug "Haier_TV" is not a usable slug');
    expect((await newIn('area', 'content/brands/haier.mdx')).stderr).toContain('content/brands/haier.mdx is not in content/areas/, where area pages go');
    // Another file already has the URL.
    writeFileSync(path.join(content, 'brands/haier-old.mdx'), fillArchetype(readFileSync(path.join(content, '_archetypes/brand.mdx'), 'utf8'), { slug: 'haier', name: 'Haier', title: 'Haier', date: '2025-07-03' }));
    const dup = await newIn('brand', 'haier');
    expect(dup.code).toBe(1);
    expect(dup.stderr).toContain(`/haier-tv-repair is already the page of ${rel('brands/haier-old.mdx')}`);
    expect(existsSync(path.join(content, 'brands/haier.mdx'))).toBe(false);
  });

  test('without a terminal, a missing name is an error (exit 2), not a prompt', async () => {
    const { code, stderr } = await newIn('brand');
    expect(code).toBe(2);
    expect(stderr).toBe('site new brand: give the name, e.g. `site new brand acme`\n');
    expect((await newIn('phone', 'x')).code).toBe(2);
  });
});

test('end to end: `site new brand haier` is a draft until published; then the Haier page is linked, listed, described and passes `site check`', async () => {
  expect((await newIn('brand', 'haier')).code).toBe(0);
  const out = path.join(work, 'dist');
  expect((await site('build', '--quiet', '--content', content, '--out', out)).code).toBe(0);
  expect(existsSync(path.join(out, 'haier-tv-repair.html'))).toBe(false);
  const file = path.join(content, 'brands/haier.mdx');
  writeFileSync(file, readFileSync(file, 'utf8').replace('draft: true', 'draft: false'));
  expect((await site('build', '--quiet', '--content', content, '--out', out)).code).toBe(0);
  const page = readFileSync(path.join(out, 'haier-tv-repair.html'), 'utf8');
  expect(page).toContain('<link rel="canonical" href="https://jaipurtvcare.example/haier-tv-repair"/>');
  expect(readFileSync(path.join(out, 'sitemap.xml'), 'utf8')).toContain('<loc>https://jaipurtvcare.example/haier-tv-repair</loc>');
  // Linked from the footer of every page, and from the brand list of /services.
  for (const f of ['index.html', 'about.html', 'lg-tv-repair.html', 'tv-repair-mansarovar.html']) {
    expect(readFileSync(path.join(out, f), 'utf8'), f).toMatch(/<footer[\s\S]*href="\/haier-tv-repair"/);
  }
  expect(readFileSync(path.join(out, 'services.html'), 'utf8').match(/href="\/haier-tv-repair"/g)).toHaveLength(2);
  // A tile of the 12-tile brand grid on the other brand pages (the archetype puts new brands first).
  const tcl = readFileSync(path.join(out, 'tcl-tv-repair.html'), 'utf8');
  const grid = tcl.slice(tcl.indexOf('id="brand-grid'), tcl.indexOf('</section>', tcl.indexOf('id="brand-grid')));
  expect(grid.match(/<a /g)).toHaveLength(12);
  expect(grid).toContain('href="/haier-tv-repair"');

  // Its structured data names it.
  const ld = [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => m[1]!).join('\n');
  expect(ld).toContain('Haier');
  expect(ld).toContain('https://jaipurtvcare.example/haier-tv-repair');

  const { code, stdout } = await site('check', out, '--content', content, '--json');
  const report = JSON.parse(stdout) as CheckReport;
  expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
  expect(code).toBe(0);
}, 300_000);
