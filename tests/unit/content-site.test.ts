import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
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
    const yaml = parse(readFileSync(path.join(CONTENT, 'site.yaml'), 'utf8'));
    expect(result.content?.site.address.postalCode).toBe(yaml.address.postalCode);
    expect(result.content?.site.prices.map((p) => [p.id, p.amount])).toEqual(yaml.prices.map((p: { id: string; amount: number }) => [p.id, p.amount]));
  });

  test('every bad value is reported with file, line, column, field, expected and received', async () => {
    const { root, dir } = contentWith((y) =>
      y
        .replace('postalCode: "302020"', 'postalCode: "30202"')
        .replace('phone: "+919000000001" # sample', 'phone: "98290 12345"')
        .replace('    amount: 599', '    amount: "599"')
        .replace('  structuredData: pageHead', '  structuredData: pagehead'),
    );
    const { problems, content } = await loadContent(dir, root);
    expect(content).toBeUndefined();
    expect(formatProblems(problems, 5)).toMatchInlineSnapshot(`
      "content/site.yaml:27:10  site › contact.phone
        expected  an Indian mobile number in E.164 form such as "+919876543210"
        got       "98290 12345"
      content/site.yaml:38:15  site › address.postalCode
        expected  an Indian PIN code: six digits, the first not 0
        got       "30202"
      content/site.yaml:67:19  site › hours.structuredData
        expected  the name of a reading: "primary" or a key of hours.alternatives
        got       "pagehead"
      content/site.yaml:95:13  site › prices[2].amount
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
    const lines = readFileSync(path.join(dir, 'site.yaml'), 'utf8').split('\n');
    const lineOf = (re: RegExp) => lines.findIndex((l) => re.test(l)) + 1;
    expect(problems.map((p) => ({ at: `${p.line}:${p.column}`, rule: p.rule, message: p.message, hint: p.hint }))).toEqual([
      { at: `${lineOf(/^ {2}phone:/)}:3`, rule: 'schema', message: 'site › contact.whatsappText', hint: undefined },
      { at: `${lineOf(/^ {2}whatsapText:/)}:3`, rule: 'unknown-field', message: 'site › contact.whatsapText', hint: 'did you mean "whatsappText"?' },
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
