import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, test } from 'vitest';
import { parseBody } from '#core/content/mdx/parse-body.ts';
import { longPost } from '../../bench/long-posts.mjs';

/** What remark-parse with remark-mdx and remark-gfm makes of a text, as @mdx-js/mdx parses it. */
const reference = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).freeze();

/** The tree, or the error with its place: a syntax error must read the same either way. */
function outcome(parse: () => unknown) {
  try {
    return { tree: parse() };
  } catch (err) {
    const e = err as { message: string; line?: number; column?: number };
    return { error: e.message, line: e.line, column: e.column };
  }
}

/** Texts that use each piece of syntax, or come close to it without using it. */
const EDGES = [
  'Visit www.example.com or https://example.com/path?x=1, and http://a.example.',
  'Mail shop@example.com, mailto:shop@example.com or xmpp:shop@example.com.',
  'HTTP://EXAMPLE.COM and WWW.EXAMPLE.COM in capitals',
  'An address without a dot a@b, www without one, http without a colon',
  'A footnote[^1] and another[^note].\n\n[^1]: The note.\n\n[^note]: Another, *emphasised*.',
  '~~struck~~ and ~single~ tilde, and ~~~ three',
  '| a | b |\n| --- | :-: |\n| 1 | 2 |\n| x \\| y | z |',
  'a | b\n--- | ---\n1 | 2',
  'a pipe | in a line, no table',
  '- [ ] to do\n- [x] done\n- [X] Done\n\n* [\t] tab',
  '[x] a box outside a list, and [ ] another',
  '<Tip>A tip with **bold**</Tip>',
  'Inline <Warning>careful</Warning> text and <b>bold</b>',
  '<Tip>\n  Call {phone}.\n</Tip>',
  'import x from "y"\n\nexport const a = 1\n\n# Title',
  'Words like important and exported are not ESM',
  'Call {phone} or {price.powerSupply}.',
  '{phone}',
  '{ unclosed',
  'closing } only',
  '{1 +}',
  'a < b',
  '    indented code stays a paragraph',
  '<div>html</div>',
  '<https://autolink.example>',
  'Text with [a link](https://example.com "title") and ![a picture](/a.png)',
  '[ref] and [^ref]\n\n[ref]: https://example.com',
  '`code {x} <y>` and\n\n```\nfence {x} <y> a@b.c\n```',
  'Setext\n===\n\n## ATX \\{#custom-id\\}',
  '1. one\n2. two\n\n> quote with @mention',
  '&amp; &copy; &#35; entities',
  '',
  'Hard  \nbreak and \\* escapes',
];

function bodies(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.mdx'))
    .map((f) => readFileSync(path.join(dir, f), 'utf8'));
}

describe('a body is parsed with only the syntax its characters allow', () => {
  const texts = [
    ...EDGES,
    ...bodies(path.resolve('content')),
    ...bodies(path.resolve('tests/fixtures')),
    ...Array.from({ length: 20 }, (_, i) => longPost(i + 1, 20).body),
  ];

  test.each(texts.map((text) => [text.slice(0, 60).replace(/\n/g, '⏎'), text]))('the same tree as remark-mdx and remark-gfm: %s', (_, text) => {
    expect(outcome(() => parseBody(text))).toEqual(outcome(() => reference.parse(text)));
  });

  test('the corpus holds every piece of syntax, and bodies with errors', () => {
    const trees = texts.map((t) => outcome(() => reference.parse(t)));
    const types = new Set<string>();
    const walk = (n: { type: string; children?: unknown[] }) => {
      types.add(n.type);
      n.children?.forEach((c) => walk(c as typeof n));
    };
    for (const o of trees) if (o.tree) walk(o.tree as { type: string });
    for (const type of ['mdxjsEsm', 'mdxTextExpression', 'mdxFlowExpression', 'mdxJsxFlowElement', 'mdxJsxTextElement', 'footnoteReference', 'footnoteDefinition', 'delete', 'table', 'link', 'code']) {
      expect(types, type).toContain(type);
    }
    expect(trees.filter((o) => o.error).length).toBeGreaterThan(2);
  });
});
