import { hashOf } from './cache.ts';
import { say, type FactsOf } from './facts.ts';
import type { Content, Entry } from './types.ts';
import type { LoadContext } from './context.ts';
import type { RenderedBody } from './mdx/render.ts';
import { WITH_BODIES } from './references.ts';

const blank = (body: string) => !body.trim();

/** The messages a body is rendered with: its headings' links' name, a <Tip>'s and a <Warning>'s title. */
const BODY_WORDS = ['mdx.headingLink', 'mdx.tip', 'mdx.warning'];

type Edition = { ctx: LoadContext; content: Content; facts: FactsOf };

/**
 * Every MDX body of every language rendered to HTML with its page's facts and its language's
 * words (mdx.*: the headings' links, the callouts' titles), or taken from the
 * content cache when the same text was rendered with the same facts by this engine. Returns each
 * language's content with its entries' rendered bodies (new objects: the input is left as it was).
 * A body's problems are checked with its links (references.ts); one that throws is a problem here.
 */
export async function renderBodies(editions: Edition[]): Promise<Content[]> {
  const warrantyOf = (entry: Entry<unknown>) => (entry.data as { warranty?: string }).warranty;
  // Each body's key (its text, its page's facts, its language's words), hashed once for the check
  // below and the loop. An edition's entries are its own files (a language lists the default
  // language's pages it has no twin of only once its bodies are rendered: load.ts).
  const keys = new Map<Entry<unknown>, string>();
  for (const { content, facts } of editions) {
    const words = BODY_WORDS.map((k) => content.messages[k] ?? '');
    for (const e of WITH_BODIES.flatMap((c) => content[c] as Entry<unknown>[])) if (!blank(e.body)) keys.set(e, hashOf('body', e.body, facts(warrantyOf(e)).json, ...words));
  }
  // The renderer (unified, remark, React's server renderer: some 300 modules) is loaded only when
  // a body is not in the cache (one for every language): a build with no new text does not load it.
  const missing = [...keys.values()].some((key) => editions[0]!.ctx.cache.get(key) === undefined);
  const renderMdx = missing ? (await import('./mdx/render.ts')).renderMdx : undefined;
  return editions.map(({ ctx, content, facts }) => {
    const rendered = <T,>(entry: Entry<T>): Entry<T> => {
      if (blank(entry.body)) return entry;
      const key = keys.get(entry)!;
      let result = ctx.cache.get<RenderedBody>(key);
      if (result) ctx.bodies.cached++;
      else {
        ctx.bodies.rendered++;
        try {
          // loaded above: this body was not in the cache
          result = renderMdx!(entry.body, facts(warrantyOf(entry)).facts, (key, vars) => say(content, key, vars));
        } catch (err) {
          // Not a content problem the renderer reports: a component that throws, or a bug.
          ctx.error(entry.file, { line: entry.bodyLineOffset + 1, column: 1 }, 'mdx-render', `the body could not be rendered: ${err instanceof Error ? err.message : String(err)}`);
          return entry;
        }
        // A body with a problem is rendered, and reported, on every build.
        if (!result.issues.length) ctx.cache.set(key, result);
      }
      // The source goes once rendered: pages are made from the HTML, and holding every body's text
      // through the build is memory a big site feels (docs/decisions/118).
      return { ...entry, body: '', rendered: result };
    };
    return { ...content, blog: content.blog.map(rendered), brands: content.brands.map(rendered), areas: content.areas.map(rendered) };
  });
}
