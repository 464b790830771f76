import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { inlinePageCss, pageCss } from '#core/pipeline/page-css.ts';
import { ICON_NAMES, INLINE_ICONS } from '#src/components/icons.tsx';

const page = (body: string, css: string, head = '') => `<!DOCTYPE html><html lang="en"><head>${head}<style>${css}</style></head><body>${body}</body></html>`;

describe("a page's own rules (pageCss)", () => {
  test('keeps the rules whose classes, ids and elements the page has, and only the selectors of a list that can match', () => {
    const css = '.a{color:red}.b{color:blue}#main{margin:0}#other{margin:1px}dialog::backdrop{opacity:.5}table{width:100%}.a,.b{padding:0}';
    expect(pageCss(page('<main id="main" class="a x"><dialog></dialog></main>', css), css)).toBe('.a{color:red}#main{margin:0}dialog::backdrop{opacity:.5}.a{padding:0}');
  });

  test('takes states and attributes as possible: hover, focus, [open], and what the enhancer sets', () => {
    const css = '.a:hover{color:red}details[open] .b{display:block}:where(.c>:not(:last-child)){margin:0}.d:is([open],:popover-open) .e{x:y}html[data-enhanced] .f{x:y}';
    const html = page('<details class="d"><summary class="b e">x</summary><ul class="c"></ul></details><p class="a f"></p>', css);
    expect(pageCss(html, css)).toBe(css);
  });

  test('looks into :is() and :where() of one selector, not into lists, :not() or :has()', () => {
    const css = ':where(.gone>:not(:last-child)){a:b}:is(.here,.gone) p{a:b}.here:not(.gone){a:b}.here:has(.gone){a:b}:where(select:is([multiple])) option{a:b}';
    expect(pageCss(page('<div class="here"><p></p></div>', css), css)).toBe(':is(.here,.gone) p{a:b}.here:not(.gone){a:b}.here:has(.gone){a:b}');
  });

  test('keeps media, supports and layer blocks with what is left in them, and the layer order', () => {
    const css = '@layer theme,base,utilities;@layer utilities{.a{x:1}.gone{x:2}@media (min-width:48rem){.md\\:a{x:3}.gone{x:4}}@media print{.gone{x:5}}}';
    expect(pageCss(page('<p class="a md:a"></p>', css), css)).toBe('@layer theme,base,utilities;@layer utilities{.a{x:1}@media (min-width:48rem){.md\\:a{x:3}}}');
  });

  test('drops custom properties, @property and @keyframes no kept rule uses, also through other variables', () => {
    const css =
      ':root{--used:1px;--chain:var(--used);--unused:2px;--also-unused:var(--unused)}.a{width:var(--chain);animation:spin 1s}.gone{animation:pulse 1s;height:var(--tw-gone)}' +
      '@property --tw-gone{syntax:"*";inherits:false}@property --tw-kept{syntax:"*";inherits:false}.a{margin:var(--tw-kept)}@keyframes spin{to{rotate:1turn}}@keyframes pulse{50%{opacity:.5}}';
    expect(pageCss(page('<p class="a"></p>', css), css)).toBe(
      ':root{--used:1px;--chain:var(--used)}.a{width:var(--chain);animation:spin 1s}@property --tw-kept{syntax:"*";inherits:false}.a{margin:var(--tw-kept)}@keyframes spin{to{rotate:1turn}}',
    );
  });

  test("keeps the form controls' pseudo-elements only for inputs of their types", () => {
    const css = '::-webkit-datetime-edit{display:inline-flex}::file-selector-button{margin:0}::placeholder{opacity:1}';
    expect(pageCss(page('<input type="email">', css), css)).toBe('::placeholder{opacity:1}');
    expect(pageCss(page('<input type="date"><input type="file">', css), css)).toBe(css);
  });

  test('keeps the whole stylesheet for a page with an island (it renders markup the HTML does not have yet)', () => {
    const css = '.a{x:1}.only-in-the-island{x:2}';
    expect(pageCss(page('<div data-island="analytics" class="a"></div>', css), css)).toBe(css);
  });
});

describe('the page as published (inlinePageCss)', () => {
  const css = '/*! licence */.text-ink{color:#000}.md\\:flex{display:flex}.\\[\\&\\:\\:marker\\]\\:hidden::marker{display:none}.gone{x:1}#loading-bar{visibility:hidden}';
  const html = page('<main class="text-ink md:flex js-hook"><p class="text-ink">a</p><b class="[&amp;::marker]:hidden"></b><div id="loading-bar"></div></main>', css, '<meta charset="utf-8"/>');
  const out = inlinePageCss(html, css);
  const style = /<style>(.*?)<\/style>/s.exec(out)![1]!;

  test('renames the classes its rules name, in the rules and the class attributes alike, the most used shortest', () => {
    // text-ink is used twice: "a"; the others once, in code-point order.
    expect(style).toBe('/*! licence */.a{color:#000}.c{display:flex}.b::marker{display:none}#loading-bar{visibility:hidden}');
    expect(out).toContain('<main class="a c js-hook"><p class="a">a</p><b class="b"></b><div id="loading-bar"></div></main>');
  });

  test('allows exactly its <style> with a Content-Security-Policy of its own, before it', () => {
    const hash = createHash('sha256').update(style).digest('base64');
    expect(out).toContain(`<meta charset="utf-8"/><meta http-equiv="Content-Security-Policy" content="style-src 'self' 'sha256-${hash}'"/><style>`);
  });

  test('never gives a class a short name that a class of the page without rules has', () => {
    const css2 = '.x{a:b}';
    const out2 = inlinePageCss(page('<p class="a x"></p>', css2), css2);
    expect(out2).toContain('<p class="a b">');
    expect(out2).toContain('<style>.b{a:b}</style>');
  });

  test('leaves a page that does not inline the stylesheet as it is', () => {
    const linked = '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/style.css"></head><body></body></html>';
    expect(inlinePageCss(linked, css)).toBe(linked);
  });
});

describe('what the per-page rules rely on', () => {
  const read = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? read(path.join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [path.join(dir, d.name)] : []));

  test('the browser code never adds or removes a class by name (its pages have short class names)', () => {
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
