import { Parser } from 'acorn';
import acornJsx from 'acorn-jsx';
import { fromMarkdown, type Extension as MdastExtension, type Options } from 'mdast-util-from-markdown';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { mdxExpressionFromMarkdown } from 'mdast-util-mdx-expression';
import { mdxJsxFromMarkdown } from 'mdast-util-mdx-jsx';
import { mdxjsEsmFromMarkdown } from 'mdast-util-mdxjs-esm';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import { mdxExpression } from 'micromark-extension-mdx-expression';
import { mdxJsx } from 'micromark-extension-mdx-jsx';
import { mdxMd } from 'micromark-extension-mdx-md';
import { mdxjsEsm } from 'micromark-extension-mdxjs-esm';
import type { Plugin, Processor } from 'unified';

type Extension = NonNullable<Options['extensions']>[number];
type Root = ReturnType<typeof fromMarkdown>;

/** micromark-extension-mdxjs's settings, as remark-mdx uses them. */
const acorn = { acorn: Parser.extend(acornJsx()), acornOptions: { ecmaVersion: 2024 as const, sourceType: 'module' as const }, addResult: true };

interface Syntax {
  /** Whether a text can hold this syntax at all: false only when none of the characters it starts with or needs is in it. */
  may: (text: string) => boolean;
  micromark: Extension;
  mdast?: MdastExtension;
}

/**
 * What remark-mdx and remark-gfm add to remark-parse, one piece each, in their order. A piece
 * whose characters a text does not contain cannot match anything in it, so leaving it out changes
 * nothing but the time: GFM's autolink literals alone (it looks at every letter and digit for an
 * e-mail address) are a third of micromark's work on a long post.
 */
const SYNTAX: Syntax[] = [
  // remark-mdx: micromark-extension-mdxjs (ESM, expressions, JSX, then mdx-md) and mdast-util-mdx (expressions, JSX, ESM).
  { may: (t) => /\b(?:import|export)\b/.test(t), micromark: mdxjsEsm(acorn), mdast: mdxjsEsmFromMarkdown() },
  { may: (t) => /[{}]/.test(t), micromark: mdxExpression(acorn), mdast: mdxExpressionFromMarkdown() },
  { may: (t) => t.includes('<'), micromark: mdxJsx(acorn), mdast: mdxJsxFromMarkdown() },
  // No indented code, HTML or <autolinks> in MDX: always.
  { may: () => true, micromark: mdxMd() },
  // remark-gfm: micromark-extension-gfm and mdast-util-gfm.
  { may: (t) => /www|http|@/i.test(t), micromark: gfmAutolinkLiteral(), mdast: gfmAutolinkLiteralFromMarkdown() },
  { may: (t) => t.includes('[^'), micromark: gfmFootnote(), mdast: gfmFootnoteFromMarkdown() },
  { may: (t) => t.includes('~'), micromark: gfmStrikethrough(), mdast: gfmStrikethroughFromMarkdown() },
  { may: (t) => t.includes('|'), micromark: gfmTable(), mdast: gfmTableFromMarkdown() },
  { may: (t) => /\[[\s\S]\]/.test(t), micromark: gfmTaskListItem(), mdast: gfmTaskListItemFromMarkdown() },
];

/** mdast-util-mdx's order of its pieces (expressions, JSX, ESM), which differs from micromark's. */
const MDAST_ORDER = [1, 2, 0, 3, 4, 5, 6, 7, 8];

const options = new Map<number, { extensions: Extension[]; mdastExtensions: MdastExtension[] }>();

/** The micromark and mdast extensions for a text: those of the syntax it may hold, made once per set. */
function optionsFor(text: string) {
  let mask = 0;
  SYNTAX.forEach((s, i) => {
    if (s.may(text)) mask |= 1 << i;
  });
  let found = options.get(mask);
  if (!found) {
    found = {
      extensions: SYNTAX.filter((_, i) => mask & (1 << i)).map((s) => s.micromark),
      mdastExtensions: MDAST_ORDER.filter((i) => mask & (1 << i)).flatMap((i) => SYNTAX[i]!.mdast ?? []),
    };
    options.set(mask, found);
  }
  return found;
}

/** The Markdown tree of an MDX body, the same as unified().use(remarkParse).use(remarkMdx).use(remarkGfm) parses, errors included. */
export function parseBody(text: string): Root {
  return fromMarkdown(text, optionsFor(text));
}

/** parseBody as a unified parser plugin, in place of remark-parse, remark-mdx and remark-gfm. */
export const remarkParseBody: Plugin<[], string, Root> = function (this: Processor) {
  this.parser = parseBody;
};
