import MarkdownIt, { type Token } from 'markdown-it';
import type { Nodes, Parent, PhrasingContent, Root, RootContent, Table, TableCell, Text } from 'mdast';
import { PLACEHOLDERS } from '../facts.ts';

/**
 * CommonMark with GFM tables, as markdown-it reads it, and `{placeholder}` expressions. Everything
 * else MDX or GFM adds is left to the full parser (see `mayBeFast`), and so are the characters
 * that would start it. Links keep the destination as written: MDX's tree does not encode it.
 */
const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false });
md.disable(['code', 'strikethrough', 'linkify', 'replacements', 'smartquotes', 'html_block', 'html_inline', 'autolink']);
md.normalizeLink = (url) => url;
md.normalizeLinkText = (text) => text;
md.validateLink = () => true;
const EXPRESSION = /\{([ \w.]*)\}/y;
md.inline.ruler.push('mdx_expression', (state, silent) => {
  if (state.src.charCodeAt(state.pos) !== 0x7b) return false;
  EXPRESSION.lastIndex = state.pos;
  const found = EXPRESSION.exec(state.src);
  if (!found || state.pos + found[0].length > state.posMax) return false;
  if (!silent) state.push('mdx_expression', '', 0).content = found[1]!;
  state.pos += found[0].length;
  return true;
});
/**
 * An `*` or `_` run that may both open and close emphasis is where markdown-it and micromark part
 * (micromark applies CommonMark's "multiple of 3" rule to what is left of a run, markdown-it to the
 * whole run): such a body goes to MDX's parser. This rule only looks; emphasis is markdown-it's.
 */
md.inline.ruler.before('emphasis', 'mdx_both_flanking', (state) => {
  const marker = state.src.charCodeAt(state.pos);
  if (marker !== 0x2a && marker !== 0x5f) return false;
  const run = state.scanDelims(state.pos, marker === 0x2a);
  if (run.can_open && run.can_close) (state.env as Env).slow = true;
  return false;
});

type Env = Record<PropertyKey, unknown> & { slow?: boolean; ticksOf?: string; ticks?: number };
const MAX_BACKTICKS = 400;

/**
 * A code span across lines: MDX keeps its line endings in the tree (headings' ids and images' alt
 * text read them), markdown-it makes them spaces. This rule only looks, as markdown-it's own
 * backticks rule finds a span: the same run of backticks closes it.
 */
md.inline.ruler.before('backticks', 'mdx_code_lines', (state) => {
  const src = state.src;
  if (src.charCodeAt(state.pos) !== 0x60) return false;
  const env = state.env as Env;
  // Each run looks ahead through the runs after it: a text with very many goes to MDX's parser.
  if (env.ticksOf !== src) [env.ticksOf, env.ticks] = [src, src.split('`').length - 1];
  if (env.ticks! > MAX_BACKTICKS) {
    env.slow = true;
    return false;
  }
  let open = state.pos;
  while (open < state.posMax && src.charCodeAt(open) === 0x60) open++;
  const run = open - state.pos;
  for (let at = src.indexOf('`', open); at !== -1 && at < state.posMax; at = src.indexOf('`', at)) {
    let end = at;
    while (end < state.posMax && src.charCodeAt(end) === 0x60) end++;
    if (end - at === run) {
      if (src.slice(open, at).includes('\n')) env.slow = true;
      break;
    }
    at = end;
  }
  return false;
});

/**
 * What a body must not hold for the fast parser to read it as MDX does: JSX and HTML (`<`); tabs
 * and other line endings; GFM's strikethrough, autolink literals, footnotes and task boxes;
 * reference definitions (MDX keeps them as references, which are not checked as links); and at the
 * start of a line, where MDX reads flow: an expression, ESM, or four spaces (MDX has no indented
 * code, so it reads indented lines otherwise than CommonMark).
 */
const SLOW = [/[<\t\r\0\v\f~]|\\\\\|/, /www|http|@|\[\^|\]:|\[[\sxX]\]/i, /^[ >*+\-\d.)]*(?:\{|import\b|export\b| {4,}\S)/m];

/** A line that may be a table's delimiter row (or a setext underline, or a thematic break). */
const DELIMITER_ROW = /^[ >]*[|: ]*-[-|: ]*$/;
const PIPE_FIRST = /^ {0,3}\|/;

/**
 * Whether a table may start where the parsers disagree on it. Both agree on a table whose header
 * and delimiter rows start with a pipe; around any other line that may be a delimiter row they
 * part: GFM takes a header row without a pipe, and `:-:` under a line; markdown-it takes `---`
 * under a row with a pipe (a setext heading to GFM), and a "header" that starts a block quote.
 */
function tablesDiffer(lines: string[]): boolean {
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (!DELIMITER_ROW.test(line)) continue;
    const before = lines[i - 1]!;
    if (!/[|:]/.test(line) && !before.includes('|')) continue;
    if (!PIPE_FIRST.test(line) || !PIPE_FIRST.test(before)) return true;
  }
  return false;
}

/** Whether a body may take the fast parser: none of the above, and braces only around placeholders. */
export function mayBeFast(text: string): boolean {
  if (SLOW.some((re) => re.test(text)) || (text.includes('|') && tablesDiffer(text.split('\n')))) return false;
  return !/[{}]/.test(text.replace(/\\[{}]/g, '').replace(/\{[ \w.]*\}/g, ''));
}

/**
 * The Markdown tree of a body written in the Markdown most bodies use, as parseBody() makes it but
 * about ten times sooner, without positions; or undefined when the body uses anything else (the
 * caller then parses it with parseBody). Lists are marked spread as a whole when loose, which is
 * all that HTML shows of spread; a test compares the HTML of both parsers over a corpus and
 * generated texts.
 */
export function parseFast(text: string): Root | undefined {
  if (!mayBeFast(text)) return undefined;
  const root: Root = { type: 'root', children: [] };
  const stack: Parent[] = [root];
  const open = (node: RootContent & Parent) => {
    stack.at(-1)!.children.push(node as never);
    stack.push(node);
  };
  let row = 0;
  let align: Table['align'] & unknown[] = [];
  const env: Env = {};
  const tokens = md.parse(text, env);
  if (env.slow) return undefined;
  let lines: string[] | undefined;
  for (const [index, token] of tokens.entries()) {
    switch (token.type) {
      case 'paragraph_open':
        // A paragraph markdown-it shows in a list item makes the list loose.
        if (!token.hidden && stack.at(-1)!.type === 'listItem') (stack.at(-2) as { spread?: boolean }).spread = true;
        open({ type: 'paragraph', children: [] });
        break;
      case 'heading_open':
        open({ type: 'heading', depth: Number(token.tag.slice(1)) as 1, children: [] });
        break;
      case 'blockquote_open':
        open({ type: 'blockquote', children: [] });
        break;
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const ordered = token.type === 'ordered_list_open';
        lines ??= text.split('\n');
        if (!token.map) return undefined;
        const [first, end] = token.map;
        // A list from 2 may not interrupt a paragraph: where a container starts on the line after one, the parsers part.
        if (ordered && token.attrGet('start') !== null && first > 0 && lines[first - 1]!.trim()) return undefined;
        // In a block quote, blank lines in or after a list make it loose to one parser and not the other.
        if (stack.some((n) => n.type === 'blockquote') && lines.slice(first, end + 1).some((line) => /^[ >]*$/.test(line))) return undefined;
        open({ type: 'list', ordered, start: ordered ? Number(token.attrGet('start') ?? 1) : null, spread: false, children: [] });
        break;
      }
      case 'list_item_open':
        // An empty item: where blank lines follow, the parsers part on where the list ends.
        if (tokens[index + 1]?.type === 'list_item_close') return undefined;
        open({ type: 'listItem', spread: false, checked: null, children: [] });
        break;
      case 'table_open':
        // Cells past the header's count: markdown-it drops them, MDX keeps them (unseen, but their links are checked).
        if (stack.length > 1 || !token.map) return undefined;
        lines ??= text.split('\n');
        if (lines.slice(token.map[0] + 2, token.map[1]).some((line) => cells(line) > cells(lines![token.map![0]]!))) return undefined;
        row = 0;
        align = [];
        open({ type: 'table', align: [], children: [] });
        break;
      case 'tr_open':
        open({ type: 'tableRow', children: [] });
        break;
      case 'th_open':
      case 'td_open':
        if (row === 0) align.push((/text-align:(left|right|center)/.exec(String(token.attrGet('style') ?? ''))?.[1] ?? null) as 'left' | null);
        open({ type: 'tableCell', children: [] } as TableCell as never);
        break;
      case 'tr_close':
        if (row++ === 0) (stack.at(-2) as Table).align = align;
        stack.pop();
        break;
      case 'paragraph_close':
      case 'heading_close':
      case 'blockquote_close':
      case 'bullet_list_close':
      case 'ordered_list_close':
      case 'list_item_close':
      case 'table_close':
      case 'th_close':
      case 'td_close':
        stack.pop();
        break;
      case 'thead_open':
      case 'thead_close':
      case 'tbody_open':
      case 'tbody_close':
        break;
      case 'hr':
        stack.at(-1)!.children.push({ type: 'thematicBreak' } as never);
        break;
      case 'fence': {
        // A fence left open: the parsers keep its trailing blank lines differently.
        lines ??= text.split('\n');
        if (!token.map || token.map[1] - 1 <= token.map[0] || !/^[ >]*(`{3,}|~{3,})[ ]*$/.test(lines[token.map[1] - 1] ?? '')) return undefined;
        const info = /^(\S*)\s*([\s\S]*)$/.exec(token.info.trim())!;
        const value = token.content.endsWith('\n') ? token.content.slice(0, -1) : token.content;
        stack.at(-1)!.children.push({ type: 'code', lang: info[1] || null, meta: info[2] || null, value } as never);
        break;
      }
      case 'inline': {
        const children = phrasing(token.children ?? []);
        if (!children) return undefined;
        stack.at(-1)!.children.push(...(children as never[]));
        break;
      }
      default:
        return undefined;
    }
  }
  return root;
}

/** The phrasing nodes of an inline token's children, or undefined for anything not handled here. */
function phrasing(tokens: Token[]): PhrasingContent[] | undefined {
  const root = { children: [] as PhrasingContent[] };
  const stack: { children: PhrasingContent[] }[] = [root];
  const push = (node: PhrasingContent) => stack.at(-1)!.children.push(node);
  const text = (value: string) => {
    const last = stack.at(-1)!.children.at(-1);
    if (last?.type === 'text') last.value += value;
    else push({ type: 'text', value });
  };
  const open = (node: PhrasingContent & { children: PhrasingContent[] }) => {
    push(node);
    stack.push(node);
  };
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
      case 'text_special':
        text(token.content);
        break;
      case 'softbreak':
        text('\n');
        break;
      case 'hardbreak':
        push({ type: 'break' });
        break;
      case 'code_inline':
        push({ type: 'inlineCode', value: token.content });
        break;
      case 'em_open':
        open({ type: 'emphasis', children: [] });
        break;
      case 'strong_open':
        open({ type: 'strong', children: [] });
        break;
      case 'link_open':
        open({ type: 'link', title: attr(token, 'title'), url: attr(token, 'href') ?? '', children: [] });
        break;
      case 'em_close':
      case 'strong_close':
      case 'link_close':
        stack.pop();
        break;
      case 'image': {
        const alt = phrasing(token.children ?? []);
        if (!alt) return undefined;
        push({ type: 'image', title: attr(token, 'title'), url: attr(token, 'src') ?? '', alt: alt.map(toString).join('') });
        break;
      }
      case 'mdx_expression':
        // An unknown name is a problem to show at its place: the full parser has the places.
        if (!PLACEHOLDERS.includes(token.content.trim())) return undefined;
        push({ type: 'mdxTextExpression', value: token.content } as never);
        break;
      default:
        return undefined;
    }
  }
  return root.children;
}

const attr = (token: Token, name: string): string | null => {
  const value = token.attrGet(name);
  return value === null ? null : String(value);
};

/** The cells of a table row, as markdown-it splits it. */
function cells(line: string): number {
  const parts = line.trim().split(/(?<!\\)\|/);
  return parts.length - (parts[0] === '' ? 1 : 0) - (parts.length > 1 && parts.at(-1) === '' ? 1 : 0);
}

/** mdast-util-to-string, as MDX makes an image's alt text: values, alts, and children's text. */
function toString(node: Nodes): string {
  if ('value' in node) return (node as Text).value;
  if ('alt' in node) return node.alt ?? '';
  return 'children' in node ? (node.children as Nodes[]).map(toString).join('') : '';
}
