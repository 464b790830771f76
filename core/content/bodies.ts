import { checkHref } from './references.ts';
import { factWords, pageFacts } from './facts.ts';
import type { Entry } from './types.ts';
import type { Content } from './types.ts';
import type { LoadContext } from './context.ts';
import { placedLinks, renderBodiesCached, type RenderOptions, type RenderStats } from './mdx/pool.ts';
import { bodyHash } from './snapshot.ts';
import { folderCollections, type FolderCollectionName } from '#schemas/index.ts';

/**
 * Render every MDX body to HTML once (cached on disk by content hash, the misses spread over
 * worker threads), with the page's facts. Syntax errors, unknown placeholders or components, and
 * links to no page become problems located in the MDX file.
 */
export async function renderBodies(ctx: LoadContext, content: Content, targets: Map<string, Set<string>>, opts: RenderOptions = {}): Promise<RenderStats> {
  const jobs: [FolderCollectionName, Entry<{ warranty?: string }>][] = [
    ...content.blog.map((e) => ['blog', e] as [FolderCollectionName, Entry<{ warranty?: string }>]),
    ...content.brands.map((e) => ['brands', e] as [FolderCollectionName, Entry<{ warranty?: string }>]),
    ...content.areas.map((e) => ['areas', e] as [FolderCollectionName, Entry<{ warranty?: string }>]),
  ].filter(([, entry]) => (entry.bodyHash ?? bodyHash(entry.body())) !== '');
  const facts = new Map<string | undefined, ReturnType<typeof pageFacts>>();
  const factsOf = (key: string | undefined) => {
    if (!facts.has(key)) facts.set(key, pageFacts(content.site, key, factWords(content)));
    return facts.get(key)!;
  };
  const { results, ids, stats } = await renderBodiesCached(
    // The body is read only if it must be rendered (an entry from the snapshot reads its file then).
    jobs.map(([, entry]) => ({
      get body() {
        return entry.body();
      },
      hash: entry.bodyHash,
      facts: factsOf(entry.data.warranty),
    })),
    opts,
  );
  const rendered = jobs.map(([collection, entry], i) => {
    const result = results[i]!;
    if ('error' in result) {
      ctx.error(entry.file, { line: entry.bodyLineOffset + 1, column: 1 }, 'mdx-render', `the body could not be rendered: ${result.error}`);
      return undefined;
    }
    // Its HTML is read when a page reads it: a body from the store decodes it then (store.ts).
    entry.rendered = result;
    entry.bodyId = ids[i];
    entry.headings = result.headings;
    // The headings are sections of the page: other pages may link to them.
    const route = (folderCollections[collection].route as (d: unknown) => string)(entry.data);
    for (const h of result.headings) targets.get(route)?.add(h.id);
    return [entry, result] as const;
  });
  const bad = (link: { url: string }) => checkHref(link.url, targets, ctx.drafts);
  // A body the fast parser read has links without places: a broken one is placed by MDX's parser.
  const unplaced = rendered.filter((item): item is NonNullable<typeof item> => !!item && item[1].links.some((l) => !l.at && bad(l)));
  if (unplaced.length) {
    const placed = await placedLinks(unplaced.map(([entry]) => ({ body: entry.body(), facts: factsOf(entry.data.warranty) })), opts);
    unplaced.forEach(([, result], i) => {
      if (placed[i]!.length === result.links.length) result.links = placed[i]!;
    });
  }
  for (const item of rendered) {
    if (!item) continue;
    const [entry, result] = item;
    const line = (l: number) => l + entry.bodyLineOffset;
    for (const issue of result.issues) {
      const { at, rule, message, ...extra } = issue;
      // MDX quotes positions of the body ("(4:1-4:6)"): make them positions of the file.
      const text = message.replace(/\((\d+):(\d+)-(\d+):(\d+)\)/g, (_, l1, c1, l2, c2) => `(${line(+l1)}:${c1}-${line(+l2)}:${c2})`);
      ctx.error(entry.file, { line: line(at.line), column: at.column }, rule, text, extra);
    }
    for (const link of result.links) {
      const wrong = bad(link);
      if (wrong) {
        const at = link.at ?? { line: 1, column: 1 };
        ctx.error(entry.file, { line: line(at.line), column: at.column }, wrong.rule ?? 'unknown-link', 'a link in the text', {
          expected: wrong.expected,
          received: JSON.stringify(link.url),
          hint: wrong.hint,
        });
      }
    }
  }
  return stats;
}
