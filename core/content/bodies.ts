import { checkHref } from './references.ts';
import { hashOf } from './cache.ts';
import { pageFacts, type PageFacts } from './facts.ts';
import type { Content, Entry } from './types.ts';
import type { LoadContext } from './context.ts';
import type { RenderedBody } from './mdx/render.ts';
import { folderCollections, type FolderCollectionName } from '#schemas/index.ts';

/** The collections whose files have MDX bodies. */
const WITH_BODIES = ['blog', 'brands', 'areas'] as const satisfies readonly FolderCollectionName[];
type WithBodies = (typeof WITH_BODIES)[number];

const blank = (body: string) => !body.trim();

/**
 * Every MDX body rendered to HTML with its page's facts, or taken from the content cache when the
 * same text was rendered with the same facts by this engine. Returns the entries with their
 * rendered bodies (new objects: `content` is left as it was), and adds each body's headings to the
 * link targets of its page. Syntax errors, unknown placeholders or components, and links to no
 * page become problems located in the MDX file.
 */
export async function renderBodies(ctx: LoadContext, content: Content, targets: Map<string, Set<string>>): Promise<Pick<Content, WithBodies>> {
  const facts = new Map<string | undefined, { facts: PageFacts; json: string }>();
  const factsOf = (warranty: string | undefined) => {
    let found = facts.get(warranty);
    if (!found) {
      const made = pageFacts(content.site, warranty, content.messages);
      facts.set(warranty, (found = { facts: made, json: JSON.stringify(made) }));
    }
    return found;
  };
  // Each body's key, hashed once: the check for the renderer below and the loop both use it.
  const keys = new Map<Entry<unknown>, string>();
  const keyOf = (entry: Entry<{ warranty?: string }>) => {
    let key = keys.get(entry);
    if (key === undefined) keys.set(entry, (key = hashOf('body', entry.body, factsOf(entry.data.warranty).json)));
    return key;
  };
  // The renderer (unified, remark, React's server renderer: some 300 modules) is loaded only when
  // a body is not in the cache: a build with no new text does not load it.
  const missing = WITH_BODIES.some((c) => (content[c] as Entry<{ warranty?: string }>[]).some((e) => !blank(e.body) && !ctx.cache.has(keyOf(e))));
  const renderMdx = missing ? (await import('./mdx/render.ts')).renderMdx : undefined;
  const rendered = (collection: WithBodies) =>
    (content[collection] as Entry<{ warranty?: string }>[]).map((entry) => {
      if (blank(entry.body)) return entry;
      const pageFactsOf = factsOf(entry.data.warranty).facts;
      const key = keyOf(entry);
      let result = ctx.cache.get<RenderedBody>(key);
      if (result) ctx.bodies.cached++;
      else {
        ctx.bodies.rendered++;
        try {
          result = renderMdx!(entry.body, pageFactsOf); // loaded above: this body was not in the cache
        } catch (err) {
          // Not a content problem the renderer reports: a component that throws, or a bug.
          ctx.error(entry.file, { line: entry.bodyLineOffset + 1, column: 1 }, 'mdx-render', `the body could not be rendered: ${err instanceof Error ? err.message : String(err)}`);
          return entry;
        }
        // A body with a problem is rendered, and reported, on every build.
        if (!result.issues.length) ctx.cache.set(key, result);
      }
      // The headings are sections of the page: other pages may link to them.
      const route = (folderCollections[collection].route as (d: unknown) => string)(entry.data);
      for (const h of result.headings) targets.get(route)?.add(h.id);
      return { ...entry, rendered: result };
    });
  const out = { blog: rendered('blog'), brands: rendered('brands'), areas: rendered('areas') } as Pick<Content, WithBodies>;
  // Links are checked once every body has added its headings.
  for (const collection of WITH_BODIES) for (const entry of out[collection] as Entry<unknown>[]) if (entry.rendered) report(ctx, entry, entry.rendered, targets);
  return out;
}

/** The body's issues, and its links to no page or section. */
function report(ctx: LoadContext, entry: Entry<unknown>, result: RenderedBody, targets: Map<string, Set<string>>) {
  const line = (l: number) => l + entry.bodyLineOffset;
  for (const issue of result.issues) {
    const { at, rule, message, ...extra } = issue;
    // MDX quotes positions of the body ("(4:1-4:6)"): make them positions of the file.
    const text = message.replace(/\((\d+):(\d+)-(\d+):(\d+)\)/g, (_, l1, c1, l2, c2) => `(${line(+l1)}:${c1}-${line(+l2)}:${c2})`);
    ctx.error(entry.file, { line: line(at.line), column: at.column }, rule, text, extra);
  }
  for (const link of result.links) {
    const wrong = checkHref(link.url, targets, ctx.drafts);
    if (wrong) {
      ctx.error(entry.file, { line: line(link.at.line), column: link.at.column }, wrong.rule ?? 'unknown-link', 'a link in the text', {
        expected: wrong.expected,
        received: JSON.stringify(link.url),
        hint: wrong.hint,
      });
    }
  }
}
