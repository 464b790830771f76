import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { loadContent } from '#core/content/load.ts';
import { formatProblems } from '#core/content/problems.ts';
import type { PageFacts } from '#core/content/facts.ts';
import { renderBodiesCached } from '#core/content/mdx/pool.ts';

const work = mkdtempSync(path.join(tmpdir(), 'site-mdx-pool-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The fixture content with 90 more posts (enough for two workers of 40), one of them with an MDX syntax error. */
function manyPosts(): string {
  const dir = path.join(work, 'content');
  cpSync(path.resolve('tests/fixtures/content'), dir, { recursive: true });
  const post = readFileSync(path.join(dir, 'blog', 'cleaning.mdx'), 'utf8');
  for (let i = 1; i <= 90; i++) {
    let text = post.replace(/^id: "2"$/m, `id: "p${i}"`).replace(/^slug: .*$/m, `slug: post-${i}`).replace(/^title: (.*)$/m, `title: $1 ${i}`);
    if (i === 45) text = `${text}\nCall {phoen} today.\n\n<Tip>never closed\n`;
    writeFileSync(path.join(dir, 'blog', `post-${i}.mdx`), text);
  }
  return dir;
}

describe('MDX bodies rendered by the worker pool', () => {
  test('a broken body reports the same file:line:col, rule and text as in one thread', async () => {
    const content = manyPosts();
    const pooled = await loadContent(content, work, { cacheDir: path.join(work, 'cache-pool'), workers: 2, perWorker: 40 });
    const single = await loadContent(content, work, { cacheDir: path.join(work, 'cache-single'), workers: 0 });
    expect(pooled.problems).toEqual(single.problems);
    expect(formatProblems(pooled.problems, pooled.filesChecked)).toMatchInlineSnapshot(`
      "content/blog/post-45.mdx:20:1  MDX syntax: Expected a closing tag for \`<Tip>\` (20:1-20:6) before the end of \`paragraph\`
      ✖ 1 problem in 1 file (103 files checked)"
    `);
  }, 180_000);

  test('the workers render what one thread renders, in order, a throwing or broken body in its own place', async () => {
    const facts = { phone: '+91 90000 00001' } as unknown as PageFacts;
    const jobs = Array.from({ length: 90 }, (_, i) => ({ body: i === 30 ? 'Call {phone} <Tip>open\n' : `## Post ${i}\n\nCall {phone}, post ${i}.\n`, facts }));
    const pooled = await renderBodiesCached(jobs, { cacheDir: path.join(work, 'cache-jobs'), workers: 2, perWorker: 40 });
    expect(pooled.stats).toMatchObject({ misses: 90, workers: 2 });
    const single = await renderBodiesCached(jobs, { workers: 0 });
    expect(pooled.results).toEqual(single.results);
    expect((pooled.results[30] as { issues: { rule: string; at: unknown }[] }).issues).toMatchObject([{ rule: 'mdx-syntax', at: { line: 1, column: 1 } }]);
  }, 180_000);
});
