import { compileSync, runSync } from '@mdx-js/mdx';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as runtime from 'react/jsx-runtime';
import remarkGfm from 'remark-gfm';
import type { PageFacts } from '../facts.ts';
import { MDX_COMPONENT_NAMES, mdxComponents } from '#src/components/mdx-components.tsx';
import { parseBody } from './parse-body.ts';
import { begin, hastOf, renderFast, renderTree, syntaxIssue, type RenderedBody } from './render-direct.ts';
import { remarkCheck, type BodyIssue, type BodyLink } from './remark-check.ts';
import { escapeHeadingIds, remarkHeadings, type BodyHeading } from './remark-headings.ts';

export type { RenderedBody };

/**
 * Compile an MDX body and render it to static HTML. Syntax errors come back as issues. A body in
 * plain Markdown is parsed by parseFast (render-direct.ts), which knows no places: its links come
 * back without `at`. The others are parsed with MDX's own parser, taking only the syntax
 * extensions a body's characters allow (parse-body.ts): the same tree, sooner. `exact` parses
 * every body with MDX's parser, for the places of its links.
 */
export function renderMdx(body: string, facts: PageFacts, exact = false): RenderedBody {
  const fast = exact ? 'parse' : renderFast(body, facts);
  if (typeof fast === 'object') return fast;
  const source = escapeHeadingIds(body);
  if (fast === 'compile') return renderMdxCompiled(source, facts);
  const parts = begin(facts);
  let hast: ReturnType<typeof hastOf>;
  try {
    hast = hastOf(parseBody(source));
  } catch (err) {
    return { html: '', ...parts, issues: [syntaxIssue(err)] };
  }
  return hast.direct ? renderTree(hast.tree, parts) : renderMdxCompiled(source, facts);
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
