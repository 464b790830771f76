import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { splitMdx } from './front-matter.ts';
import type { Problem } from './problems.ts';
import { workAhead } from '../pipeline/tiering.ts';
import { bodyHash, statKey, type FileSnapshot } from './snapshot.ts';
import { parseYamlSource, type YamlSource } from './yaml-source.ts';
import { YamlValues } from './yaml-cache.ts';
import { zodProblems } from './zod-problems.ts';

/** The snapshot's collection for files kept as parsed, not validated (readYamlValue). */
const RAW = '(yaml)';

/** One content file, read: its data when valid, its YAML source, and its MDX body ('' for .yaml). */
export interface ReadFile<T> {
  data: T | undefined;
  source: YamlSource;
  /** The body: read from the file when first asked, for a file from the snapshot. */
  body: () => string;
  /** bodyHash() of the body. */
  bodyHash: string;
  bodyLineOffset: number;
}

/**
 * A source whose text is parsed only when asked (a problem needs a position): the file was not
 * written since it loaded without problems (snapshot.ts), or its front matter is a text that did.
 */
function sourceOnDemand(file: string, make: () => YamlSource, kept?: { value: unknown; items?: { line: number; column: number }[] }): YamlSource {
  let full: YamlSource | undefined;
  const parsed = () => (full ??= make());
  return {
    file,
    get value() {
      return kept ? kept.value : parsed().value;
    },
    problems: [],
    locate: (at, opts) => {
      const item = at.length === 1 && typeof at[0] === 'number' && !opts?.key ? kept?.items?.[at[0]] : undefined;
      return item ? { ...item } : parsed().locate(at, opts);
    },
  };
}

/** Reading state shared by the collection readers: problems pile up, nothing throws. */
export class LoadContext {
  readonly problems: Problem[] = [];
  readonly sources = new Map<string, YamlSource>();
  /** The route of every draft left out of this load, and its file: links to them are reported. */
  readonly drafts = new Map<string, string>();
  includeDrafts = false;
  filesChecked = 0;
  /** YAML values parsed before (yaml-cache.ts); none: every text is parsed. */
  yamlValues?: YamlValues;
  /** What the last load made of each file (snapshot.ts); none: every file is read. */
  snapshot?: FileSnapshot;
  /** Files read and checked in this load (not taken from the snapshot). */
  private read = 0;
  /** The hash of each file's YAML text (YamlValues.keyOf), by file as displayed: what a value built on it is kept by. */
  readonly textKeys = new Map<string, string>();
  constructor(
    /** Absolute content folder. */
    readonly dir: string,
    /** The project root, for file names in messages. */
    readonly root: string,
  ) {}

  /** The file name as messages show it: relative to the project root. */
  display(abs: string): string {
    // Most files are under the root: a slice, not path.relative (a thousand posts read it each).
    const under = this.root.endsWith(path.sep) ? this.root : this.root + path.sep;
    const rel = abs.startsWith(under) && !abs.includes(`${path.sep}..`) && !abs.includes(`${path.sep}.${path.sep}`) ? abs.slice(under.length) : path.relative(this.root, abs);
    return path.sep === '/' ? rel : rel.split(path.sep).join('/');
  }

  /** Parse a YAML text of `file` (through `yamlValues` when there is one). */
  parseYaml(file: string, text: string, lineOffset = 0): YamlSource {
    return this.yamlValues ? this.yamlValues.parse(file, text, lineOffset) : parseYamlSource(file, text, lineOffset);
  }

  /** Validate a parsed source against a schema; problems recorded, value returned when valid. */
  validate<S extends z.ZodType>(source: YamlSource, schema: S, collection: string): z.output<S> | undefined {
    this.sources.set(source.file, source);
    if (source.problems.length) {
      this.problems.push(...source.problems);
      return undefined;
    }
    const kept = this.yamlValues?.checked(source, collection);
    if (kept !== undefined) return kept as z.output<S>;
    const result = schema.safeParse(source.value, { reportInput: true });
    if (result.success) {
      this.yamlValues?.keepChecked(source, collection, result.data);
      return result.data;
    }
    this.problems.push(...zodProblems(result.error, source, collection, schema));
    return undefined;
  }

  /**
   * Parse one YAML file of content/ that is not validated on its own (a catalogue, the Hindi site
   * overlay): from the snapshot when the file was not written since it parsed without problems.
   */
  readYamlValue(abs: string): YamlSource {
    const file = this.display(abs);
    const stat = this.snapshot && statKey(abs);
    const kept = stat ? this.snapshot!.get(abs, stat, RAW) : undefined;
    if (kept) {
      this.textKeys.set(file, kept.textKey);
      this.yamlValues?.carry(kept.textKey, RAW);
      return sourceOnDemand(file, () => parseYamlSource(file, readFileSync(abs, 'utf8')), { value: kept.data });
    }
    const text = readFileSync(abs, 'utf8');
    const source = this.parseYaml(file, text);
    const textKey = YamlValues.keyOf(text);
    this.textKeys.set(file, textKey);
    if (stat && !source.problems.length) this.snapshot!.keep(abs, { stat, collection: RAW, textKey, data: source.value, bodyHash: '', bodyLineOffset: 0 });
    return source;
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

  /**
   * Read one content file (YAML, or MDX: front matter and body), parse and validate it. A file not
   * written since the last load, or whose front matter is the text it was then, is taken from the
   * snapshot instead (snapshot.ts).
   */
  readFile<S extends z.ZodType>(abs: string, schema: S, collection: string): ReadFile<z.output<S>> {
    const file = this.display(abs);
    this.filesChecked++;
    // Before the read: a file written while it is read has another stat next time.
    const stat = this.snapshot && statKey(abs);
    const kept = stat ? this.snapshot!.get(abs, stat, collection) : undefined;
    const mdx = abs.endsWith('.mdx');
    if (kept) {
      const value = kept.value === undefined ? undefined : { value: structuredClone(kept.value), items: kept.items };
      const source = sourceOnDemand(file, () => (mdx ? splitMdx(file, readFileSync(abs, 'utf8')).source : parseYamlSource(file, readFileSync(abs, 'utf8'))), value);
      this.sources.set(file, source);
      this.yamlValues?.carry(kept.textKey, collection);
      this.textKeys.set(file, kept.textKey);
      let body: string | undefined;
      const readBody = () => {
        if (body !== undefined) return body;
        const now = mdx ? splitMdx(file, readFileSync(abs, 'utf8')).body : '';
        // Its data and the pages made from them belong to the body that was hashed.
        if (bodyHash(now) !== kept.bodyHash) throw new Error(`${file} changed while the site was being built from it: build again`);
        return (body = now);
      };
      return { data: kept.data as z.output<S>, source, body: readBody, bodyHash: kept.bodyHash, bodyLineOffset: kept.bodyLineOffset };
    }
    // A file read and checked again: many of them (a checkout, a new schema, no snapshot) are work.
    workAhead(++this.read);
    const text = readFileSync(abs, 'utf8');
    let textKey: string | undefined;
    let same: unknown;
    const parse = (f: string, yaml: string): YamlSource => {
      textKey = YamlValues.keyOf(yaml);
      const previous = this.snapshot?.previous(abs, collection);
      // The body alone was edited: the front matter is the text that was valid last time.
      if (previous?.textKey === textKey) {
        same = structuredClone(previous.data);
        this.yamlValues?.carry(textKey, collection);
        return sourceOnDemand(f, () => parseYamlSource(f, yaml));
      }
      return this.parseYaml(f, yaml);
    };
    const split = mdx ? splitMdx(file, text, parse) : { source: parse(file, text), body: '', bodyLineOffset: 0 };
    if (textKey !== undefined) this.textKeys.set(file, textKey);
    let data: z.output<S> | undefined;
    if (same !== undefined && !split.source.problems.length) {
      this.sources.set(file, split.source);
      data = same as z.output<S>;
    } else data = this.validate(split.source, schema, collection);
    const hash = bodyHash(split.body);
    if (data !== undefined && stat && textKey !== undefined && !split.source.problems.length) {
      const { value } = split.source;
      const items = !mdx && Array.isArray(value) ? value.map((_, i) => split.source.locate([i])) : undefined;
      this.snapshot!.keep(abs, { stat, collection, textKey, data, ...(!mdx && { value, items }), bodyHash: hash, bodyLineOffset: split.bodyLineOffset });
    }
    return { data, source: split.source, body: () => split.body, bodyHash: hash, bodyLineOffset: split.bodyLineOffset };
  }

  error(file: string, at: { line: number; column: number }, rule: string, message: string, extra: Partial<Problem> = {}) {
    this.problems.push({ file, ...at, rule, message, severity: 'error', ...extra });
  }
}
