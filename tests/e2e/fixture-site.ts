// Some browser tests need a shape of content that a valid site may lack: a service centre with
// brand pages, a post with a table of contents, an "areas we serve" entry that names an area page
// (a `site init` starter has none of them). Such a test checks the shape on the site under test when
// its content has it, and otherwise on this fixture: the same content/ with the missing shapes
// added by `site new` from the project's own archetypes, built and served beside the site
// (playwright.config.ts starts it only when a shape is missing). Same site.yaml, same catalogues:
// the fixture's pages speak of the same business, and its forms offer the same choices.
//
// `node --import tsx tests/e2e/fixture-site.ts` makes the fixture's content/ (the server's command).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse, stringify } from 'yaml';
import { manifestFile } from '#core/pipeline/record.ts';

export type Shape = 'service-center-brand' | 'toc-post' | 'linked-area';

const CONTENT = path.resolve('content');
export const FIXTURE_DIR = path.resolve('.cache/e2e-fixture');
const FIXTURE_CONTENT = path.join(FIXTURE_DIR, 'content');
export const FIXTURE_DIST = path.join(FIXTURE_DIR, 'dist');
export const FIXTURE_PORT = Number(process.env.E2E_FIXTURE_PORT ?? Number(process.env.E2E_PORT ?? 4174) + 1000);
/** Where the fixture's server keeps its database (the site's own is E2E_DATA_DIR). */
export const fixtureDataDir = () => `${process.env.E2E_DATA_DIR ?? '.data/e2e'}-fixture`;

/** The front matter (of an .mdx file) or the YAML of every published file of a content folder, with its body. */
export function published(dir: string): { data: Record<string, unknown>; body: string }[] {
  if (!existsSync(path.join(dir))) return [];
  return readdirSync(dir)
    .filter((f) => !f.startsWith('_') && /\.(mdx|yaml)$/.test(f))
    .map((f) => {
      const text = readFileSync(path.join(dir, f), 'utf8');
      const [, front, ...body] = f.endsWith('.mdx') ? text.split(/^---$/m) : ['', text];
      return { data: (parse(front!) ?? {}) as Record<string, unknown>, body: body.join('---') };
    })
    .filter((d) => d.data.draft !== true);
}

// As core/page-data/landing.ts compares an areas-served entry with an area page's name.
export const nameKey = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{M}\p{N}]+/gu, '');

/** The shapes a content folder has. */
function shapesOf(content: string): Set<Shape> {
  const shapes = new Set<Shape>();
  if (published(path.join(content, 'service-center')).length) shapes.add('service-center-brand');
  // The table of contents shows from two headings on.
  if (published(path.join(content, 'blog')).some((p) => p.data.toc === true && (p.body.match(/^##{1,2} /gm) ?? []).length > 1)) shapes.add('toc-post');
  const areas = new Set(published(path.join(content, 'areas')).map((a) => nameKey(String(a.data.name))));
  const served = (parse(readFileSync(path.join(content, 'areas-served.yaml'), 'utf8')) ?? []) as { name: string; link?: string }[];
  if (served.some((s) => areas.has(nameKey(s.name)))) shapes.add('linked-area');
  return shapes;
}

/** The shapes the site's content lacks: the fixture adds them, and the tests that need them use it. */
export const MISSING: Shape[] = (() => {
  const has = shapesOf(CONTENT);
  return (['service-center-brand', 'toc-post', 'linked-area'] as const).filter((s) => !has.has(s));
})();

/** Where a test finds a shape: the site under test when its content has it, else the fixture. */
export interface TestSite {
  baseURL: string | undefined;
  /** Its content folder and its build. */
  content: string;
  dist: string;
  dataDir: string;
  fixture: boolean;
  routes(): { path: string; file: string; kind: string; lang?: string }[];
}

export function siteWith(shape: Shape): TestSite {
  return siteOf(MISSING.includes(shape));
}

/** The site under test (`false`) or the fixture. */
export function siteOf(fixture: boolean): TestSite {
  const dist = fixture ? FIXTURE_DIST : path.resolve('dist');
  const languages = (parse(readFileSync(path.join(CONTENT, 'site.yaml'), 'utf8')) as { languages?: string[] }).languages ?? ['en'];
  return {
    baseURL: fixture ? `http://127.0.0.1:${FIXTURE_PORT}` : undefined,
    content: fixture ? FIXTURE_CONTENT : CONTENT,
    dist,
    dataDir: path.resolve(fixture ? fixtureDataDir() : (process.env.E2E_DATA_DIR ?? '.data/e2e')),
    fixture,
    // Read when a test runs: the fixture is built after the tests are listed.
    routes: () =>
      (JSON.parse(readFileSync(manifestFile(dist), 'utf8')) as { routes: { path: string; file: string; kind: string; lang?: string }[] }).routes.filter(
        (r) => !r.lang || r.lang === languages[0],
      ),
  };
}

/** `site new` in the fixture's content; returns the file it wrote. */
function create(...args: string[]): string {
  const run = spawnSync(process.execPath, ['cli/bin.mjs', 'new', ...args, '--content', FIXTURE_CONTENT], { encoding: 'utf8' });
  const out = `${run.stdout}${run.stderr}`;
  const file = run.status === 0 ? /Created (\S+)/.exec(out)?.[1] : undefined;
  if (!file) throw new Error(`site new ${args.join(' ')} said: ${out}`);
  return path.resolve(file);
}

const edit = (file: string, change: (text: string) => string) => writeFileSync(file, change(readFileSync(file, 'utf8')));
const publish = (text: string) => text.replace(/^draft: true$/m, 'draft: false');

/** The site's content/ with each missing shape added, in FIXTURE_DIR/content. */
export function prepareFixture() {
  rmSync(FIXTURE_DIR, { recursive: true, force: true });
  cpSync(CONTENT, FIXTURE_CONTENT, { recursive: true });
  if (MISSING.includes('service-center-brand')) {
    // Two brands: each brand page lists the others.
    for (const name of ['Fixture Brand One', 'Fixture Brand Two']) edit(create('service-center', name), publish);
  }
  if (MISSING.includes('toc-post')) {
    edit(create('post', 'A long guide with a table of contents'), (text) =>
      publish(text).replace(/^draft: false$/m, 'draft: false\ntoc: true') +
        '\n## A second heading\n\nMore advice, in a paragraph of its own.\n\n### A heading under it\n\nThe last paragraph.\n',
    );
  }
  if (MISSING.includes('linked-area')) {
    const area = String(published(path.join(FIXTURE_CONTENT, 'areas'))[0]?.data.name ?? 'Fixture Town');
    if (area === 'Fixture Town') edit(create('area', area), publish);
    // `site new area` lists the area it makes; a published one may not be listed yet.
    const file = path.join(FIXTURE_CONTENT, 'areas-served.yaml');
    const served = (parse(readFileSync(file, 'utf8')) ?? []) as { name: string }[];
    if (!served.some((s) => nameKey(s.name) === nameKey(area))) writeFileSync(file, stringify([...served, { name: area }]));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) prepareFixture();
