import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as runtime from 'react/jsx-runtime';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import type { PageFacts } from '../facts.ts';
import { MDX_COMPONENT_NAMES, mdxComponents, MdxWords } from '#src/components/mdx-components.tsx';
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

/** The MDX node types remark-rehype passes through to the HTML tree as they are (as @mdx-js/mdx does). */
const MDX_NODE_TYPES = ['mdxFlowExpression', 'mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxTextExpression', 'mdxjsEsm'];

/** What the remark plugins of the body being rendered write to: the one processor reads it per run. */
const state = {
  facts: {} as PageFacts,
  components: MDX_COMPONENT_NAMES,
  issues: [] as BodyIssue[],
  links: [] as BodyLink[],
  headings: [] as BodyHeading[],
  linkLabel: (heading: string): string => heading,
};

/** A message of the body's language (its catalogue's mdx.*), its {placeholders} filled. */
export type BodyWords = (key: string, vars?: Record<string, string>) => string;

/**
 * The one Markdown path: MDX's own parser (remark-parse, remark-mdx, remark-gfm), our checks and
 * heading ids, then the HTML tree, made once for every body. remarkCheck leaves in the tree only
 * Markdown, plain HTML and our components with text attributes (it reports and drops the rest),
 * so the tree becomes React elements directly: no JavaScript is written and run per body.
 */
const processor = unified()
  .use(remarkParse)
  .use(remarkMdx)
  .use(remarkGfm)
  .use(remarkCheck(state))
  .use(remarkHeadings(state))
  .use(remarkRehype, { allowDangerousHtml: true, passThrough: MDX_NODE_TYPES } as never)
  .freeze();

/** JSX names are identifiers (`<Tip>`): looked up among the components; bodies run no other code. */
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

/**
 * Render an MDX body to static HTML with the page's facts, in the words of its language (`words`:
 * a heading's link, a <Tip>'s and a <Warning>'s title). Syntax errors and content problems come
 * back as issues.
 */
export function renderMdx(body: string, facts: PageFacts, words: BodyWords): RenderedBody {
  const parts = { issues: [] as BodyIssue[], links: [] as BodyLink[], headings: [] as BodyHeading[] };
  Object.assign(state, { facts, linkLabel: (heading: string) => words('mdx.headingLink', { heading }), ...parts });
  let tree: unknown;
  try {
    tree = processor.runSync(processor.parse(escapeHeadingIds(body)));
  } catch (err) {
    const e = err as { line?: number; column?: number; reason?: string; message?: string };
    const message = `MDX syntax: ${(e.reason ?? e.message ?? String(err)).split('\n')[0]}`;
    return { html: '', ...parts, issues: [{ at: { line: e.line ?? 1, column: e.column ?? 1 }, rule: 'mdx-syntax', message }] };
  }
  const element = toJsxRuntime(tree as never, { Fragment: runtime.Fragment, jsx: runtime.jsx as never, jsxs: runtime.jsxs as never, components: mdxComponents as never, createEvaluater });
  return { html: renderToStaticMarkup(createElement(MdxWords, { value: words }, element)), ...parts };
}
