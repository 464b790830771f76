import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteEntry, SiteIndex } from '../page-data/route-entry.ts';
import { pageKey } from './page-key.ts';
import { htmlFileFor } from './prerender.ts';

/**
 * What the last build wrote into dist/, kept in its record (`.site/<dist>/outputs.json`): a key of
 * everything every page shares (`shell`), and per page a key of its own inputs and the files it
 * owns. The next build redoes only the pages whose key changed and removes the files of pages that
 * are gone (docs/decisions/063).
 */
export interface Outputs {
  shell: string;
  /** The picture variants in dist/_img/. */
  images?: string[];
  pages: Record<string, { key: string; files: string[] }>;
}

const OUTPUTS = 'outputs.json';
const here = path.dirname(fileURLToPath(import.meta.url));

export function readOutputs(recordDir: string): Outputs | undefined {
  try {
    return JSON.parse(readFileSync(path.join(recordDir, OUTPUTS), 'utf8')) as Outputs;
  } catch {
    return undefined;
  }
}

export function writeOutputs(recordDir: string, outputs: Outputs) {
  writeFileSync(path.join(recordDir, OUTPUTS), JSON.stringify(outputs));
}

/** Forget the last build's outputs before changing dist/ in place: a build stopped half-way is followed by a full one. */
export function forgetOutputs(recordDir: string) {
  rmSync(path.join(recordDir, OUTPUTS), { force: true });
}

/**
 * The inputs every page shares: the renderer and assets, the site data (build date included),
 * the images and social cards copied into dist/, and the build code itself (this folder: how pages
 * are written). When it changes, the build is a full one.
 */
export function shellKey(parts: unknown[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(typeof part === 'string' ? part : JSON.stringify(part)).update('\0');
  for (const name of readdirSync(here).sort()) if (name.endsWith('.ts')) hash.update(name).update(readFileSync(path.join(here, name)));
  return hash.digest('hex');
}

/** A page of the index: a route by its path, a 404 page by its folder. */
export const pageId = (route: RouteEntry, notFound = false) => (notFound ? `404:${route.path}` : route.path);

/** The files prerender writes for a page: its HTML. */
export function pageFiles(route: RouteEntry, notFound: { dir: string } | undefined): string[] {
  return [notFound ? path.posix.join(notFound.dir.slice(1), '404.html') : htmlFileFor(route.path)];
}

/** Every file under `dir`, relative, with forward slashes. */
export function listFiles(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const name = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(dir, name));
    else out.push(name);
  }
  return out;
}

/**
 * The pages of `index` with their keys, and which of them differ from `previous` (all of them
 * when there is none), and the pages of `previous` that are gone. `known`: keys prerender already
 * made from the page data it serialized.
 */
export function diffPages(index: SiteIndex, previous: Outputs | undefined, known?: Map<RouteEntry, string>) {
  const keyOf = (route: RouteEntry) => known?.get(route) ?? pageKey(route);
  const pages = [
    ...index.routes.map((route) => ({ id: pageId(route), route, notFound: undefined, key: keyOf(route) })),
    ...index.notFound.map((nf) => ({ id: pageId(nf, true), route: nf as RouteEntry, notFound: nf, key: keyOf(nf) })),
  ];
  const changed = pages.filter((p) => previous?.pages[p.id]?.key !== p.key);
  const ids = new Set(pages.map((p) => p.id));
  const removed = previous ? Object.keys(previous.pages).filter((id) => !ids.has(id)) : [];
  return { pages, changed, removed };
}

/**
 * Attribute the files prerender wrote into `dir` to the pages it rendered: each page owns the
 * files of pageFiles() that exist. undefined when `dir` holds a file no page owns and `shared` does
 * not name ('any': a full build, where the assets and site-wide files are there too) (prerender writes something this module does not know: the caller builds in full).
 */
export function attribute(dir: string, pages: ReturnType<typeof diffPages>['pages'], shared: Set<string> | 'any'): Record<string, { key: string; files: string[] }> | undefined {
  const written = new Set(listFiles(dir));
  const owned: Record<string, { key: string; files: string[] }> = {};
  for (const p of pages) {
    const files = pageFiles(p.route, p.notFound).filter((f) => written.has(f));
    for (const f of files) written.delete(f);
    owned[p.id] = { key: p.key, files };
  }
  if (shared !== 'any') for (const f of written) if (!shared.has(f)) return undefined;
  return owned;
}

/** Move `file` (relative) from `from` into `to`, replacing what is there. */
export function moveInto(from: string, to: string, file: string, made: Set<string>) {
  const target = path.join(to, file);
  const dir = path.dirname(target);
  if (!made.has(dir)) mkdirSync(dir, { recursive: true });
  made.add(dir);
  renameSync(path.join(from, file), target);
}

/** Write `text` to `file` unless it already holds exactly that (a no-change build touches nothing). */
export function writeIfChanged(file: string, text: string) {
  try {
    if (readFileSync(file, 'utf8') === text) return;
  } catch {
    // not there yet
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

