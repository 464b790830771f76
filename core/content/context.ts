import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { pathIn } from '#src/i18n/href.ts';
import { ContentCache, hashOf } from './cache.ts';
import { splitMdx, type MdxFile } from './front-matter.ts';
import { fieldPath, hintFor, type Problem } from './problems.ts';
import { parseYamlSource, type PathKey, type YamlSource } from './yaml-source.ts';
import { zodProblems } from './zod-problems.ts';

/**
 * What a problem says besides where it is and what is wrong: expected, received, a hint; or `near`,
 * hintFor's arguments (the name as written, the names it may have meant), to make its "did you mean".
 */
export type Said = Partial<Problem> & { near?: Parameters<typeof hintFor> };

/** What the cache keeps of a content file that loaded without problems. */
interface KeptFile {
  data: unknown;
  /** A .yaml file's parsed value, before validation: another file may build on it (a language's site overlay, its pages list). */
  value?: unknown;
  /** Where the body starts in the file's text (it runs to the end), and the lines before it. */
  bodyStart: number;
  bodyLineOffset: number;
}

/** Reading state shared by the collection readers: problems pile up, nothing throws. */
export class LoadContext {
  readonly problems: Problem[] = [];
  readonly sources = new Map<string, YamlSource>();
  /** The route of every draft left out of this load, and its file: links to them are reported. */
  readonly drafts = new Map<string, string>();
  readonly includeDrafts: boolean;
  filesChecked = 0;
  /** The content cache (cache.ts); without one, every file is parsed and validated. */
  readonly cache: ContentCache;
  /** MDX bodies rendered by this load, and taken from the cache. */
  readonly bodies = { rendered: 0, cached: 0 };
  constructor(
    /** Absolute content folder. */
    readonly dir: string,
    /** The project root, for file names in messages. */
    readonly root: string,
    opts: { includeDrafts?: boolean; cacheDir?: string; cache?: ContentCache } = {},
  ) {
    this.includeDrafts = opts.includeDrafts ?? false;
    this.cache = opts.cache ?? new ContentCache(opts.cacheDir);
  }

  /** The context of another language's folder (content/<code>/): this one's cache and drafts setting, problems of its own until `absorb`. */
  child(dir: string): LoadContext {
    return new LoadContext(dir, this.root, { includeDrafts: this.includeDrafts, cache: this.cache });
  }

  /** Take over what a child context found; its drafts' routes get the language's `prefix`. */
  absorb(child: LoadContext, prefix: string) {
    this.problems.push(...child.problems);
    for (const [file, source] of child.sources) this.sources.set(file, source);
    for (const [route, file] of child.drafts) this.drafts.set(pathIn({ prefix }, route), file);
    this.filesChecked += child.filesChecked;
    this.bodies.rendered += child.bodies.rendered;
    this.bodies.cached += child.bodies.cached;
  }

  /** The file name as messages show it: relative to the project root, with forward slashes. */
  display(abs: string): string {
    const rel = path.relative(this.root, abs);
    return path.sep === '/' ? rel : rel.split(path.sep).join('/');
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

  /**
   * Read and parse one YAML file of content/ that is not validated on its own (a catalogue, a
   * language's site overlay): counted, its source kept, its syntax problems reported; undefined when it has any.
   */
  readYamlValue(abs: string): YamlSource | undefined {
    const { source } = this.readFile(abs, z.unknown(), 'yaml');
    return source.problems.length ? undefined : source;
  }

  /** Read one YAML file of content/ and validate it. */
  readYaml<S extends z.ZodType>(rel: string, schema: S, collection: string): z.output<S> | undefined {
    const abs = path.join(this.dir, rel);
    if (!existsSync(abs)) {
      this.problems.push({ file: this.display(abs), line: 1, column: 1, rule: 'missing-file', message: `${collection}: the file is missing`, severity: 'error' });
      return undefined;
    }
    return this.readFile(abs, schema, collection).data;
  }

  /** Read one content file (YAML, or MDX: front matter and body, empty for .yaml), parse and validate it (its data when valid), or take what the cache made of the same bytes. */
  readFile<S extends z.ZodType>(abs: string, schema: S, collection: string): MdxFile & { data: z.output<S> | undefined } {
    const file = this.display(abs);
    this.filesChecked++;
    const text = readFileSync(abs, 'utf8');
    const mdx = abs.endsWith('.mdx');
    const split = (of: string) => (mdx ? splitMdx(file, of) : { source: parseYamlSource(file, of), body: '', bodyLineOffset: 0 });
    const key = hashOf('file', collection, text);
    let kept = this.cache.get<KeptFile>(key);
    if (!kept) {
      const { source, body, bodyLineOffset } = split(text);
      const data = this.validate(source, schema, collection);
      if (data === undefined) return { data, source, body, bodyLineOffset };
      // The body is the end of the file's text (gray-matter's content).
      this.cache.set(key, (kept = { data, ...(!mdx && { value: source.value }), bodyStart: text.length - body.length, bodyLineOffset }));
    }
    // A valid file keeps its data, not its parsed YAML (a tree of nodes with positions, some 5 KB a
    // post): the file is read and parsed again only if a problem elsewhere needs a position, which a
    // build without problems never does. No closure here holds the text, so a body once rendered
    // does not keep its file's text through the build.
    let parsed: YamlSource | undefined;
    const source: YamlSource = { file, value: kept.value, problems: [], locate: (at, opts) => (parsed ??= split(readFileSync(abs, 'utf8')).source).locate(at, opts) };
    this.sources.set(file, source);
    return { data: kept.data as z.output<S>, source, body: text.slice(kept.bodyStart), bodyLineOffset: kept.bodyLineOffset };
  }

  error(file: string, at: { line: number; column: number }, rule: string, message: string, { near, ...said }: Said = {}) {
    this.problems.push({ file, ...at, rule, message, severity: 'error', ...said, ...(near && { hint: hintFor(...near) }) });
  }

  /** A problem at the field `at` of `source`, a file of `collection`: located there (`key`: at its key) and named by its path ("brands › sections[2].href"). */
  fieldError(source: YamlSource, collection: string, at: PathKey[], rule: string, said: Said, locate?: { key: boolean }) {
    this.error(source.file, source.locate(at, locate), rule, fieldPath(collection, at), said);
  }
}
