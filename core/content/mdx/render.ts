import { compileSync, runSync } from '@mdx-js/mdx';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as runtime from 'react/jsx-runtime';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import type { PageFacts } from '../facts.ts';
import { MDX_COMPONENT_NAMES, mdxComponents } from '#src/components/mdx-components.tsx';
import { remarkMarkAndUnravel } from './mark-and-unravel.ts';
import { parseFast } from './parse-fast.ts';
import { remarkParseBody } from './parse-body.ts';
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
 * The steps of @mdx-js/mdx's compile() up to the HTML tree (parse with MDX and GFM, mark-and-unravel,
 * our remark plugins, remark-rehype), made once. Its tree becomes React elements directly, without
 * the JavaScript that compile() would write, parse and run for the same elements. The parse takes
 * only the syntax extensions a body's characters allow (parse-body.ts): the same tree, sooner.
 */
const toHast = unified()
  .use(remarkParseBody)
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

/**
 * Compile an MDX body and render it to static HTML. Syntax errors come back as issues. A body in
 * plain Markdown is parsed by parseFast, which knows no places: its links come back without `at`.
 * `exact` parses every body with MDX's parser, for the places of its links.
 */
export function renderMdx(body: string, facts: PageFacts, exact = false): RenderedBody {
  const issues: BodyIssue[] = [];
  const links: BodyLink[] = [];
  const headings: BodyHeading[] = [];
  Object.assign(state, { facts, issues, links, headings });
  const source = escapeHeadingIds(body);
  let tree: HastNode;
  try {
    tree = toHast.runSync((!exact && parseFast(source)) || toHast.parse(source)) as HastNode;
  } catch (err) {
    return { html: '', headings, links, issues: [syntaxIssue(err)] };
  }
  if (direct(tree)) {
    const element = toJsxRuntime(tree as never, { Fragment: runtime.Fragment, jsx: runtime.jsx as never, jsxs: runtime.jsxs as never, components: mdxComponents as never, createEvaluater });
    return { html: renderToStaticMarkup(element), headings, links, issues };
  }
  return renderMdxCompiled(source, facts);
}

/** The whole of compile() and run(), for the bodies the direct path does not take (and tests, to compare). Takes the body with its heading ids escaped. */
export function renderMdxCompiled(source: string, facts: PageFacts): RenderedBody {
  const issues: BodyIssue[] = [];
  const links: BodyLink[] = [];
  const headings: BodyHeading[] = [];
  let code: string;
  try {
    code = String(
      compileSync(source, {
        outputFormat: 'function-body',
        development: false,
        remarkPlugins: [remarkGfm, remarkCheck({ facts, components: MDX_COMPONENT_NAMES, issues, links }), remarkHeadings(headings)],
      }),
    );
  } catch (err) {
    return { html: '', headings, links, issues: [syntaxIssue(err)] };
  }
  const { default: Content } = runSync(code, { ...runtime, baseUrl: import.meta.url }) as { default: ComponentType<{ components: unknown }> };
  return { html: renderToStaticMarkup(createElement(Content, { components: mdxComponents })), headings, links, issues };
}

function syntaxIssue(err: unknown): BodyIssue {
  const e = err as { line?: number; column?: number; reason?: string; message?: string };
  return {
    at: { line: e.line ?? 1, column: e.column ?? 1 },
    rule: 'mdx-syntax',
    message: `MDX syntax: ${(e.reason ?? e.message ?? String(err)).split('\n')[0]}`,
  };
}
