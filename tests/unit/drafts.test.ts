import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { run } from '#cli/index.ts';
import { loadContent } from '#core/content/load.ts';

const work = mkdtempSync(path.join(tmpdir(), 'site-drafts-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A copy of content/ with `draft: true` added to the front matter of the given files. */
function contentWithDrafts(name: string, files: string[]): string {
  const dir = path.join(work, name, 'content');
  cpSync(path.resolve('content'), dir, { recursive: true });
  for (const f of files) {
    const file = path.join(dir, f);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^---\n/, '---\ndraft: true\n'));
  }
  return dir;
}

const POST = 'blog/how-to-wall-mount-a-tv-safely-brackets-walls-and-height.mdx';
const POST_PATH = '/blog/how-to-wall-mount-a-tv-safely-brackets-walls-and-height';

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
    expect(readFileSync(path.join(out, 'rss.xml'), 'utf8').match(/<item>/g)).toHaveLength(4);
  }, 300_000);

  test('a published page that links to a draft is a content error naming the draft', async () => {
    const content = contentWithDrafts('brand', ['brands/bpl.mdx']);
    const { problems } = await loadContent(content, path.join(work, 'brand'));
    const links = problems.filter((p) => p.rule === 'draft-link');
    expect(links.length).toBeGreaterThan(0);
    expect(links.find((p) => p.file === 'content/brands/aoc.mdx')).toMatchObject({
      expected: 'a published page',
      received: '"/bpl-tv-repair"',
      hint: 'content/brands/bpl.mdx is a draft (draft: true)',
      severity: 'error',
    });
  });

  test('site dev keeps drafts (includeDrafts), with no problem for links to them', async () => {
    const content = contentWithDrafts('dev', ['brands/bpl.mdx']);
    const { problems, content: loaded } = await loadContent(content, path.join(work, 'dev'), { includeDrafts: true });
    expect(problems).toEqual([]);
    expect(loaded?.brands.map((b) => b.data.slug)).toContain('bpl-tv-repair');
  });
});
