import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeXML } from 'entities';
import type { Site } from '#schemas/index.ts';
import type { Problem } from '#core/content/problems.ts';
import type { RouteManifest } from '#core/pipeline/prerender.ts';
import { manifestFile } from '#core/pipeline/record.ts';
import { readPage, type PageFacts } from './page.ts';

/** A page of the built site with what the rules need to know about it. */
export interface BuiltPage {
  /** URL path, no trailing slash ("/" for the home page; "/404", "/blog/404" for not-found pages). */
  path: string;
  /** The HTML file, relative to dist/ ("about.html"). */
  file: string;
  kind: string;
  /** The code of the page's language (the manifest); unknown for HTML the manifest does not list. */
  lang?: string;
  /** The content file and line the page is made from (the manifest), or the HTML file when unknown. */
  source: { file: string; line: number };
  /** Listed in the manifest as a page meant for search engines. */
  indexable: boolean;
  notFound: boolean;
  facts: PageFacts;
}

/** The built site, read once: every file name, every page parsed, the manifest and sitemap. */
export interface BuiltSite {
  dist: string;
  origin: string;
  manifest: RouteManifest;
  /** Every file under dist/, posix, relative ("assets/x.js"). */
  files: Set<string>;
  /** Link targets: pages by URL path (not-found pages are not targets). */
  pages: Map<string, BuiltPage>;
  /** All parsed pages, not-found pages included, in manifest order. */
  all: BuiltPage[];
  /** <loc> values of sitemap.xml; undefined when the file is missing. */
  sitemap?: string[];
}

/** Raised when the check cannot run at all (exit code 2). */
export class CheckSetupError extends Error {
  override name = 'CheckSetupError';
}

/** "about.html" → "/about", "index.html" → "/", "docs/index.html" → "/docs". */
export function pathOfFile(file: string): string {
  const noExt = file.replace(/\.html$/, '');
  if (noExt === 'index') return '/';
  return `/${noExt.replace(/\/index$/, '')}`;
}

/** Read dist/: the manifest (required), every HTML page, the sitemap. */
export function readBuiltSite(dist: string): BuiltSite {
  if (!existsSync(dist)) throw new CheckSetupError(`There is no built site at ${dist}. Run \`site build\` first, or name the folder: \`site check <dir>\`.`);
  const manifestPath = manifestFile(dist);
  if (!existsSync(manifestPath)) {
    throw new CheckSetupError(`${manifestPath} is missing: \`site check\` needs the route → source manifest that \`site build\` writes. Rebuild the site.`);
  }
  let manifest: RouteManifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as RouteManifest;
    if (!manifest.origin || !Array.isArray(manifest.routes)) throw new Error('no origin or routes');
  } catch (err) {
    throw new CheckSetupError(`${manifestPath} is not a route manifest: ${(err as Error).message}`);
  }
  manifest.notFound ??= [];

  const entries = readdirSync(dist, { recursive: true, withFileTypes: true }).filter((e) => !e.isDirectory());
  const files = new Set(entries.map((e) => path.relative(dist, path.join(e.parentPath, e.name)).split(path.sep).join('/')));
  const distName = path.basename(dist);

  const all: BuiltPage[] = [];
  const pages = new Map<string, BuiltPage>();
  const seen = new Set<string>();
  /** Read one page and list it; `target`: a link target (not-found pages are not, and the first page of a path wins). */
  const add = (file: string, page: Omit<BuiltPage, 'file' | 'facts' | 'source'> & { source?: BuiltPage['source'] }, facts: PageFacts, target: boolean) => {
    const built: BuiltPage = { ...page, file, source: page.source ?? { file: `${distName}/${file}`, line: 1 }, facts };
    all.push(built);
    seen.add(file);
    if (target && !pages.has(built.path)) pages.set(built.path, built);
  };
  const read = (file: string) => readPage(readFileSync(path.join(dist, file)));

  for (const route of manifest.routes) {
    if (!files.has(route.file)) continue; // reported by the manifest rule
    add(route.file, { path: route.path, kind: route.kind, lang: route.lang, source: route.source, indexable: !route.noindex, notFound: false }, read(route.file), true);
  }
  for (const nf of manifest.notFound) {
    if (!files.has(nf.file)) continue;
    add(nf.file, { path: `${nf.dir === '/' ? '' : nf.dir}/404`, kind: 'not-found', lang: nf.lang, source: nf.source, indexable: false, notFound: true }, read(nf.file), false);
  }
  // HTML the manifest does not know (copied from public/, say) is still a page and a link target.
  for (const file of files) {
    if (!file.endsWith('.html') || seen.has(file) || file.startsWith('_site/')) continue;
    const notFound = path.posix.basename(file) === '404.html';
    const facts = read(file);
    add(file, { path: pathOfFile(file), kind: notFound ? 'not-found' : 'html', indexable: !notFound && !(facts.robots ?? '').includes('noindex'), notFound }, facts, !notFound);
  }

  let sitemap: string[] | undefined;
  if (files.has('sitemap.xml')) {
    const xml = readFileSync(path.join(dist, 'sitemap.xml'), 'utf8');
    sitemap = [...xml.matchAll(/<loc>\s*([^<]*?)\s*<\/loc>/g)].map((m) => decodeXML(m[1]!));
  }
  return { dist, origin: manifest.origin.replace(/\/$/, ''), manifest, files, pages, all, sitemap };
}

/** Finds where a piece of text is written in a source file, so a problem points at its line. */
export class SourceLocator {
  private cache = new Map<string, string | null>();
  constructor(private root: string) {}

  /** The line and column of the first of `needles` found in `file` (each file read once), or undefined. */
  find(file: string, needles: (string | undefined)[]): { line: number; column: number } | undefined {
    let text = this.cache.get(file);
    if (text === undefined) {
      const abs = path.resolve(this.root, file);
      this.cache.set(file, (text = existsSync(abs) ? readFileSync(abs, 'utf8') : null));
    }
    if (!text) return undefined;
    for (const needle of needles) {
      if (!needle || needle.length < 2) continue;
      const i = text.indexOf(needle);
      if (i < 0) continue;
      const before = text.slice(0, i);
      const line = before.split('\n').length;
      return { line, column: i - before.lastIndexOf('\n') };
    }
    return undefined;
  }
}

/** What every rule gets. */
export interface RuleContext {
  site: BuiltSite;
  /** content/site.yaml, validated; undefined when it has problems (the fact rules are skipped). */
  facts?: Site;
  locate: SourceLocator;
}

export interface ProblemInput {
  rule: string;
  message: string;
  expected?: string;
  received?: string;
  hint?: string;
  severity?: Problem['severity'];
  /** Text to look for in the page's source file to find the line (the first found wins). */
  needles?: (string | undefined)[];
}

/** A problem on a built page, pointed at the page's source file (and the line of `needles` when found). */
export function pageProblem(ctx: RuleContext, page: BuiltPage, { rule, message, expected, received, hint, severity = 'error', needles = [] }: ProblemInput): Problem {
  const at = ctx.locate.find(page.source.file, needles) ?? { line: page.source.line, column: 1 };
  // Unset fields stay undefined, as in the content problems: JSON leaves them out, the formats skip them.
  return { file: page.source.file, ...at, rule, message, url: `${ctx.site.origin}${page.path}`, severity, expected, received, hint };
}
