import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { LineCounter, parse, parseDocument, type Scalar } from 'yaml';
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
    // Four bad values of fields every site.yaml has (or may add), each located in the edited file.
    const lastPrice = (parse(readFileSync(path.join(CONTENT, 'site.yaml'), 'utf8')) as { prices: unknown[] }).prices.length - 1;
    const bad: [(string | number)[], unknown, string, string][] = [
      [['contact', 'phone'], '98290 12345', 'an Indian mobile number in E.164 form such as "+919876543210"', '"98290 12345"'],
      [['address', 'postalCode'], '30202', 'an Indian PIN code: six digits, the first not 0', '"30202"'],
      [['hours', 'structuredData'], 'pagehead', 'the name of a reading: "primary" or a key of hours.alternatives', '"pagehead"'],
      [['prices', lastPrice, 'amount'], '599', 'a number', '"599" (string)'],
    ];
    const { root, dir } = contentWith((y) => {
      const doc = parseDocument(y);
      for (const [at, value] of bad) doc.setIn(at, value);
      return String(doc);
    });
    const { problems, content } = await loadContent(dir, root);
    expect(content).toBeUndefined();
    // Where each value is in the file as written.
    const lines = new LineCounter();
    const doc = parseDocument(readFileSync(path.join(dir, 'site.yaml'), 'utf8'), { lineCounter: lines });
    const field = (at: (string | number)[]) => at.map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`)).join('').slice(1);
    const expected = bad
      .map(([at, , want, got]) => ({ ...lines.linePos((doc.getIn(at, true) as Scalar).range![0]), at, want, got }))
      .sort((a, b) => a.line - b.line)
      .map(({ line, col, at, want, got }) => `content/site.yaml:${line}:${col}  site › ${field(at)}\n  expected  ${want}\n  got       ${got}`);
    expect(formatProblems(problems, 5)).toBe(`${expected.join('\n')}\n✖ 4 problems in 1 file (5 files checked)`);
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
    const { root, dir } = contentWith((y) => y.replace(/^founded: (\d+)/m, 'founded: [$1'));
    const { problems } = await loadContent(dir, root);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'content/site.yaml', rule: 'yaml-syntax', severity: 'error' });
    const founded = readFileSync(path.join(dir, 'site.yaml'), 'utf8').split('\n').findIndex((l) => l.startsWith('founded: [')) + 1;
    expect(founded).toBeGreaterThan(0);
    expect(problems[0]!.line).toBeGreaterThanOrEqual(founded);
  });
});
