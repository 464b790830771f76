// The direct path of render.ts, without MDX's parser and compiler: a body in plain Markdown
// (parse-fast.ts) becomes HTML here. Bundled on its own for a build that renders a few bodies in
// its own thread (pool.ts): about a third of the renderer's code to load.
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import * as runtime from 'react/jsx-runtime';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import type { PageFacts } from '../facts.ts';
import { MDX_COMPONENT_NAMES, mdxComponents } from '#src/components/mdx-components.tsx';
import { remarkMarkAndUnravel } from './mark-and-unravel.ts';
import { parseFast } from './parse-fast.ts';
import { remarkCheck, type BodyIssue, type BodyLink } from './remark-check.ts';
import { escapeHeadingIds, remarkHeadings, type BodyHeading } from './remark-headings.ts';

export interface RenderedBody {
  html: string;
  /** Every heading, with the id it has in `html`. */
  headings: BodyHeading[];
  /** Links to pages of this site (body positions), to check against the routes. */
  links: BodyLink[];
  issues: BodyIssue[];
}

/** The node types of MDX that remark-rehype passes through to the HTML tree as they are (as @mdx-js/mdx does). */
const MDX_NODE_TYPES = ['mdxFlowExpression', 'mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxTextExpression', 'mdxjsEsm'];

/** What the remark plugins of the body being rendered write to; the one processor reads it per run. */
const state = { facts: {} as PageFacts, components: MDX_COMPONENT_NAMES, issues: [] as BodyIssue[], links: [] as BodyLink[], headings: [] as BodyHeading[] };

/**
 * The steps of @mdx-js/mdx's compile() after the parse up to the HTML tree (mark-and-unravel, our
 * remark plugins, remark-rehype), made once. Its tree becomes React elements directly, without
 * the JavaScript that compile() would write, parse and run for the same elements.
 */
const toHast = unified()
  .use(remarkMarkAndUnravel)
  .use([remarkCheck(state), remarkHeadings(state)])
  .use(remarkRehype, { allowDangerousHtml: true, passThrough: MDX_NODE_TYPES } as never)
  .freeze();

interface HastNode {
  type: string;
  name?: string | null;
  tagName?: string;
  attributes?: { type: string; value?: unknown }[];
  data?: { _mdxExplicitJsx?: boolean };
  children?: HastNode[];
}

/**
 * Whether the React elements of this tree are exactly those compile() would make: only plain
 * elements, text and our components with literal attributes. Anything else (an expression left
 * in, an attribute={expression}, JSX <table> an author wrote, which compile() leaves alone but the
 * components map would replace) goes through compile() itself.
 */
function direct(node: HastNode): boolean {
  switch (node.type) {
    case 'root':
    case 'element':
      break;
    case 'text':
    case 'comment':
      return true;
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement':
      if (!node.name || !MDX_COMPONENT_NAMES.includes(node.name)) return false;
      if (node.attributes?.some((a) => a.type !== 'mdxJsxAttribute' || (a.value !== null && a.value !== undefined && typeof a.value !== 'string'))) return false;
      break;
    default:
      return false;
  }
  return (node.children ?? []).every(direct);
}

/** The JSX names toJsxRuntime cannot look up itself (<Tip>: an identifier); `direct` lets through only our components. */
const createEvaluater = () => ({
  evaluateExpression(expression: { type: string; name?: string }) {
    const component = expression.type === 'Identifier' && Object.hasOwn(mdxComponents, expression.name!) ? mdxComponents[expression.name as keyof typeof mdxComponents] : undefined;
    if (!component) throw new Error(`not a component of MDX bodies: ${JSON.stringify(expression)}`);
    return component;
  },
  evaluateProgram(): never {
    throw new Error('MDX bodies run no code');
  },
});

/** The pieces a render of one body collects, reset for it. */
export function begin(facts: PageFacts): Pick<RenderedBody, 'headings' | 'links' | 'issues'> {
  const parts = { issues: [] as BodyIssue[], links: [] as BodyLink[], headings: [] as BodyHeading[] };
  Object.assign(state, { facts, ...parts });
  return parts;
}

/** The HTML tree of a Markdown tree (the steps after the parse), and whether its elements render directly; throws what a plugin throws. */
export function hastOf(tree: NonNullable<ReturnType<typeof parseFast>>): { tree: unknown; direct: boolean } {
  const hast = toHast.runSync(tree as never) as HastNode;
  return { tree: hast, direct: direct(hast) };
}

/** The HTML of a tree whose elements render directly. */
export function renderTree(tree: unknown, parts: Pick<RenderedBody, 'headings' | 'links' | 'issues'>): RenderedBody {
  const element = toJsxRuntime(tree as never, { Fragment: runtime.Fragment, jsx: runtime.jsx as never, jsxs: runtime.jsxs as never, components: mdxComponents as never, createEvaluater });
  return { html: renderToStaticMarkup(element), ...parts };
}

/**
 * A body in plain Markdown, rendered: its result, or what it needs instead: MDX's parser ('parse':
 * parse-fast.ts leaves it to MDX) or compile() ('compile': its elements do not render directly).
 */
export function renderFast(body: string, facts: PageFacts): RenderedBody | 'parse' | 'compile' {
  const parts = begin(facts);
  let hast: ReturnType<typeof hastOf>;
  try {
    const mdast = parseFast(escapeHeadingIds(body));
    if (!mdast) return 'parse';
    hast = hastOf(mdast);
  } catch (err) {
    return { html: '', ...parts, issues: [syntaxIssue(err)] };
  }
  return hast.direct ? renderTree(hast.tree, parts) : 'compile';
}

export function syntaxIssue(err: unknown): BodyIssue {
  const e = err as { line?: number; column?: number; reason?: string; message?: string };
  return {
    at: { line: e.line ?? 1, column: e.column ?? 1 },
    rule: 'mdx-syntax',
    message: `MDX syntax: ${(e.reason ?? e.message ?? String(err)).split('\n')[0]}`,
  };
}
