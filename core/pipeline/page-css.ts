import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Parser } from 'htmlparser2';
import { transform, type Selector, type Targets } from 'lightningcss';

/**
 * Each page inlines only the rules of the site's stylesheet that can apply to it (decision 092): the
 * whole stylesheet would be 6 of a page's 14 KB of gzip, and a page must fit the first TCP window to
 * arrive in one round trip. Lightning CSS (the minifier Vite and Tailwind already run) reads the
 * stylesheet and writes each page's part; class names stay as the components write them, so a page
 * of `site build` has the class names of `site dev` (decision 113).
 *
 * A selector stays unless it names a class, id or element the page does not have: states and
 * attributes (`:hover`, `[open]`, what the enhancer sets) count as possible, so a kept rule may go
 * unused but a dropped one could never apply. The browser code must therefore never add a class (it
 * sets attributes), and a page with an island keeps the whole stylesheet: the island renders markup
 * the HTML does not have yet (decision 090).
 */

/** Part of the page cache's key (prerender.ts): a page kept was made by this code, as its source's hash says. */
export const PAGE_CSS_VERSION = `page-css ${createHash('sha256').update(readFileSync(new URL(import.meta.url))).digest('base64url')}`;

/**
 * The browsers the stylesheet was minified for: Vite's `build.target` 'es2022' (vite.config.ts) as
 * Vite gives it to Lightning CSS. Minifying a page's rules for the same browsers keeps every fallback
 * and prefix the built stylesheet has (without targets, `#ffd236` before `lab(…)` would go).
 */
const TARGETS: Targets = { chrome: 94 << 16, edge: 94 << 16, firefox: 93 << 16, opera: 80 << 16, safari: (16 << 16) | (4 << 8), ios_saf: (16 << 16) | (4 << 8) };

/**
 * What a page has that a selector may need, one name each: `.class`, `#id`, the element's name (lower
 * case) and `input:<type>` for each input (the form controls' parts need theirs); and whether it has an island.
 */
function factsOf(html: string) {
  const facts = { has: new Set<string>(), island: false };
  new Parser(
    {
      onopentag(name, attribs) {
        facts.has.add(name);
        if (name === 'input') facts.has.add(`input:${(attribs.type ?? 'text').toLowerCase()}`);
        for (const c of attribs.class?.split(/\s+/) ?? []) if (c) facts.has.add(`.${c}`);
        if (attribs.id) facts.has.add(`#${attribs.id}`);
        if ('data-island' in attribs) facts.island = true;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  ).end(html);
  return facts;
}

/** Parts of form controls that only inputs of some types have: a selector of one needs such an input. */
const INPUT_PARTS: [RegExp, string[]][] = [
  [/^-webkit-(datetime-edit|date-and-time-value|calendar-picker-indicator)/, ['date', 'datetime-local', 'month', 'time', 'week']],
  [/^-webkit-(inner|outer)-spin-button$/, ['number', 'date', 'datetime-local', 'month', 'time', 'week']],
  [/^-webkit-search-/, ['search']],
  [/^file-selector-button$/, ['file']],
];

/** Whether `selector` can match in a page that `has` those names: each class, id, element and input part it needs is there (in `:is()`/`:where()`, those of one alternative). */
function mayMatch(selector: Selector, has: Set<string>): boolean {
  return selector.every((c) => {
    if (c.type === 'class') return has.has(`.${c.name}`);
    if (c.type === 'id') return has.has(`#${c.name}`);
    if (c.type === 'type') return has.has(c.name.toLowerCase());
    if (c.type === 'pseudo-class' && (c.kind === 'is' || c.kind === 'where' || c.kind === 'any')) return c.selectors.some((s) => mayMatch(s, has));
    if (c.type === 'pseudo-element') {
      const types = INPUT_PARTS.find(([part]) => part.test(c.kind === 'custom' ? c.name : c.kind))?.[1];
      return !types || types.some((type) => has.has(`input:${type}`));
    }
    return true;
  });
}

/**
 * For a build's stylesheet `css`: a function from a page rendered with `css` inlined in its one
 * `<style>` to the page with only its own rules there, and before them a Content-Security-Policy
 * that allows exactly that `<style>` (the header's policy cannot list a hash per page: decision 092).
 * A page that does not inline `css` is returned as it is.
 */
export function pageStyles(css: string): (html: string) => string {
  const code = Buffer.from(css);
  // Read once a build: each style rule's selectors and the custom properties its declarations read,
  // those read elsewhere (in @keyframes), and those declared. The visitor enters a rule, then its
  // declarations, depth first: a variable belongs to the rule entered last.
  const rules: { selectors: Selector[]; reads: string[] }[] = [];
  const readOutside: string[] = [];
  const declared = new Set<string>();
  let reads = readOutside;
  transform({
    filename: 'styles.css',
    code,
    visitor: {
      Rule: (rule) => {
        if (rule.type === 'style') rules.push({ selectors: rule.value.selectors, reads: (reads = []) });
        else reads = readOutside;
        if (rule.type === 'property') declared.add(rule.value.name);
      },
      Variable: (variable) => void reads.push(variable.name.ident),
      // Lightning CSS reads a property it does not know as a custom one too: only `--…` are variables.
      Declaration: { custom: ({ name }) => void (name.startsWith('--') && declared.add(name)) },
    },
  });

  /** The rules that can apply to a page that `has` those names, without the custom properties (and their @property) that none of them reads. */
  const ownRules = (has: Set<string>, kept: boolean[]): string => {
    const read = new Set(readOutside);
    rules.forEach((rule, i) => kept[i] && rule.reads.forEach((name) => read.add(name)));
    const { code: own } = transform({
      filename: 'styles.css',
      code,
      minify: true,
      targets: TARGETS,
      visitor: { Selector: (selector) => (mayMatch(selector, has) ? undefined : []) },
      unusedSymbols: [...declared].filter((name) => !read.has(name)),
    });
    return Buffer.from(own).toString();
  };

  // Pages whose selectors match alike get the same rules, written once a build: the 1,000 posts of
  // the bench are one such set (decision 113).
  const written = new Map<string, string>();
  return (html) => {
    const open = html.indexOf('<style>') + '<style>'.length;
    const close = open + css.length;
    if (!css || open < '<style>'.length || !html.startsWith(css, open) || !html.startsWith('</style>', close)) return html;
    const page = factsOf(html.slice(0, open) + html.slice(close));
    let styles = page.island ? css : undefined;
    if (styles === undefined) {
      const matches = rules.map((rule) => rule.selectors.map((s) => mayMatch(s, page.has)));
      const key = matches.map((m) => m.map(Number).join('')).join(' ');
      styles = written.get(key);
      if (styles === undefined) written.set(key, (styles = ownRules(page.has, matches.map((m) => m.includes(true)))));
    }
    const hash = createHash('sha256').update(styles, 'utf8').digest('base64');
    const policy = `<meta http-equiv="Content-Security-Policy" content="style-src 'self' 'sha256-${hash}'"/>`;
    return `${html.slice(0, open - '<style>'.length)}${policy}<style>${styles}${html.slice(close)}`;
  };
}
