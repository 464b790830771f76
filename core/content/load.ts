import path from 'node:path';
import { fileCollections, type FileCollections } from '#schemas/index.ts';
import { renderBodies } from './bodies.ts';
import { LoadContext } from './context.ts';
import { readFolders } from './folders.ts';
import { readMessages } from './messages.ts';
import type { Problem } from './problems.ts';
import { checkReferences, checkSiteReferences, knownTargets } from './references.ts';
import { loadLanguage } from './languages.ts';
import type { Content, SiteLanguages } from './types.ts';
import { ContentCache } from './cache.ts';
import type { Lang } from '#src/contract/site.ts';

export interface LoadResult {
  content?: Content;
  problems: Problem[];
  filesChecked: number;
  /** MDX bodies rendered by this load, and taken from the content cache. */
  bodies: { rendered: number; cached: number };
  ctx: LoadContext;
}

export interface LoadOptions {
  /** The content cache's folder (cache.ts, e.g. .cache/content); none: every file is parsed, validated and rendered. */
  cacheDir?: string;
  /** Keep `draft: true` pages (site dev); the production build leaves them out. */
  includeDrafts?: boolean;
}

/** Read and validate content/. Reports every problem in every file; `content` only when there are none. */
export async function loadContent(dir: string, root = path.dirname(path.resolve(dir)), opts: LoadOptions = {}): Promise<LoadResult> {
  const ctx = new LoadContext(path.resolve(dir), path.resolve(root));
  ctx.includeDrafts = opts.includeDrafts ?? false;
  ctx.cache = ContentCache.open(opts.cacheDir);
  const files: Partial<Record<string, unknown>> = {};
  for (const [name, { file, schema }] of Object.entries(fileCollections)) {
    files[name] = ctx.readYaml(file, schema, name);
  }
  const loaded = files as Partial<FileCollections>;
  if (loaded.pages) checkUnique(ctx, 'pages.yaml', loaded.pages.map((p) => p.path), (i) => [i, 'path'], 'path');
  if (loaded.services) checkUnique(ctx, 'services.yaml', loaded.services.map((s) => s.id), (i) => [i, 'id'], 'service id');

  let folders = readFolders(ctx);
  const codes = listedLanguages(ctx, loaded.site);
  const catalogues = readMessages(ctx, codes);
  let made: Content | undefined;
  // Cross-references, MDX bodies and the other languages need the file collections; the folders' own problems are already in.
  if (catalogues && Object.keys(fileCollections).every((name) => files[name] !== undefined)) {
    const [language, ...others] = catalogues.languages;
    const languages: SiteLanguages = { list: catalogues.languages, hrefs: { [language!.code]: {} } };
    const all = { dir: ctx.dir, ...loaded, ...folders, messages: catalogues.messages[language!.code]!, language: language!, languages } as Content;
    // Every page and #fragment of the site: the sections content declares, then the headings of
    // the bodies as they render; links in bodies and in front matter are checked against them all.
    const targets = knownTargets(all);
    folders = { ...folders, ...(await renderBodies(ctx, all, targets)) };
    checkReferences(ctx, { ...all, ...folders }, targets);
    checkSiteReferences(ctx, { ...all, ...folders }, catalogues.messages);
    made = { ...all, ...folders };
    const translations: Content[] = [];
    for (const other of others) {
      const hrefs = (languages.hrefs[other.code] = {});
      const content = await loadLanguage(ctx, other, { content: made, targets, language: other, messages: catalogues.messages[other.code]!, hrefs });
      if (content) translations.push(content);
    }
    made.translations = translations;
  } else {
    // Each other language's files are read for their own problems (languages.ts).
    for (const code of codes.slice(1)) await loadLanguage(ctx, { code, prefix: `/${code}` });
  }

  // Only a load without problems updates the cache: one with problems may have left out files
  // (a folder not read), and what it dropped would be made again next time.
  if (!ctx.problems.length) ctx.cache.save();
  const content = ctx.problems.length === 0 ? made : undefined;
  return { content, problems: ctx.problems, filesChecked: ctx.filesChecked, bodies: ctx.bodies, ctx };
}

/**
 * The languages site.yaml lists, the default first: from the validated file, or, when it has
 * problems elsewhere, from its `languages` as written, so that each language's files are still read
 * and checked.
 */
function listedLanguages(ctx: LoadContext, site: Content['site'] | undefined): Lang[] {
  if (site) return site.languages;
  const value = ctx.sources.get(ctx.display(path.join(ctx.dir, fileCollections.site.file)))?.value as { languages?: unknown } | undefined;
  const listed = Array.isArray(value?.languages) ? value.languages : [];
  return [...new Set(listed.filter((code): code is string => typeof code === 'string' && /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/.test(code)))];
}

export function checkUnique(ctx: LoadContext, rel: string, values: string[], at: (i: number) => (string | number)[], what: string) {
  const file = ctx.display(path.join(ctx.dir, rel));
  const source = ctx.sources.get(file);
  const seen = new Map<string, number>();
  values.forEach((v, i) => {
    const first = seen.get(v);
    if (first === undefined) return void seen.set(v, i);
    const pos = source?.locate(at(i)) ?? { line: 1, column: 1 };
    const firstPos = source?.locate(at(first));
    ctx.error(file, pos, 'duplicate', `duplicate ${what}`, {
      expected: `a ${what} used once`,
      received: `${JSON.stringify(v)}, already used at line ${firstPos?.line ?? '?'}`,
    });
  });
}
