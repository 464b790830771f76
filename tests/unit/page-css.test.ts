import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { pageStyles } from '#core/pipeline/page-css.ts';
import { ICON_NAMES, INLINE_ICONS } from '#src/components/icons.tsx';

const page = (body: string, css: string, head = '') => `<!DOCTYPE html><html lang="en"><head>${head}<style>${css}</style></head><body>${body}</body></html>`;
/** The stylesheet `body` gets of `css`. */
const own = (body: string, css: string) => /<style>(.*?)<\/style>/s.exec(pageStyles(css)(page(body, css)))![1]!;

describe("a page's own rules", () => {
  test('keeps the rules whose classes, ids and elements the page has, and only the selectors of a list that can match', () => {
    const css = '.a{color:red}.b{color:#00f}#main{margin:0}#other{margin:1px}dialog::backdrop{opacity:.5}table{width:100%}.b,.a{padding:0}';
    expect(own('<main id="main" class="a x"><dialog></dialog></main>', css)).toBe('.a{color:red}#main{margin:0}dialog::backdrop{opacity:.5}.a{padding:0}');
  });

  test('takes states and attributes as possible: hover, focus, [open], and what the enhancer sets', () => {
    const css = '.a:hover{color:red}details[open] .b{display:block}:where(.c>:not(:last-child)){margin:0}.d:is([open],:popover-open) .e{x:y}html[data-enhanced] .f{x:z}';
    expect(own('<details class="d"><summary class="b e">x</summary><ul class="c"></ul></details><p class="a f"></p>', css)).toBe(css);
  });

  test('needs one alternative of :is() and :where(), and nothing of :not() or :has()', () => {
    const css = ':where(.gone>:not(:last-child)){a:1}:is(.here,.gone) p{a:2}.here:not(.gone){a:3}.here:has(.gone){a:4}:where(select:is([multiple])) option{a:5}';
    expect(own('<div class="here"><p></p></div>', css)).toBe(':is(.here,.gone) p{a:2}.here:not(.gone){a:3}.here:has(.gone){a:4}');
  });

  test('keeps media and layer blocks with what is left in them, and the order of the layers', () => {
    const css = '@layer theme,base,utilities;@layer base{.gone{x:0}}@layer utilities{.a{x:1}.gone{x:2}@media (min-width:48rem){.md\\:a{x:3}.gone{x:4}}@media print{.gone{x:5}}}';
    // The order stays declared: theme, base (emptied), then utilities with its block.
    expect(own('<p class="a md:a"></p>', css)).toBe('@layer theme,base;@layer utilities{.a{x:1}@media (min-width:48rem){.md\\:a{x:3}}}');
  });

  test('drops the custom properties and @property rules only dropped rules read; keeps those @keyframes read', () => {
    const css =
      ':root{--used:1px;--unused:2px;--in-keyframes:.5}.a{width:var(--used)}.gone{height:var(--unused);margin:var(--tw-gone)}' +
      '@property --tw-gone{syntax:"*";inherits:false}@property --tw-kept{syntax:"*";inherits:false}.a{margin:var(--tw-kept)}@keyframes fade{to{opacity:var(--in-keyframes)}}';
    expect(own('<p class="a"></p>', css)).toBe(
      ':root{--used:1px;--in-keyframes:.5}.a{width:var(--used)}@property --tw-kept{syntax:"*";inherits:false}.a{margin:var(--tw-kept)}@keyframes fade{to{opacity:var(--in-keyframes)}}',
    );
  });

  test("keeps the form controls' parts only for inputs of their types", () => {
    const css = '::-webkit-datetime-edit{display:inline-flex}::file-selector-button{margin:0}::placeholder{opacity:1}';
    expect(own('<input type="email">', css)).toBe('::placeholder{opacity:1}');
    expect(own('<input type="date"><input type="file">', css)).toBe(css);
  });

  test('keeps the fallbacks and prefixes of the whole stylesheet (minified for the same browsers)', () => {
    const css = '.a{border-color:#ffd236;border-color:lab(86.4156% 6.13147 78.3961)}.b{-webkit-backdrop-filter:blur(8px);backdrop-filter:blur(8px)}.c{-webkit-user-select:none;user-select:none}';
    expect(own('<p class="a b c"></p>', css)).toBe(css);
  });

  test('gives each page of a build its own rules, whichever pages came before it', () => {
    const css = '.a{x:1}.b{x:2}p{x:3}';
    const build = pageStyles(css);
    const styleOf = (body: string) => /<style>(.*?)<\/style>/s.exec(build(page(body, css)))![1];
    expect([styleOf('<p class="a">one</p>'), styleOf('<p class="b">two</p>'), styleOf('<i class="a">three</i>'), styleOf('<p class="a">four</p>')]).toEqual([
      '.a{x:1}p{x:3}',
      '.b{x:2}p{x:3}',
      '.a{x:1}',
      '.a{x:1}p{x:3}',
    ]);
  });

  test('keeps the whole stylesheet for a page with an island (it renders markup the HTML does not have yet)', () => {
    const css = '.a{x:1}.only-in-the-island{x:2}';
    expect(own('<div data-island="analytics" class="a"></div>', css)).toBe(css);
  });
});

describe('the page as published', () => {
  const css = '/*! licence */.text-ink{color:#000}.md\\:flex{display:flex}.\\[\\&\\:\\:marker\\]\\:hidden::marker{display:none}.gone{x:1}#loading-bar{visibility:hidden}';
  const body = '<main class="text-ink md:flex js-hook"><p class="text-ink">a</p><b class="[&amp;::marker]:hidden"></b><div id="loading-bar"></div></main>';
  const out = pageStyles(css)(page(body, css, '<meta charset="utf-8"/>'));
  const style = /<style>(.*?)<\/style>/s.exec(out)![1]!;

  test('keeps every class name as the components write it (the names of `site dev`), and the licence', () => {
    expect(style).toBe('/*! licence */\n.text-ink{color:#000}.md\\:flex{display:flex}.\\[\\&\\:\\:marker\\]\\:hidden::marker{display:none}#loading-bar{visibility:hidden}');
    expect(out.slice(out.indexOf('</head>'))).toBe(`</head><body>${body}</body></html>`);
  });

  test('allows exactly its <style> with a Content-Security-Policy of its own, before it', () => {
    const hash = createHash('sha256').update(style).digest('base64');
    expect(out).toContain(`<meta charset="utf-8"/><meta http-equiv="Content-Security-Policy" content="style-src 'self' 'sha256-${hash}'"/><style>`);
  });

  test('leaves a page that does not inline the stylesheet as it is', () => {
    const linked = '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/style.css"></head><body></body></html>';
    expect(pageStyles(css)(linked)).toBe(linked);
  });
});

describe('what the per-page rules rely on', () => {
  const read = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? read(path.join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [path.join(dir, d.name)] : []));

  test('the browser code never adds or removes a class (a page has the rules of the classes in its HTML only)', () => {
    const files = [...read('src/client'), ...read('src/tracker'), 'src/entry-client.tsx', 'src/lib/ad-tag.ts'];
    const offenders = files.filter((f) => /classList|className\s*=|setAttribute\(\s*['"]class/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });

  test('every icon is a symbol of the sprite, and the icons drawn inline are drawn as the sprite draws them', () => {
    const sprite = readFileSync('src/components/icons.svg', 'utf8');
    const symbols = Object.fromEntries([...sprite.matchAll(/<symbol id="([\w-]+)" viewBox="0 0 24 24"><path d="([^"]+)"\/><\/symbol>/g)].map((m) => [m[1], m[2]]));
    expect(Object.keys(symbols).sort()).toEqual([...ICON_NAMES].sort());
    for (const [name, d] of Object.entries(INLINE_ICONS)) expect(d, name).toBe(symbols[name]);
  });
});
