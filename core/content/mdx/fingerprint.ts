import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

/**
 * What a rendered body depends on besides its text and facts: the renderer's own source (this
 * folder: the remark plugins and their options; did-you-mean.ts), the components bodies render with, the version
 * of every package in RENDERER_PACKAGES, and Node's. A change to any of them invalidates every
 * cached body. `extra` lets a test stand in for a changed package.
 */
export function rendererVersion(extra = ''): string {
  const hash = createHash('sha256').update(JSON.stringify(process.versions.node)).update(extra);
  try {
    for (const name of readdirSync(here).sort()) hash.update(name).update(readFileSync(path.join(here, name)));
    // The components bodies render with (browser-safe, so they live in src/ where Tailwind sees their classes).
    hash.update(readFileSync(path.join(here, '../../../src/components/mdx-components.tsx')));
    // The one module outside this folder the renderer imports (its hints are in the worker's bundle, named by this version).
    hash.update(readFileSync(path.join(here, '../did-you-mean.ts')));
    for (const name of RENDERER_PACKAGES) hash.update(name).update(String(JSON.parse(readFileSync(packageJsonOf(name), 'utf8')).version));
  } catch (err) {
    throw new Error(`Cannot fingerprint the MDX renderer for its cache: ${String(err)}`, { cause: err });
  }
  return hash.digest('hex').slice(0, 16);
}
