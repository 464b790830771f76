import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContent } from '#core/content/load.ts';
import { formatProblems } from '#core/content/problems.ts';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');
const temps: string[] = [];
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The valid fixture content/ with the files of tests/fixtures/broken/<case>/ dropped over it; the report text. */
async function report(...cases: string[]): Promise<string> {
  const root = mkdtempSync(path.join(tmpdir(), 'site-content-'));
  temps.push(root);
  const dir = path.join(root, 'content');
  cpSync(path.join(fixtures, 'content'), dir, { recursive: true });
  for (const c of cases) cpSync(path.join(fixtures, 'broken', c), dir, { recursive: true });
  const result = await loadContent(dir, root);
  expect(result.content === undefined).toBe(result.problems.length > 0);
  return formatProblems(result.problems, result.filesChecked);
}

describe('content problems name the file, line, column, field, what was expected and what came', () => {
  it('accepts the valid fixture', async () => {
    expect(await report()).toMatchInlineSnapshot(`"✔ no problems (12 files checked)"`);
  });

  it('YAML syntax error', async () => {
    expect(await report('yaml-syntax')).toMatchInlineSnapshot(`
      "content/brands/lg.yaml:9:1  YAML syntax: Missing closing "quote
      ✖ 1 problem in 1 file (12 files checked)"
    `);
  });

  it('missing field', async () => {
    expect(await report('missing-field')).toMatchInlineSnapshot(`
      "content/blog/cleaning.mdx:2:1  blog › author
        expected  text
        got       nothing (the field is missing)
      ✖ 1 problem in 1 file (12 files checked)"
    `);
  });

  it('wrong enum value, with a hint', async () => {
    expect(await report('wrong-enum')).toMatchInlineSnapshot(`
      "content/blog/cleaning.mdx:8:11  blog › category
        expected  one of "Troubleshooting", "Maintenance", "Comparisons", "Guides"
        got       "Maintainance"  (did you mean "Maintenance"?)
      ✖ 1 problem in 1 file (12 files checked)"
    `);
  });

  it('unknown link target and #fragment, with hints', async () => {
    expect(await report('unknown-link')).toMatchInlineSnapshot(`
      "content/brands/lg.yaml:11:17  brands › sections[1].links[0].href
        expected  a section of /services (#audio-problems, #motherboard-repair, #screen-repair, #power-issues, …)
        got       "/services#screen-repairs"  (did you mean "/services#screen-repair"?)
      content/brands/lg.yaml:12:17  brands › sections[1].links[1].href
        expected  a route of this site
        got       "/led-tv-repair-malviya-nagr"  (did you mean "/led-tv-repair-malviya-nagar"?)
      ✖ 2 problems in 1 file (12 files checked)"
    `);
  });

  it('duplicate slug', async () => {
    expect(await report('duplicate-slug')).toMatchInlineSnapshot(`
      "content/areas/malviya-nagar.yaml:1:7  areas › slug
        expected  a slug no other page uses
        got       "led-tv-repair-malviya-nagar", already used by content/areas/malviya-nagar-east.yaml:1
      ✖ 1 problem in 1 file (13 files checked)"
    `);
  });

  it('date that is not a calendar day', async () => {
    expect(await report('bad-date')).toMatchInlineSnapshot(`
      "content/blog/cleaning.mdx:6:7  blog › date
        expected  a real calendar date written YYYY-MM-DD
        got       "2025-02-30"
      ✖ 1 problem in 1 file (12 files checked)"
    `);
  });

  it('MDX syntax error, located in the file', async () => {
    expect(await report('mdx-syntax')).toMatchInlineSnapshot(`
      "content/blog/no-picture.mdx:19:1  MDX syntax: Expected a closing tag for \`<Tip>\` (19:1-19:6) before the end of \`paragraph\`
      ✖ 1 problem in 1 file (12 files checked)"
    `);
  });

  it('unknown placeholder, component and link in an MDX body', async () => {
    expect(await report('mdx-placeholder')).toMatchInlineSnapshot(`
      "content/blog/no-picture.mdx:19:34  unknown placeholder {price.screen}
        expected  one of {phone}, {hours}, {warranty}, {years}, {founded}, {business}, {city}, {price.powerSupply}, {price.motherboard}, {price.audio}
        got       "{price.screen}"
      content/blog/no-picture.mdx:19:50  unknown component <Tipp>
        expected  one of <Tip>, <Warning>, or plain HTML
        got       <Tipp>  (did you mean "<Tip>"?)
      content/blog/no-picture.mdx:19:84  a link in the text
        expected  a route of this site
        got       "/blogs"  (did you mean "/blog"?)
      ✖ 3 problems in 1 file (12 files checked)"
    `);
  });

  it('broken links in a plain Markdown body, at their places', async () => {
    expect(await report('mdx-link')).toMatchInlineSnapshot(`
      "content/blog/no-picture.mdx:21:36  a link in the text
        expected  a route of this site
        got       "/blog/no-such-post"
      content/blog/no-picture.mdx:22:15  a link in the text
        expected  a section of /services (#audio-problems, #motherboard-repair, #screen-repair, #power-issues, …)
        got       "/services#screen-repairs"  (did you mean "/services#screen-repair"?)
      ✖ 2 problems in 1 file (12 files checked)"
    `);
  });

  it('unknown placeholder in front matter text', async () => {
    expect(await report('yaml-placeholder')).toMatchInlineSnapshot(`
      "content/brands/lg.yaml:8:11  brands › sections[0].lead
        expected  text whose {placeholders} are facts: {phone}, {hours}, {warranty}, {years}, {founded}, {business}, {city}, {price.powerSupply}, {price.motherboard}, {price.audio}
        got       "{prices.audio}"  (did you mean "{price.audio}"?)
      content/brands/lg.yaml:8:11  brands › sections[0].lead
        expected  text whose {placeholders} are facts: {phone}, {hours}, {warranty}, {years}, {founded}, {business}, {city}, {price.powerSupply}, {price.motherboard}, {price.audio}
        got       "{waranty}"  (did you mean "{warranty}"?)
      ✖ 2 problems in 1 file (12 files checked)"
    `);
  });

  it('every problem of every file in one run', async () => {
    const all = await report('yaml-syntax', 'missing-field', 'unknown-link', 'duplicate-slug', 'mdx-syntax');
    expect(all.split('\n').at(-1)).toMatchInlineSnapshot(`"✖ 5 problems in 4 files (13 files checked)"`);
  });
});
