import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
// @ts-expect-error: plain JavaScript (it runs before any TypeScript loader), no declarations
import { bundledCli } from '../../cli/load.mjs';

const bundle = bundledCli as (root: string) => Promise<string | undefined>;
const root = mkdtempSync(path.join(tmpdir(), 'site-cli-bundle-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const past = new Date(Date.now() - 60_000);
/** Write a file of the little project, dated a minute ago (a file saved while bundling is not stamped). */
function put(rel: string, text: string) {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  utimesSync(file, past, past);
}

put('package.json', '{ "type": "module" }');
put('package-lock.json', '{}');
put('tsconfig.json', '{}');
put('cli/load.mjs', '// stands in for the loader');
mkdirSync(path.join(root, 'node_modules'));
symlinkSync(path.resolve('node_modules/esbuild'), path.join(root, 'node_modules', 'esbuild'));
put('cli/lib/where.ts', "export const where: string = import.meta.url;\nexport const text = 'import.meta.url';\n");
const index = (answer: number) => `import { text, where } from './lib/where.ts';\nexport function run(): { answer: number; where: string; text: string } {\n  return { answer: ${answer}, where, text };\n}\n`;
put('cli/index.ts', index(1));

type Cli = { run(): { answer: number; where: string; text: string } };

describe('the CLI runs from a bundle of its sources (decision 064)', () => {
  test('made once, kept while the sources are unchanged, made again when one changes', async () => {
    const first = await bundle(root);
    expect(first).toBeDefined();
    const cli = (await import(pathToFileURL(first!).href)) as Cli;
    // Each module keeps its own import.meta.url; the same words in a string stay as written.
    expect(cli.run()).toEqual({ answer: 1, where: pathToFileURL(path.join(root, 'cli/lib/where.ts')).href, text: 'import.meta.url' });

    expect(await bundle(root)).toBe(first);
    // Saved again with the same bytes (its times move): the bytes decide, and the bundle stays.
    put('cli/index.ts', index(1));
    expect(await bundle(root)).toBe(first);

    // The same size and modification time, other bytes: a new bundle.
    put('cli/index.ts', index(2));
    const second = await bundle(root);
    expect(second).not.toBe(first);
    expect(((await import(pathToFileURL(second!).href)) as Cli).run().answer).toBe(2);
    expect(await bundle(root)).toBe(second);
  });

  test('two checkouts that share node_modules each run a bundle of their own sources', async () => {
    const other = mkdtempSync(path.join(tmpdir(), 'site-cli-bundle-other-'));
    try {
      for (const rel of ['package.json', 'package-lock.json', 'tsconfig.json', 'cli/load.mjs', 'cli/lib/where.ts', 'cli/index.ts']) {
        mkdirSync(path.dirname(path.join(other, rel)), { recursive: true });
        copyFileSync(path.join(root, rel), path.join(other, rel));
        utimesSync(path.join(other, rel), past, past);
      }
      // The same node_modules (and so the same bundle folder), the same bytes, another place.
      symlinkSync(path.join(root, 'node_modules'), path.join(other, 'node_modules'), 'dir');
      const mine = await bundle(root);
      const theirs = await bundle(other);
      expect(theirs).not.toBe(mine);
      expect(((await import(pathToFileURL(theirs!).href)) as Cli).run().where).toBe(pathToFileURL(path.join(other, 'cli/lib/where.ts')).href);
      expect(await bundle(root)).toBe(mine);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  test('sources that do not bundle give no bundle (the CLI then runs them through tsx)', async () => {
    put('cli/index.ts', 'export function run( {\n');
    expect(await bundle(root)).toBeUndefined();
  });
});
