import path from 'node:path';
import { fileCollections, routeOf, type FileCollections, type FolderCollectionName } from '#schemas/index.ts';
import { renderBodies } from './bodies.ts';
import { LoadContext } from './context.ts';
import { factsOf } from './facts.ts';
import { readFolders } from './folders.ts';
import { readTwins, translation } from './languages.ts';
import { readMessages } from './messages.ts';
import { checkReferences, checkSiteReferences, knownTargets } from './references.ts';
import type { Content, Entry, FolderContent, SiteLanguages } from './types.ts';
import type { Lang } from '#src/contract/site.ts';

/** The content (none when it has problems), its problems, the files checked and the MDX bodies rendered and taken from the content cache. */
export type LoadResult = Awaited<ReturnType<typeof loadContent>>;

export interface LoadOptions {
  /** The content cache's folder (cache.ts, e.g. .cache/content); none: every file is parsed, validated and rendered. */
  cacheDir?: string;
  /** Keep `draft: true` pages (site dev); the production build leaves them out. */
  includeDrafts?: boolean;
}

/**
 * Read and validate content/. Reports every problem in every file; `content` only when there are
 * none. One pass, each step over every language: read the files (content/, then content/<code>/
 * for each other language site.yaml lists), make each language's content, render the MDX bodies,
 * check the references.
 */
export async function loadContent(dir: string, root = path.dirname(path.resolve(dir)), opts: LoadOptions = {}) {
  const ctx = new LoadContext(path.resolve(dir), path.resolve(root), opts);
  const loaded: Partial<Record<string, unknown>> & Partial<FileCollections> = {};
  for (const [name, { file, schema }] of Object.entries(fileCollections)) loaded[name] = ctx.readYaml(file, schema, name);
  if (loaded.pages) checkUnique(ctx, 'pages.yaml', loaded.pages.map((p) => p.path), 'path', 'path');
  if (loaded.services) checkUnique(ctx, 'services.yaml', loaded.services.map((s) => s.id), 'id', 'service id');
  const folders = readFolders(ctx);
  const codes = listedLanguages(ctx, loaded.site);
  const others = codes.slice(1).map((code) => readTwins(ctx, code));
  const catalogues = readMessages(ctx, codes);

  let made: Content | undefined;
  // Each language's content, bodies and references need the default language's file collections and every catalogue.
  if (catalogues && Object.keys(fileCollections).every((name) => loaded[name] !== undefined)) {
    const [language] = catalogues.languages;
    const languages: SiteLanguages = { list: catalogues.languages, hrefs: { [language!.code]: {} } };
    const all = { dir: ctx.dir, ...loaded, ...folders, messages: catalogues.messages[language!.code]!, language: language!, languages } as Content;
    // Each language with its context (its problems located in its own files) and its facts, made once.
    const editions = [{ ctx, content: all, facts: factsOf(all) }];
    for (const [i, twins] of others.entries()) {
      const content = translation(twins, all, catalogues.languages[i + 1]!, catalogues.messages);
      editions.push({ ctx: twins.lctx, content, facts: factsOf(content) });
    }
    const rendered = await renderBodies(editions);
    // Every page and #fragment of the site: the sections content declares and the headings of the
    // bodies; links in bodies and in front matter are checked against them.
    const targets = knownTargets(rendered[0]!, rendered.slice(1));
    editions.forEach(({ ctx: at, facts }, i) => checkReferences(at, rendered[i]!, targets[i]!, targets[0]!, facts));
    checkSiteReferences(ctx, all, catalogues.messages);
    made = { ...rendered[0]!, translations: rendered.slice(1).map((t) => ({ ...t, ...withUntranslated(rendered[0]!, t) })) };
  }
  for (const twins of others) ctx.absorb(twins.lctx, `/${twins.code}`);

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

/**
 * The folder collections whose pages a language lists in the default language where it has no
 * twin (nav lists, grids, tiles). Posts are not: lists of articles (the home page's latest, the
 * blog) show the articles written in the page's language.
 */
const LISTED_UNTRANSLATED: readonly FolderCollectionName[] = ['brands', 'areas', 'serviceCenter'];

/** The folder collections as a language lists them: each default-language page in the default's order, as its twin where there is one. */
function withUntranslated(def: Content, own: FolderContent): Partial<FolderContent> {
  const out: Record<string, Entry<unknown>[]> = {};
  for (const name of LISTED_UNTRANSLATED) {
    const twins = new Map((own[name] as Entry<unknown>[]).map((e) => [routeOf(name, e.data), e]));
    out[name] = (def[name] as Entry<unknown>[]).map((e) => twins.get(routeOf(name, e.data)) ?? e);
  }
  return out as Partial<FolderContent>;
}

/** Each value of the list in `rel` (read and valid, so its source is kept) at its `key` once. */
function checkUnique(ctx: LoadContext, rel: string, values: string[], key: string, what: string) {
  const source = ctx.sources.get(ctx.display(path.join(ctx.dir, rel)))!;
  const seen = new Map<string, number>();
  values.forEach((v, i) => {
    const first = seen.get(v);
    if (first === undefined) return void seen.set(v, i);
    ctx.error(source.file, source.locate([i, key]), 'duplicate', `duplicate ${what}`, {
      expected: `a ${what} used once`,
      received: `${JSON.stringify(v)}, already used at line ${source.locate([first, key]).line}`,
    });
  });
}
