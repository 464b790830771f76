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
  // Each body's key, hashed once: the check for the renderer below and the loop both use it. A
  // default-language entry listed in another language's content (a page it has no twin of) is
  // the default language's page: it keeps the words and the rendering of its own language.
  const owners = new Map<Entry<unknown>, { key: string; edition: Edition }>();
  const warrantyOf = (entry: Entry<unknown>) => (entry.data as { warranty?: string }).warranty;
  const ownerOf = (entry: Entry<unknown>, edition: Edition) => {
    let owner = owners.get(entry);
    if (owner === undefined) {
      owner = { key: hashOf('body', entry.body, edition.facts(warrantyOf(entry)).json, ...BODY_WORDS.map((k) => edition.content.messages[k] ?? '')), edition };
      owners.set(entry, owner);
    }
    return owner;
  };
  const bodiesOf = (content: Content) => WITH_BODIES.flatMap((c) => content[c] as Entry<unknown>[]);
  // The renderer (unified, remark, React's server renderer: some 300 modules) is loaded only when
  // a body is not in the cache: a build with no new text does not load it.
  const missing = editions.some((edition) => bodiesOf(edition.content).some((e) => !blank(e.body) && edition.ctx.cache.get(ownerOf(e, edition).key) === undefined));
  const renderMdx = missing ? (await import('./mdx/render.ts')).renderMdx : undefined;
  return editions.map((edition) => {
    const { ctx, content } = edition;
    const rendered = <T,>(entry: Entry<T>): Entry<T> => {
      if (blank(entry.body)) return entry;
      const { key, edition: own } = ownerOf(entry, edition);
      let result = ctx.cache.get<RenderedBody>(key);
      if (result) ctx.bodies.cached++;
      else {
        ctx.bodies.rendered++;
        try {
          // loaded above: this body was not in the cache
          result = renderMdx!(entry.body, own.facts(warrantyOf(entry)).facts, (key, vars) => say(own.content, key, vars));
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
