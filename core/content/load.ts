import path from 'node:path';
import { fileCollections, type FileCollections } from '#schemas/index.ts';
import { renderBodies } from './bodies.ts';
import { LoadContext } from './context.ts';
import { readFolders } from './folders.ts';
import { readMessages } from './messages.ts';
import type { Problem } from './problems.ts';
import { checkReferences, knownTargets } from './references.ts';
import { loadTwins } from './twins.ts';
import type { Content } from './types.ts';
import { ContentCache } from './cache.ts';

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
  let hi: Content | undefined;
  const messages = readMessages(ctx);
  // Cross-references and MDX bodies need the file collections; the folders' own problems are already in.
  if (Object.keys(fileCollections).every((name) => files[name] !== undefined)) {
    const all = { dir: ctx.dir, ...loaded, ...folders, messages } as Content;
    // Every page and #fragment of the site: the sections content declares, then the headings of
    // the bodies as they render; links in bodies and in front matter are checked against them all.
    const targets = knownTargets(all);
    folders = { ...folders, ...(await renderBodies(ctx, all, targets)) };
    checkReferences(ctx, { ...all, ...folders }, targets);
    hi = await loadTwins(ctx, { ...all, ...folders }, targets, { includeDrafts: ctx.includeDrafts });
  } else await loadTwins(ctx, undefined, undefined, { includeDrafts: ctx.includeDrafts }); // content/hi/ (twins.ts)

  // Only a load without problems updates the cache: one with problems may have left out files
  // (a folder not read), and what it dropped would be made again next time.
  if (!ctx.problems.length) ctx.cache.save();
  const content = ctx.problems.length === 0 ? ({ dir: ctx.dir, ...loaded, ...folders, messages, ...(hi && { hi }) } as Content) : undefined;
  return { content, problems: ctx.problems, filesChecked: ctx.filesChecked, bodies: ctx.bodies, ctx };
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
