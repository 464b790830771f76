import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { loadContent } from '#core/content/load.ts';
import { POSTS_PER_PAGE } from '#core/page-data/blog-index.ts';
import { buildSiteIndex } from '#core/page-data/site-index.ts';

const root = mkdtempSync(path.join(tmpdir(), 'site-blog-index-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

test('a blog long enough for several index pages gives each page its own title and description', async () => {
  const dir = path.join(root, 'content');
  cpSync(path.resolve(import.meta.dirname, '../fixtures/content'), dir, { recursive: true });
  const post = readFileSync(path.join(dir, 'blog', 'cleaning.mdx'), 'utf8');
  for (let i = 0; i < POSTS_PER_PAGE * 2; i++) {
    writeFileSync(path.join(dir, 'blog', `copy-${i}.mdx`), post.replace(/^id: .*$/m, `id: "copy-${i}"`).replace(/^slug: .*$/m, `slug: copy-${i}`).replace(/^ {2}description: (.*)$/m, `  description: Copy ${i}. $1`));
  }
  const loaded = await loadContent(dir, root);
  expect(loaded.problems).toEqual([]);
  const index = buildSiteIndex(loaded.content!, loaded.ctx, '2025-07-03');
  const pages = index.routes.filter((r) => r.data.kind === 'blog-index');
  expect(pages.map((r) => r.path)).toEqual(['/blog', '/blog/page/2', '/blog/page/3']);
  for (const field of ['title', 'description'] as const) expect(new Set(pages.map((r) => r.data.meta[field])).size).toBe(3);
  expect(pages[2]!.data.meta.description).toMatch(/ Page 3 of 3\.$/);
});
