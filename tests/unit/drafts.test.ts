import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { run } from '#cli/index.ts';
import { loadContent } from '#core/content/load.ts';

const work = mkdtempSync(path.join(tmpdir(), 'site-drafts-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The fixture's content (tests/fixtures/content): a brand page that links to an area page, and posts. */
const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/content');

/** A copy of the fixture with `draft: true` added to the given files (an MDX file's front matter, a YAML page). */
function contentWithDrafts(name: string, files: string[]): string {
  const dir = path.join(work, name, 'content');
  cpSync(FIXTURE, dir, { recursive: true });
  for (const f of files) {
    const file = path.join(dir, f);
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, f.endsWith('.mdx') ? text.replace(/^---\n/, '---\ndraft: true\n') : `draft: true\n${text}`);
  }
  return dir;
}

/** A field of a page's own file, as written (`slug: …`). */
const field = (file: string, name: string) => new RegExp(`^${name}: "?([^"\n]+)"?$`, 'm').exec(readFileSync(path.join(FIXTURE, file), 'utf8'))![1]!;
const POSTS = readdirSync(path.join(FIXTURE, 'blog')).filter((f) => f.endsWith('.mdx')).sort();
const POST = `blog/${POSTS[0]!}`;
const POST_PATH = `/blog/${field(POST, 'slug')}`;
/** The brand page of the fixture and the area page it links to, which is made a draft. */
const [BRAND, AREA] = ['brands/lg.yaml', 'areas/malviya-nagar.yaml'];
const AREA_PATH = `/${field(AREA, 'slug')}`;

describe('draft: true', () => {
  test('a draft post stays out of the build, the sitemap, the feed and the blog index', async () => {
    const content = contentWithDrafts('post', [POST]);
    const out = path.join(work, 'post', 'dist');
    expect(await run(['node', 'site', 'build', '--quiet', '--content', content, '--out', out])).toBe(0);
    expect(existsSync(path.join(out, `${POST_PATH.slice(1)}.html`))).toBe(false);
    for (const f of ['sitemap.xml', 'rss.xml', 'blog.html', 'index.html']) {
      expect(readFileSync(path.join(out, f), 'utf8'), f).not.toContain(POST_PATH);
    }
    // The published posts are all still there.
    expect(readFileSync(path.join(out, 'rss.xml'), 'utf8').match(/<item>/g)).toHaveLength(POSTS.length - 1);
  }, 300_000);

  test('a published page that links to a draft is a content error naming the draft', async () => {
    expect(readFileSync(path.join(FIXTURE, BRAND), 'utf8')).toContain(`href: ${AREA_PATH},`);
    const content = contentWithDrafts('brand', [AREA]);
    const { problems } = await loadContent(content, path.join(work, 'brand'));
    const links = problems.filter((p) => p.rule === 'draft-link');
    expect(links.length).toBeGreaterThan(0);
    expect(links.find((p) => p.file === `content/${BRAND}`)).toMatchObject({
      expected: 'a published page',
      received: JSON.stringify(AREA_PATH),
      hint: `content/${AREA} is a draft (draft: true)`,
      severity: 'error',
    });
  });

  test('site dev keeps drafts (includeDrafts), with no problem for links to them', async () => {
    const content = contentWithDrafts('dev', [AREA]);
    const { problems, content: loaded } = await loadContent(content, path.join(work, 'dev'), { includeDrafts: true });
    expect(problems).toEqual([]);
    expect(loaded?.areas.map((a) => `/${a.data.slug}`)).toContain(AREA_PATH);
  });
});
