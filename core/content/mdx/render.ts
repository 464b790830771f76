import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileSync, runSync } from '@mdx-js/mdx';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as runtime from 'react/jsx-runtime';
import remarkGfm from 'remark-gfm';
import type { PageFacts } from '../facts.ts';
import { MDX_COMPONENT_NAMES, mdxComponents } from '#src/components/mdx-components.tsx';
import { remarkCheck, type BodyIssue, type BodyLink } from './remark-check.ts';
import { escapeHeadingIds, remarkHeadings, type BodyHeading } from './remark-headings.ts';

/** The renderer's own source (this folder and its components) and the compiler's version: a change to either invalidates the cache. */
const RENDERER_VERSION = (() => {
  const hash = createHash('sha256').update(JSON.stringify(process.versions.node));
  try {
    const dir = path.dirname(fileURLToPath(import.meta.url));
    for (const name of readdirSync(dir).sort()) hash.update(name).update(readFileSync(path.join(dir, name)));
    // The components bodies render with (browser-safe, so they live in src/ where Tailwind sees their classes).
    hash.update(readFileSync(fileURLToPath(new URL('../../../src/components/mdx-components.tsx', import.meta.url))));
    // The package's exports hide package.json: find it from the entry.
    let pkg = path.dirname(createRequire(import.meta.url).resolve('@mdx-js/mdx'));
    while (!existsSync(path.join(pkg, 'package.json'))) pkg = path.dirname(pkg);
    hash.update(readFileSync(path.join(pkg, 'package.json')));
  } catch (err) {
    throw new Error(`Cannot fingerprint the MDX renderer for its cache: ${String(err)}`, { cause: err });
  }
  return hash.digest('hex').slice(0, 16);
})();

export interface RenderedBody {
  html: string;
  /** Every heading, with the id it has in `html`. */
  headings: BodyHeading[];
  /** Links to pages of this site (body positions), to check against the routes. */
  links: BodyLink[];
  issues: BodyIssue[];
}

/** Compile an MDX body and render it to static HTML. Syntax errors come back as issues. */
export function renderMdx(body: string, facts: PageFacts): RenderedBody {
  const issues: BodyIssue[] = [];
  const links: BodyLink[] = [];
  const headings: BodyHeading[] = [];
  let code: string;
  try {
    code = String(
      compileSync(escapeHeadingIds(body), {
        outputFormat: 'function-body',
        development: false,
        remarkPlugins: [remarkGfm, remarkCheck({ facts, components: MDX_COMPONENT_NAMES, issues, links }), remarkHeadings(headings)],
      }),
    );
  } catch (err) {
    const e = err as { line?: number; column?: number; reason?: string; message?: string };
    issues.push({
      at: { line: e.line ?? 1, column: e.column ?? 1 },
      rule: 'mdx-syntax',
      message: `MDX syntax: ${(e.reason ?? e.message ?? String(err)).split('\n')[0]}`,
    });
    return { html: '', headings, links, issues };
  }
  const { default: Content } = runSync(code, { ...runtime, baseUrl: import.meta.url }) as { default: ComponentType<{ components: unknown }> };
  return { html: renderToStaticMarkup(createElement(Content, { components: mdxComponents })), headings, links, issues };
}

/**
 * renderMdx with a disk cache keyed by a hash of the body, the facts it may use and the renderer
 * version: a build with no content change compiles nothing. Bodies with issues are not cached.
 */
export function createBodyRenderer(cacheDir: string | undefined) {
  let hits = 0;
  let misses = 0;
  const render = (body: string, facts: PageFacts): RenderedBody => {
    if (!cacheDir) return renderMdx(body, facts);
    const key = createHash('sha256').update(RENDERER_VERSION).update('\0').update(JSON.stringify(facts)).update('\0').update(body).digest('hex');
    const file = path.join(cacheDir, key.slice(0, 2), `${key.slice(2)}.json`);
    try {
      const cached = JSON.parse(readFileSync(file, 'utf8')) as RenderedBody;
      hits++;
      return cached;
    } catch {
      // not cached yet
    }
    misses++;
    const result = renderMdx(body, facts);
    if (result.issues.length === 0) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(result));
    }
    return result;
  };
  return { render, stats: () => ({ hits, misses }) };
}
