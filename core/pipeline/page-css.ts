import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Parser } from 'htmlparser2';

/**
 * Each page carries only the rules of the site's stylesheet that can apply to it, under short class
 * names (decision 092): the whole stylesheet was 7.2 KB of every page's 15–18 KB of gzip, and a page
 * must fit the first TCP window (about 14 KB) to arrive in one round trip.
 *
 * A rule is kept unless each of its selectors names a class, id or element the page does not have.
 * Pseudo-classes and attribute selectors are taken to match (menus open, links get hovered, the
 * enhancer sets attributes), so a kept rule may go unused, but a dropped one could never apply.
 * Custom properties, @property and @keyframes stay while a kept rule uses them. Then every class
 * that a kept rule names is renamed, in the rules and in the class attributes, to a name of one or
 * two letters (the most used first); classes no rule names keep their names.
 *
 * So the browser code must not add or remove classes by name (it sets attributes instead), and a
 * page with an island (decision 090) keeps the whole stylesheet and its class names: the island
 * renders markup the HTML does not have yet.
 */

/**
 * Part of the page cache's key (prerender.ts): a kept page was made by this code. The hash of this
 * module's source (in the CLI bundle too: each module keeps its own import.meta.url, cli/load.mjs),
 * so an edit here can never publish pages made by the old code.
 */
export const PAGE_CSS_VERSION = (() => {
  try {
    return `page-css ${createHash('sha256').update(readFileSync(fileURLToPath(import.meta.url))).digest('hex').slice(0, 16)}`;
  } catch {
    return `page-css ${Date.now()}`;
  }
})();

/** A selector, with what a page must have for it to match. */
interface Selector {
  text: string;
  classes: string[];
  ids: string[];
  tags: string[];
  /** Lists of which the page must have one entry each (in `tags`). */
  oneOf: string[][];
}

/** A parsed piece of CSS: a style rule, a grouping at-rule (with rules inside), or anything else kept as it is. */
type Node =
  | { kind: 'style'; selectors: Selector[]; body: string }
  | { kind: 'group'; prelude: string; children: Node[] }
  | { kind: 'other'; text: string; prelude: string };

/** What a page's HTML has, and where its class attributes are. */
interface PageFacts {
  classes: Map<string, number>;
  ids: Set<string>;
  /** Element names, and `input:<type>` for each type of input (the form controls' pseudo-elements need theirs). */
  tags: Set<string>;
  island: boolean;
  /** Each tag with a class attribute: its start and end in the HTML. */
  classTags: [number, number][];
}

/** What `html` has; the text from `skipFrom` to `skipTo` (the inlined stylesheet) is not read. */
function factsOf(html: string, skipFrom = html.length, skipTo = html.length): PageFacts {
  const facts: PageFacts = { classes: new Map(), ids: new Set(), tags: new Set(), island: false, classTags: [] };
  const shift = (i: number) => (i >= skipFrom ? i + (skipTo - skipFrom) : i);
  const parser: Parser = new Parser(
    {
      onopentag(name, attribs) {
        facts.tags.add(name);
        if (name === 'input') facts.tags.add(`input:${(attribs.type ?? 'text').toLowerCase()}`);
        if (attribs.class !== undefined) {
          facts.classTags.push([shift(parser.startIndex), shift(parser.endIndex) + 1]);
          for (const c of attribs.class.split(/\s+/)) if (c) facts.classes.set(c, (facts.classes.get(c) ?? 0) + 1);
        }
        if (attribs.id) facts.ids.add(attribs.id);
        if ('data-island' in attribs) facts.island = true;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(skipFrom < html.length ? html.slice(0, skipFrom) + html.slice(skipTo) : html);
  return facts;
}

// ---- Reading CSS -------------------------------------------------------------------------------

/** The index after a string or comment starting at `i`, or `i` when none starts there. */
function skipQuoted(css: string, i: number): number {
  const c = css.charCodeAt(i);
  if (c === 47 /* / */ && css.charCodeAt(i + 1) === 42 /* * */) {
    const end = css.indexOf('*/', i + 2);
    return end < 0 ? css.length : end + 2;
  }
  if (c === 34 /* " */ || c === 39 /* ' */) {
    let j = i + 1;
    while (j < css.length && css.charCodeAt(j) !== c) j += css.charCodeAt(j) === 92 /* \ */ ? 2 : 1;
    return j + 1;
  }
  return i;
}

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').trim();

/** The top-level rules (`prelude{body}`) and statements (`prelude;`) of `css`. */
function splitRules(css: string): { prelude: string; body?: string }[] {
  const items: { prelude: string; body?: string }[] = [];
  let start = 0;
  let i = 0;
  while (i < css.length) {
    const skipped = skipQuoted(css, i);
    if (skipped !== i) {
      i = skipped;
      continue;
    }
    const c = css[i];
    if (c === ';') {
      const statement = withoutComments(css.slice(start, i));
      if (statement) items.push({ prelude: statement });
      start = ++i;
    } else if (c === '{') {
      let depth = 1;
      let j = i + 1;
      while (j < css.length && depth > 0) {
        const s = skipQuoted(css, j);
        if (s !== j) {
          j = s;
          continue;
        }
        if (css[j] === '{') depth++;
        else if (css[j] === '}') depth--;
        j++;
      }
      items.push({ prelude: withoutComments(css.slice(start, i)), body: css.slice(i + 1, j - 1) });
      start = i = j;
    } else i++;
  }
  const rest = withoutComments(css.slice(start));
  if (rest) items.push({ prelude: rest });
  return items;
}

/** Splits at top-level commas (or semicolons), outside parentheses, brackets, braces and strings. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const skipped = skipQuoted(text, i);
    if (skipped !== i) {
      i = skipped - 1;
      continue;
    }
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

const isNameChar = (code: number) =>
  (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 45 || code === 95 || code > 0x7f;

/** The CSS identifier (escapes resolved) at `i`, and the index after it. */
function readIdent(s: string, i: number): [string, number] {
  let out = '';
  while (i < s.length) {
    const code = s.charCodeAt(i);
    if (code === 92 /* \ */) {
      const hex = /^[0-9a-fA-F]{1,6}\s?/.exec(s.slice(i + 1, i + 8));
      if (hex) {
        out += String.fromCodePoint(parseInt(hex[0].trim(), 16));
        i += 1 + hex[0].length;
      } else {
        out += s[i + 1] ?? '';
        i += 2;
      }
    } else if (isNameChar(code)) {
      out += s[i];
      i++;
    } else break;
  }
  return [out, i];
}

/** The index after the parenthesised text that opens at `i`. */
function closeParen(s: string, i: number): number {
  let depth = 0;
  for (let j = i; j < s.length; j++) {
    const skipped = skipQuoted(s, j);
    if (skipped !== j) {
      j = skipped - 1;
      continue;
    }
    if (s[j] === '\\') j++;
    else if (s[j] === '(') depth++;
    else if (s[j] === ')' && --depth === 0) return j + 1;
  }
  return s.length;
}

/** The index after the attribute selector that opens at `i`. */
function closeBracket(s: string, i: number): number {
  let j = i + 1;
  while (j < s.length && s[j] !== ']') {
    const skipped = skipQuoted(s, j);
    j = skipped !== j ? skipped : j + (s[j] === '\\' ? 2 : 1);
  }
  return j + 1;
}

/** Pseudo-elements that only inputs of some types have: such a rule needs one of them (`input:date`, …). */
const INPUT_PARTS: [RegExp, string[]][] = [
  [/^-webkit-(datetime-edit|date-and-time-value|calendar-picker-indicator)/, ['date', 'datetime-local', 'month', 'time', 'week']],
  [/^-webkit-(inner|outer)-spin-button$/, ['number', 'date', 'datetime-local', 'month', 'time', 'week']],
  [/^-webkit-search-/, ['search']],
  [/^file-selector-button$/, ['file']],
];

/** Pseudo-classes whose argument must match too, when it is one selector (not a list). */
const MATCHING = new Set(['is', 'where', 'matches', '-webkit-any']);

/** What `text` requires of a page: the classes, ids and elements of its compounds (and of single-selector :is/:where). */
function requirements(text: string, into: Selector = { text, classes: [], ids: [], tags: [], oneOf: [] }): Selector {
  let i = 0;
  let compoundStart = true;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '.' || c === '#') {
      const [name, next] = readIdent(text, i + 1);
      (c === '.' ? into.classes : into.ids).push(name);
      i = next;
      compoundStart = false;
    } else if (c === '[') {
      i = closeBracket(text, i);
      compoundStart = false;
    } else if (c === ':') {
      const element = text[i + 1] === ':';
      const [name, next] = readIdent(text, i + (element ? 2 : 1));
      i = next;
      const types = element ? INPUT_PARTS.find(([part]) => part.test(name))?.[1] : undefined;
      if (types) into.oneOf.push(types.map((type) => `input:${type}`));
      if (text[i] === '(') {
        const end = closeParen(text, i);
        const alternatives = splitTopLevel(text.slice(i + 1, end - 1), ',');
        if (!element && MATCHING.has(name.toLowerCase()) && alternatives.length === 1) requirements(alternatives[0]!, into);
        i = end;
      }
      compoundStart = false;
    } else if (c === ' ' || c === '>' || c === '+' || c === '~' || c === '\n' || c === '\t') {
      i++;
      compoundStart = true;
    } else if (compoundStart && /[a-zA-Z]/.test(c)) {
      const [tag, next] = readIdent(text, i);
      into.tags.push(tag.toLowerCase());
      i = next;
      compoundStart = false;
    } else {
      i++;
      compoundStart = false;
    }
  }
  return into;
}

/** At-rules whose body is a list of rules, kept when a rule inside is kept. */
const GROUPING = /^@(media|supports|layer|container|scope|starting-style|document)\b/i;

function parse(css: string): Node[] {
  return splitRules(css).map((item): Node => {
    if (item.body === undefined) return { kind: 'other', prelude: item.prelude, text: `${item.prelude};` };
    if (item.prelude.startsWith('@')) {
      if (GROUPING.test(item.prelude)) return { kind: 'group', prelude: item.prelude, children: parse(item.body) };
      return { kind: 'other', prelude: item.prelude, text: `${item.prelude}{${item.body}}` };
    }
    return { kind: 'style', selectors: splitTopLevel(item.prelude, ',').map((s) => requirements(s)), body: item.body };
  });
}

/** The parsed stylesheet: the same CSS text for every page of a build, so it is read once. */
let parsed: { css: string; nodes: Node[] } | undefined;
const parseOnce = (css: string) => (parsed?.css === css ? parsed.nodes : (parsed = { css, nodes: parse(css) }).nodes);

// ---- Choosing and writing rules ----------------------------------------------------------------

const mayMatch = (s: Selector, facts: PageFacts) =>
  s.classes.every((c) => facts.classes.has(c)) &&
  s.ids.every((id) => facts.ids.has(id)) &&
  s.tags.every((t) => facts.tags.has(t)) &&
  s.oneOf.every((any) => any.some((t) => facts.tags.has(t)));

/** The rules that may match the page: style rules with their matching selectors, groups with what is left inside. */
function keep(nodes: Node[], facts: PageFacts): Node[] {
  return nodes.flatMap((node): Node[] => {
    if (node.kind === 'style') {
      const selectors = node.selectors.filter((s) => mayMatch(s, facts));
      return selectors.length ? [{ ...node, selectors }] : [];
    }
    if (node.kind === 'group') {
      const children = keep(node.children, facts);
      // A group with no rules left goes, except a layer statement's order (`@layer a, b;` is 'other').
      return children.length ? [{ ...node, children }] : [];
    }
    return [node];
  });
}

/** `text` (a selector) with each class that `rename` names renamed; attribute selectors and strings are left alone. */
function renameClasses(text: string, rename: (name: string) => string | undefined): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '[') {
      const end = closeBracket(text, i);
      out += text.slice(i, end);
      i = end;
    } else if (c === '\\') {
      out += text.slice(i, i + 2);
      i += 2;
    } else if (c === '.' && i + 1 < text.length && (isNameChar(text.charCodeAt(i + 1)) || text[i + 1] === '\\')) {
      const [name, next] = readIdent(text, i + 1);
      const short = rename(name);
      out += short === undefined ? text.slice(i, next) : `.${short}`;
      i = next;
    } else {
      const skipped = Math.max(skipQuoted(text, i), i + 1);
      out += text.slice(i, skipped);
      i = skipped;
    }
  }
  return out;
}

function write(nodes: Node[], names?: Map<string, string>): string {
  return nodes
    .map((node) => {
      if (node.kind === 'style') return `${node.selectors.map((s) => (names ? renameClasses(s.text, (c) => names.get(c)) : s.text)).join(',')}{${node.body}}`;
      if (node.kind === 'group') return `${node.prelude}{${write(node.children, names)}}`;
      return node.text;
    })
    .join('');
}

/**
 * Drops what no kept rule uses: custom property declarations, @property registrations and
 * @keyframes, until nothing more goes (a variable may be used only by another that went).
 */
function pruneUnused(nodes: Node[]): Node[] {
  for (;;) {
    const text = write(nodes);
    const used = new Set(Array.from(text.matchAll(/var\((--[\w-]+)/g), (m) => m[1]!));
    // Where a keyframes name can be used: anywhere but in the @keyframes rules themselves.
    const outside = text.replace(/@(?:-webkit-)?keyframes\s+[\w-]+\{(?:[^{}]|\{[^{}]*\})*\}/g, '');
    let changed = false;
    const prune = (list: Node[]): Node[] =>
      list.flatMap((node): Node[] => {
        if (node.kind === 'group') {
          const children = prune(node.children);
          if (!children.length) changed = true;
          return children.length ? [{ ...node, children }] : [];
        }
        if (node.kind === 'other') {
          const property = /^@property\s+(--[\w-]+)/.exec(node.prelude);
          const keyframes = /^@(?:-webkit-)?keyframes\s+([\w-]+)/.exec(node.prelude);
          const drop = property ? !used.has(property[1]!) : keyframes ? !new RegExp(`(^|[^\\w-])${keyframes[1]}([^\\w-]|$)`).test(outside) : false;
          if (drop) changed = true;
          return drop ? [] : [node];
        }
        if (!node.body.includes('--')) return [node];
        const declarations = splitTopLevel(node.body, ';');
        const kept = declarations.filter((d) => {
          const custom = /^(--[\w-]+)\s*:/.exec(d);
          return !custom || used.has(custom[1]!);
        });
        if (kept.length === declarations.length) return [node];
        changed = true;
        return kept.length ? [{ ...node, body: kept.join(';') }] : [];
      });
    nodes = prune(nodes);
    if (!changed) return nodes;
  }
}

const FIRST = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const NEXT = `${FIRST}0123456789-_`;

/** Short class names in order: a…Z, then aa…Z_, then three characters (a page names a few hundred classes). */
function* shortNames(): Generator<string> {
  for (const a of FIRST) yield a;
  for (const a of FIRST) for (const b of NEXT) yield a + b;
  for (const a of FIRST) for (const b of NEXT) for (const c of NEXT) yield a + b + c;
}

/** Every class the selectors of `nodes` name, anywhere in them (in :not() and :has() too). */
function classesIn(nodes: Node[], into = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if (node.kind === 'style') for (const s of node.selectors) renameClasses(s.text, (name) => void into.add(name));
    else if (node.kind === 'group') classesIn(node.children, into);
  }
  return into;
}

/** The rules of the stylesheet `css` that can apply to the page `html` (all of them for a page with an island), with their class names. */
export function pageCss(html: string, css: string): string {
  const facts = factsOf(html);
  if (facts.island) return css;
  return licenceOf(css) + write(pruneUnused(keep(parseOnce(css), facts)));
}

const licenceOf = (css: string) => /^\s*(\/\*![\s\S]*?\*\/)/.exec(css)?.[1] ?? '';

const htmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const htmlUnescape = (s: string) =>
  s.replace(/&(amp|quot|lt|gt|#39|#x27);/g, (_, e: string) => ({ amp: '&', quot: '"', lt: '<', gt: '>', '#39': "'", '#x27': "'" })[e]!);

/**
 * `html` (rendered with the whole stylesheet `css` inlined) with only its own rules, under short
 * class names, and a Content-Security-Policy before them that allows exactly that <style> (the
 * header's policy cannot list a hash per page: decision 092). Returned as it is when it does not
 * inline `css`.
 */
export function inlinePageCss(html: string, css: string): string {
  const open = html.indexOf('<style>') + '<style>'.length;
  const close = open + css.length;
  if (!css || open < '<style>'.length || !html.startsWith(css, open) || !html.startsWith('</style>', close)) return html;
  const facts = factsOf(html, open, close);
  let own = css;
  const edits: [number, number, string][] = [];
  if (!facts.island) {
    const nodes = pruneUnused(keep(parseOnce(css), facts));
    const named = classesIn(nodes);
    const byUse = [...named].filter((c) => facts.classes.has(c)).sort((a, b) => facts.classes.get(b)! - facts.classes.get(a)! || (a < b ? -1 : 1));
    // A short name never equals a class of the page that keeps its name (one no rule names).
    const names = new Map<string, string>();
    const free = shortNames();
    for (const c of byUse) {
      let short = free.next().value!;
      while (facts.classes.has(short) && !named.has(short)) short = free.next().value!;
      names.set(c, short);
    }
    own = licenceOf(css) + write(nodes, names);
    for (const [start, end] of facts.classTags) edits.push([start, end, renameInTag(html.slice(start, end), names)]);
  }
  const hash = createHash('sha256').update(own, 'utf8').digest('base64');
  const policy = `<meta http-equiv="Content-Security-Policy" content="style-src 'self' 'sha256-${hash}'"/>`;
  edits.push([open - '<style>'.length, close, `${policy}<style>${own}`]);
  edits.sort((a, b) => a[0] - b[0]);
  let out = '';
  let last = 0;
  for (const [start, end, text] of edits) {
    out += html.slice(last, start) + text;
    last = end;
  }
  return out + html.slice(last);
}

/** A start tag with the classes of its class attribute renamed by `names`. */
function renameInTag(tag: string, names: Map<string, string>): string {
  return tag.replace(/(\sclass=)(?:"([^"]*)"|'([^']*)')/, (_, attr: string, dq?: string, sq?: string) => {
    const value = (dq ?? sq ?? '')
      .split(/(\s+)/)
      .map((token) => {
        if (!token.trim()) return token;
        const name = htmlUnescape(token);
        const short = names.get(name);
        return short === undefined ? htmlEscape(name) : short;
      })
      .join('');
    return `${attr}"${value}"`;
  });
}
