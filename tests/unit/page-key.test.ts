import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { pageFacts } from '#core/content/facts.ts';
import { renderBodiesCached } from '#core/content/mdx/pool.ts';
import type { RouteEntry } from '#core/page-data/route-entry.ts';
import { keyJson, pageKey } from '#core/pipeline/page-key.ts';

const cacheDir = mkdtempSync(path.join(tmpdir(), 'site-page-key-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));
const facts = pageFacts(parse(readFileSync('content/site.yaml', 'utf8')), undefined, undefined);
const route = (bodyHtml: string): RouteEntry => ({ path: '/blog/a-post', source: { file: 'content/blog/a.mdx', line: 1 }, sitemap: true, data: { kind: 'post', bodyHtml } }) as unknown as RouteEntry;

describe('a page key names its rendered body by what it was made from (body-ids.ts)', () => {
  test('the body is not written into the key; the same body keeps the key, another body changes it', async () => {
    const render = async (body: string) => ((await renderBodiesCached([{ body, facts }], { cacheDir, workers: 0 })).results[0] as { html: string }).html;
    const html = await render('## A section\n\nText of the post, long enough to matter.\n');
    expect(keyJson(route(html).data)).not.toContain('long enough to matter');

    // Rendered again from the cache in another load: the same key.
    const again = await render('## A section\n\nText of the post, long enough to matter.\n');
    expect(pageKey(route(again))).toBe(pageKey(route(html)));
    const other = await render('## A section\n\nText of the post, edited.\n');
    expect(pageKey(route(other))).not.toBe(pageKey(route(html)));

    // HTML no render made here (no build cache) is written out and hashed as it is.
    expect(keyJson(route('<p>made elsewhere</p>').data)).toContain('made elsewhere');
    expect(pageKey(route('<p>made elsewhere</p>'))).not.toBe(pageKey(route('<p>made elsewhere.</p>')));
  });
});
