import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { byFiles, localGraph } from './mdx/fingerprint.ts';
import { parseYamlSource, type YamlSource } from './yaml-source.ts';

const require = createRequire(import.meta.url);
export const YAML_VERSION = (require('yaml/package.json') as { version: string }).version;

let schemas: string | undefined;

/** What a validated value depends on besides its text: the schemas' sources and zod's version. */
export function schemaVersion(): string {
  return (schemas ??= byFiles('schemas', () => {
    const zod = require.resolve('zod/package.json');
    const hash = createHash('sha1').update((JSON.parse(readFileSync(zod, 'utf8')) as { version: string }).version);
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const files = [zod, path.join(root, 'package.json')];
    for (const file of localGraph('../../../schemas/index.ts')) {
      files.push(path.join(root, file));
      hash.update(file).update('\0').update(readFileSync(path.join(root, file)));
    }
    return { files, value: hash.digest('base64url') };
  }));
}

/**
 * The hash of the text of each source that came through the cache. Kept beside the source, not on
 * it: a caller that makes a new source from one (`{ ...source, value }`: the Hindi site overlay
 * merged onto the English file) has a value the text alone does not make, and must not find the
 * value kept for that text.
 */
const textKeys = new WeakMap<YamlSource, string>();

/**
 * The values of YAML texts parsed before, by the hash of the text (decision 065), in one file: a
 * build after a one-post edit parses one front matter, not a thousand. Only texts that parsed
 * without problems are kept. A source from here has its value at once and parses its text (for
 * positions) only when a problem needs one: a build with no problem never does.
 */
export class YamlValues {
  private stored?: { values: Map<string, unknown>; checked: Map<string, unknown> };
  private readonly now = new Map<string, unknown>();
  private readonly checkedNow = new Map<string, unknown>();
  /** Texts of files this load took from the snapshot (snapshot.ts), by collection: still in use. */
  private readonly carried: [text: string, collection: string][] = [];
  private added = 0;
  private readonly file: string;
  private version?: string;

  /** `dir`: the build cache's folder for it; the file is named by the YAML parser's version. Read when first needed. */
  constructor(dir: string) {
    this.file = path.join(dir, `yaml-${YAML_VERSION}.v8`);
  }

  /** The values kept by earlier loads: texts' values, and values that passed a collection's schema (by schema version, collection and text). */
  private get before() {
    if (!this.stored) {
      this.stored = { values: new Map(), checked: new Map() };
      try {
        const stored = deserialize(readFileSync(this.file)) as { values?: unknown; checked?: unknown };
        if (stored.values instanceof Map && stored.checked instanceof Map) this.stored = stored as typeof this.stored;
      } catch {
        // No file yet, or an unreadable one: every text is parsed.
      }
    }
    return this.stored;
  }

  /** The hash a text is kept by. */
  static keyOf(text: string): string {
    return createHash('sha1').update(text).digest('base64url');
  }

  /** A file whose text (by keyOf) this load did not parse, taken whole from the snapshot: what is kept of it stays. */
  carry(text: string, collection: string) {
    this.carried.push([text, collection]);
  }

  /**
   * The value a schema gave back for this source before (decision 069): a front matter that did
   * not change is not validated again. Only sources that came through parse() have one.
   */
  checked(source: YamlSource, collection: string): unknown {
    const key = this.checkedKey(source, collection);
    const value = key === undefined ? undefined : (this.checkedNow.get(key) ?? this.before.checked.get(key));
    if (value === undefined) return undefined;
    this.checkedNow.set(key!, value);
    // The caller's own value, as from a validation: what is kept stays as the schema gave it.
    return structuredClone(value);
  }

  /** Keep what a schema gave back for this source (a valid one). */
  keepChecked(source: YamlSource, collection: string, value: unknown) {
    const key = this.checkedKey(source, collection);
    if (key === undefined || value === undefined || this.checkedNow.has(key)) return;
    this.checkedNow.set(key, structuredClone(value));
    this.added++;
  }

  private checkedKey(source: YamlSource, collection: string): string | undefined {
    const text = textKeys.get(source);
    return text === undefined ? undefined : this.checkedKeyOf(text, collection);
  }

  private checkedKeyOf(text: string, collection: string): string {
    this.version ??= schemaVersion();
    return `${this.version}\0${collection}\0${text}`;
  }

  parse(file: string, text: string, lineOffset = 0): YamlSource {
    const key = YamlValues.keyOf(text);
    if (this.now.has(key) || this.before.values.has(key)) {
      const value = this.now.get(key) ?? this.before.values.get(key);
      this.now.set(key, value);
      let full: YamlSource | undefined;
      // structuredClone: callers get their own value, as from a parse.
      const source: YamlSource = { file, value: structuredClone(value), problems: [], locate: (at, opts) => (full ??= parseYamlSource(file, text, lineOffset)).locate(at, opts) };
      textKeys.set(source, key);
      return source;
    }
    const source = parseYamlSource(file, text, lineOffset);
    if (!source.problems.length && source.value !== undefined) {
      this.now.set(key, structuredClone(source.value));
      this.added++;
      textKeys.set(source, key);
    }
    return source;
  }

  /** Keep what this load used (texts no file has any more are dropped), when it changed. */
  save() {
    // Nothing parsed or validated: nothing new, and nothing known to be unused (the snapshot served every file).
    if (!this.stored) return;
    const before = this.stored;
    for (const [text, collection] of this.carried) {
      if (!this.now.has(text) && before.values.has(text)) this.now.set(text, before.values.get(text));
      const checked = this.checkedKeyOf(text, collection);
      if (!this.checkedNow.has(checked) && before.checked.has(checked)) this.checkedNow.set(checked, before.checked.get(checked));
    }
    if (!this.added && this.now.size === before.values.size && this.checkedNow.size === before.checked.size) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, serialize({ values: this.now, checked: this.checkedNow }));
    renameSync(tmp, this.file);
  }
}
