import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { statKey } from '../snapshot.ts';

/** The packages a body's HTML depends on: a new version of any of them is a new renderer. */
export const RENDERER_PACKAGES = [
  '@mdx-js/mdx', 'remark-parse', 'remark-mdx', 'remark-gfm', 'remark-rehype', 'unified',
  'hast-util-to-jsx-runtime', 'github-slugger', 'collapse-white-space', 'react', 'react-dom',
  // The pieces parse-body.ts takes one by one.
  'acorn', 'acorn-jsx', 'mdast-util-from-markdown',
  'micromark-extension-mdxjs-esm', 'micromark-extension-mdx-expression', 'micromark-extension-mdx-jsx', 'micromark-extension-mdx-md',
  'micromark-extension-gfm-autolink-literal', 'micromark-extension-gfm-footnote', 'micromark-extension-gfm-strikethrough', 'micromark-extension-gfm-table', 'micromark-extension-gfm-task-list-item',
  'mdast-util-mdxjs-esm', 'mdast-util-mdx-expression', 'mdast-util-mdx-jsx',
  'mdast-util-gfm-autolink-literal', 'mdast-util-gfm-footnote', 'mdast-util-gfm-strikethrough', 'mdast-util-gfm-table', 'mdast-util-gfm-task-list-item',
  // parse-fast.ts: plain Markdown bodies.
  'markdown-it',
];

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** A package's package.json (its exports may hide it: found from the entry). */
export function packageJsonOf(name: string): string {
  let dir = path.dirname(require.resolve(name));
  while (!existsSync(path.join(dir, 'package.json')) || JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).name !== name) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no package.json for ${name}`);
    dir = up;
  }
  return path.join(dir, 'package.json');
}

const root = path.resolve(here, '../../..');

/** `import … from '…'` and `export … from '…'` (group 1: "type", an import of types only), and `import '…'`. */
const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

/** A project module's specifier ("./x.ts", "#src/x.ts") as a file; undefined for a package. */
function localFile(from: string, spec: string, aliases: Record<string, string>): string | undefined {
  if (spec.startsWith('.')) return path.resolve(path.dirname(from), spec);
  const alias = Object.entries(aliases).find(([key]) => spec.startsWith(key.replace('*', '')));
  return alias && path.resolve(root, alias[1].replace('*', spec.slice(alias[0].length - 1)));
}

/**
 * The files of this project that `entry` runs, itself included: its relative and #alias imports,
 * followed (`import type` runs nothing). Sorted, relative to the project.
 */
export function localGraph(entry: string): string[] {
  const aliases = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).imports as Record<string, string>;
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, typeOnly, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = !typeOnly && localFile(file, spec!, aliases);
      if (target) visit(target);
    }
  };
  visit(path.join(here, entry));
  return [...seen].map((f) => path.relative(root, f)).sort();
}

/** Where byFiles() keeps its values: beside the CLI's bundle, with the code they describe. */
const MEMO = path.join(root, 'node_modules', '.cache', 'site-versions.json');

/** The files' stats (snapshot.ts: size, times, inode; cli/load.mjs stamps its bundle so), as one hash. */
function statsOf(files: string[]): string {
  const hash = createHash('sha1');
  for (const file of files) hash.update(`${file}\0${statKey(file) ?? '-'}\0`);
  return hash.digest('base64url');
}

/**
 * A value made from files (`compute` returns it and the files it read, absolute), kept with their
 * stats: made again only when one of them was written. Every build needs the renderer's and the
 * schemas' versions, and reading and hashing their sources (and resolving thirty packages) cost
 * it about 15 ms. A file written while the value was made leaves no memo.
 */
export function byFiles(name: string, compute: () => { files: string[]; value: string }, memoFile = MEMO): string {
  let memo: Record<string, { files: string[]; stats: string; value: string }> = {};
  try {
    memo = JSON.parse(readFileSync(memoFile, 'utf8')) as typeof memo;
  } catch {
    // none yet, or unreadable: made again
  }
  const kept = memo[name];
  if (kept && statsOf(kept.files) === kept.stats) return kept.value;
  const started = Date.now();
  const { files, value } = compute();
  if (files.every((f) => (statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? 0) < started - 1000)) {
    try {
      memo[name] = { files, stats: statsOf(files), value };
      mkdirSync(path.dirname(memoFile), { recursive: true });
      writeFileSync(`${memoFile}.${process.pid}.tmp`, JSON.stringify(memo));
      renameSync(`${memoFile}.${process.pid}.tmp`, memoFile);
    } catch {
      // a read-only node_modules: made every time
    }
  }
  return value;
}

/**
 * What a rendered body depends on besides its text and facts: the source of every module of this
 * project the worker runs (the remark plugins and their options, the components bodies render
 * with, the facts and how they are formatted), the version of every package in RENDERER_PACKAGES,
 * and Node's. A change to any of them invalidates every cached body. `extra` lets a test stand in
 * for a changed package.
 */
export function rendererVersion(extra = ''): string {
  return byFiles(`renderer ${process.versions.node} ${extra}`, () => {
    const hash = createHash('sha256').update(JSON.stringify(process.versions.node)).update(extra);
    const files = [path.join(root, 'package.json')];
    try {
      for (const file of localGraph('worker.ts')) {
        files.push(path.join(root, file));
        hash.update(file).update('\0').update(readFileSync(path.join(root, file)));
      }
      for (const name of RENDERER_PACKAGES) {
        const json = packageJsonOf(name);
        files.push(json);
        hash.update(name).update(String(JSON.parse(readFileSync(json, 'utf8')).version));
      }
    } catch (err) {
      throw new Error(`Cannot fingerprint the MDX renderer for its cache: ${String(err)}`, { cause: err });
    }
    return { files, value: hash.digest('hex').slice(0, 16) };
  });
}
