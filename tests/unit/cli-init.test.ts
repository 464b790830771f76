import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { checkGoLive } from '#cli/lib/check/go-live.ts';
import { generatorFiles, INIT_FIELDS } from '#cli/lib/init.ts';
import { site } from '../support/cli.ts';

const work = mkdtempSync(path.join(tmpdir(), 'site-init-unit-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const GOOD = ['--name', 'Pune Cool Care', '--trade', 'AC and refrigerator repair', '--trade-slug', 'ac-repair', '--city', 'Pune', '--region', 'Maharashtra', '--postal-code', '411038', '--phone', '+919812345678', '--whatsapp', '+919812345678', '--email', 'hello@punecoolcare.in', '--origin', 'https://punecoolcare.in', '--languages', 'en,mr'];
const withFlag = (flag: string, value: string) => GOOD.map((v, i) => (GOOD[i - 1] === flag ? value : v));
/** What is in `parent` now: a refused init leaves it as it was (no temporary folder either). */
const entries = (parent: string) => (existsSync(parent) ? readdirSync(parent).sort() : []);

describe('site init', () => {
  test.each([
    ['--phone', '98123 45678'],
    ['--postal-code', '41103'],
    ['--trade-slug', 'AC Repair'],
    ['--languages', 'en,Marathi'],
    ['--email', 'owner at shop'],
    ['--name', 'Cool "Care"'],
  ])('%s %j: the flag, what it takes and what it got; nothing written', async (flag, value) => {
    const parent = path.join(work, 'bad');
    mkdirSync(parent, { recursive: true });
    const before = entries(parent);
    const { code, stderr } = await site('init', path.join(parent, 'shop'), ...withFlag(flag, value));
    expect(code).toBe(2);
    expect(stderr).toContain(`site init: ${flag}\n  expected  `);
    expect(stderr).toContain(`  got       ${JSON.stringify(value)}`);
    expect(stderr).toContain('Nothing was written.');
    expect(entries(parent)).toEqual(before);
  });

  test('a folder that is not empty is refused (exit 2) unless --force', async () => {
    const dir = path.join(work, 'taken');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'notes.txt'), 'mine\n');
    const refused = await site('init', dir, ...GOOD);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${dir} is not an empty folder; pass --force`);
    expect(entries(dir)).toEqual(['notes.txt']);
    const forced = await site('init', dir, ...GOOD, '--force');
    expect(forced.code, forced.stderr).toBe(0);
    expect(entries(dir)).toEqual(expect.arrayContaining(['notes.txt', 'content', 'package.json', '.git', '.github']));
    expect(readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toBe('mine\n');
  });

  test('without a terminal and without --yes, a flag left out is an error (exit 2), not a prompt', async () => {
    const { code, stderr } = await site('init', path.join(work, 'unasked'), '--name', 'Pune Cool Care');
    expect(code).toBe(2);
    expect(stderr).toContain('no terminal to ask in; give --trade, --trade-slug, --city');
    expect(existsSync(path.join(work, 'unasked'))).toBe(false);
  });

  test('--yes writes a marked sample for each flag left out, and `site check --go-live` names each line', async () => {
    const dir = path.join(work, 'samples');
    const { code, stderr } = await site('init', dir, '--yes', '--name', 'Pune Cool Care');
    expect(code, stderr).toBe(0);
    const left = INIT_FIELDS.filter((f) => f.key !== 'business').map((f) => `--${f.flag}`);
    expect(stderr).toContain(`Samples written for ${left.join(', ')}`);
    const text = readFileSync(path.join(dir, 'content/site.yaml'), 'utf8');
    const lineOf = (needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
    // The name was given: its line is no sample; the phone, e-mail, origin and city were not.
    expect(text).toMatch(/^ {2}name: "Pune Cool Care"$/m);
    const named = new Set(checkGoLive(path.join(dir, 'content'), dir).problems.filter((p) => p.file === 'content/site.yaml').map((p) => p.line));
    for (const needle of ['phone:', 'email:', 'origin:', 'city:', 'postalCode:']) expect(named, needle).toContain(lineOf(needle));
    expect(named).not.toContain(lineOf('  name: "Pune Cool Care"'));
  });

  test('run from outside any project (`node <checkout>/cli/bin.mjs init`), it copies the checkout whose code runs', () => {
    const dir = path.join(work, 'from-outside');
    const res = spawnSync(process.execPath, [path.resolve('cli/bin.mjs'), 'init', dir, ...GOOD], { cwd: work, encoding: 'utf8' });
    expect(res.status, res.stderr).toBe(0);
    expect(readFileSync(path.join(dir, 'cli/commands/init.ts'), 'utf8')).toBe(readFileSync(path.resolve('cli/commands/init.ts'), 'utf8'));
    expect(existsSync(path.join(dir, 'content/site.yaml'))).toBe(true);
  });

  test('the generator\'s files are what git keeps, less content/: code, tests, starter/, the CI workflow', () => {
    const files = generatorFiles(path.resolve('.'));
    expect(files.filter((f) => f.startsWith('content/'))).toEqual([]);
    expect(files).toEqual(expect.arrayContaining(['package.json', 'package-lock.json', '.gitignore', '.ci/run', '.github/workflows/site.yml', 'cli/commands/init.ts', 'starter/site.yaml']));
    expect(files.some((f) => f.startsWith('node_modules/') || f.startsWith('dist/') || f.startsWith('.cache/'))).toBe(false);
  });
});
