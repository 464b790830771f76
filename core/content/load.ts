import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { fileCollections, type FileCollections } from '#schemas/index.ts';
import { renderBodies } from './bodies.ts';
import { readFolders, type FolderContent } from './folders.ts';
import type { Problem } from './problems.ts';
import { checkReferences } from './references.ts';
import { parseYamlSource, type YamlSource } from './yaml-source.ts';
import { zodProblems } from './zod-problems.ts';

/** Everything in content/, validated. */
export interface Content extends FileCollections, FolderContent {
  /** Absolute path of the content folder. */
  dir: string;
}

/** Reading state shared by the collection readers: problems pile up, nothing throws. */
export class LoadContext {
  readonly problems: Problem[] = [];
  readonly sources = new Map<string, YamlSource>();
  /** The route of every draft left out of this load, and its file: links to them are reported. */
  readonly drafts = new Map<string, string>();
  includeDrafts = false;
  filesChecked = 0;
  constructor(
    /** Absolute content folder. */
    readonly dir: string,
    /** The project root, for file names in messages. */
    readonly root: string,
  ) {}

  /** The file name as messages show it: relative to the project root. */
  display(abs: string): string {
    return path.relative(this.root, abs).split(path.sep).join('/');
  }

  /** Validate a parsed source against a schema; problems recorded, value returned when valid. */
  validate<S extends z.ZodType>(source: YamlSource, schema: S, collection: string): z.output<S> | undefined {
    this.sources.set(source.file, source);
    if (source.problems.length) {
      this.problems.push(...source.problems);
      return undefined;
    }
    const result = schema.safeParse(source.value, { reportInput: true });
    if (result.success) return result.data;
    this.problems.push(...zodProblems(result.error, source, collection, schema));
    return undefined;
  }

  /** Read one YAML file of content/ and validate it. */
  readYaml<S extends z.ZodType>(rel: string, schema: S, collection: string): z.output<S> | undefined {
    const abs = path.join(this.dir, rel);
    const file = this.display(abs);
    if (!existsSync(abs)) {
      this.problems.push({ file, line: 1, column: 1, rule: 'missing-file', message: `${collection}: the file is missing`, severity: 'error' });
      return undefined;
    }
    this.filesChecked++;
    return this.validate(parseYamlSource(file, readFileSync(abs, 'utf8')), schema, collection);
  }

  error(file: string, at: { line: number; column: number }, rule: string, message: string, extra: Partial<Problem> = {}) {
    this.problems.push({ file, ...at, rule, message, severity: 'error', ...extra });
  }
}

export interface LoadResult {
  content?: Content;
  problems: Problem[];
  filesChecked: number;
  ctx: LoadContext;
}

export interface LoadOptions {
  /** Where compiled MDX bodies are cached by content hash (e.g. .cache/mdx); none: no cache. */
  cacheDir?: string;
  /** Keep `draft: true` pages (site dev); the production build leaves them out. */
  includeDrafts?: boolean;
}

/** Read and validate content/. Reports every problem in every file; `content` only when there are none. */
export function loadContent(dir: string, root = path.dirname(path.resolve(dir)), opts: LoadOptions = {}): LoadResult {
  const ctx = new LoadContext(path.resolve(dir), path.resolve(root));
  ctx.includeDrafts = opts.includeDrafts ?? false;
  const files: Partial<Record<string, unknown>> = {};
  for (const [name, { file, schema }] of Object.entries(fileCollections)) {
    files[name] = ctx.readYaml(file, schema, name);
  }
  const loaded = files as Partial<FileCollections>;
  if (loaded.pages) checkUnique(ctx, 'pages.yaml', loaded.pages.map((p) => p.path), (i) => [i, 'path'], 'path');
  if (loaded.services) checkUnique(ctx, 'services.yaml', loaded.services.map((s) => s.id), (i) => [i, 'id'], 'service id');

  const folders = readFolders(ctx);
  // Cross-references and MDX bodies need the file collections; the folders' own problems are already in.
  if (Object.keys(fileCollections).every((name) => files[name] !== undefined)) {
    const all = { dir: ctx.dir, ...loaded, ...folders } as Content;
    const targets = checkReferences(ctx, all);
    renderBodies(ctx, all, targets, opts.cacheDir);
  }

  const content = ctx.problems.length === 0 ? ({ dir: ctx.dir, ...loaded, ...folders } as Content) : undefined;
  return { content, problems: ctx.problems, filesChecked: ctx.filesChecked, ctx };
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
