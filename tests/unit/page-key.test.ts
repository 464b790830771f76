import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { pageFacts } from '#core/content/facts.ts';
import { renderBodiesCached } from '#core/content/mdx/pool.ts';
import type { Entry } from '#core/content/types.ts';
import { bodyOf, type RouteEntry } from '#core/page-data/route-entry.ts';
import { keyJson, pageKey } from '#core/pipeline/page-key.ts';

const cacheDir = mkdtempSync(path.join(tmpdir(), 'site-page-key-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));
const facts = pageFacts(parse(readFileSync('content/site.yaml', 'utf8')), undefined, undefined);
const A = '## A section\n\nText of the post, long enough to matter.\n';
const B = '## A section\n\nText of the post, edited.\n';

/** A post's route as postRoutes makes it, from a body rendered through the store (or without one). */
async function postRoute(body: string, cache: 'cache' | 'no cache' = 'cache'): Promise<RouteEntry> {
  const { results, ids } = await renderBodiesCached([{ body, facts }], { cacheDir: cache === 'cache' ? cacheDir : undefined, workers: 0 });
  const entry = { file: 'content/blog/a.mdx', data: {}, body: () => body, bodyLineOffset: 0, rendered: results[0], bodyId: ids[0] } as unknown as Entry<unknown>;
  const data = { kind: 'post', bodyHtml: entry.rendered!.html, related: [] };
  return { path: '/blog/a-post', source: { file: entry.file, line: 1 }, sitemap: true, data, ...bodyOf(entry) } as unknown as RouteEntry;
}

describe('a page key names its rendered body by what it was made from (RouteEntry.body)', () => {
  test('the body is not written into the key; the same body keeps the key, another changes it', async () => {
    const a = await postRoute(A);
    expect(keyJson(a)).not.toContain('long enough to matter');
    // Rendered again (from the store, in another load): the same key.
    expect(pageKey(await postRoute(A))).toBe(pageKey(a));
    expect(pageKey(await postRoute(B))).not.toBe(pageKey(a));
  });

  test('a route whose HTML is no longer its body (a copy with other HTML), or a body with no id (no build cache), is hashed whole', async () => {
    const a = await postRoute(A);
    const changed = { ...a, data: { ...a.data, bodyHtml: (a.data as { bodyHtml: string }).bodyHtml.replace('matter', 'change') } } as RouteEntry;
    expect(keyJson(changed)).toContain('long enough to change');
    expect(pageKey(changed)).not.toBe(pageKey(a));

    const plain = await postRoute(A, 'no cache');
    expect(plain.body).toBeUndefined();
    expect(keyJson(plain)).toContain('long enough to matter');
    expect(pageKey(plain)).not.toBe(pageKey(await postRoute(B, 'no cache')));
  });
});
