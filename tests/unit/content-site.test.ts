import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { loadContent } from '#core/content/load.ts';
import { formatProblems } from '#core/content/problems.ts';

const CONTENT = path.resolve('content');
const temps: string[] = [];

/** A copy of content/ with site.yaml edited; returns the project-like root that holds it. */
function contentWith(edit: (siteYaml: string) => string): { root: string; dir: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'site-content-'));
  temps.push(root);
  const dir = path.join(root, 'content');
  cpSync(CONTENT, dir, { recursive: true });
  const file = path.join(dir, 'site.yaml');
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
  return { root, dir };
}

afterEach(() => {
  for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
});

describe('content/site.yaml', () => {
  test('the project content loads with no problems', async () => {
    const result = await loadContent(CONTENT, path.resolve('.'));
    expect(result.problems).toEqual([]);
    expect(result.content?.site.address.postalCode).toBe('302020');
    expect(result.content?.site.prices).toEqual({ powerSupply: 399, motherboard: 499, audio: 599 });
  });

  test('every bad value is reported with file, line, column, field, expected and received', async () => {
    const { root, dir } = contentWith((y) =>
      y
        .replace('postalCode: "302020"', 'postalCode: "30202"')
        .replace('phone: "+919000000001" # sample', 'phone: "98290 12345"')
        .replace('  audio: 599', '  audio: "599"')
        .replace('  structuredData: pageHead', '  structuredData: pagehead'),
    );
    const { problems, content } = await loadContent(dir, root);
    expect(content).toBeUndefined();
    expect(formatProblems(problems, 5)).toMatchInlineSnapshot(`
      "content/site.yaml:26:10  site › contact.phone
        expected  an Indian mobile number in E.164 form such as "+919876543210"
        got       "98290 12345"
      content/site.yaml:37:15  site › address.postalCode
        expected  a 6-digit PIN code such as "302020"
        got       "30202"
      content/site.yaml:66:19  site › hours.structuredData
        expected  the name of a reading: "primary" or a key of hours.alternatives
        got       "pagehead"
      content/site.yaml:84:10  site › prices.audio
        expected  a number
        got       "599" (string)
      ✖ 4 problems in 1 file (5 files checked)"
    `);
  });

  test('a map search is refused as the review link: "Leave Us a Review" must open the review page', async () => {
    const { root, dir } = contentWith((y) => y.replace(/^reviewUrl: .*$/m, 'reviewUrl: https://www.google.com/maps/search/?api=1&query=26.9124,75.7873'));
    const { problems } = await loadContent(dir, root);
    expect(problems.map((p) => ({ message: p.message, expected: p.expected }))).toEqual([
      { message: 'site › reviewUrl', expected: 'the link to your review page (e.g. https://g.page/r/<id>/review), not a map search' },
    ]);
  });

  test('a misspelt field names the field it probably meant', async () => {
    const { root, dir } = contentWith((y) => y.replace('  whatsappText:', '  whatsapText:'));
    const { problems } = await loadContent(dir, root);
    expect(problems.map((p) => ({ at: `${p.line}:${p.column}`, rule: p.rule, message: p.message, hint: p.hint }))).toEqual([
      { at: '26:3', rule: 'schema', message: 'site › contact.whatsappText', hint: undefined },
      { at: '28:3', rule: 'unknown-field', message: 'site › contact.whatsapText', hint: 'did you mean "whatsappText"?' },
    ]);
  });

  test('a YAML syntax error names the file and position', async () => {
    const { root, dir } = contentWith((y) => y.replace('founded: 2013', 'founded: [2013'));
    const { problems } = await loadContent(dir, root);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'content/site.yaml', rule: 'yaml-syntax', severity: 'error' });
    expect(problems[0]!.line).toBeGreaterThanOrEqual(86);
  });
});
