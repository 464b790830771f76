import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { parseYamlSource, type YamlSource } from './yaml-source.ts';

const YAML_VERSION = (createRequire(import.meta.url)('yaml/package.json') as { version: string }).version;

/**
 * The values of YAML texts parsed before, by the hash of the text (decision 065), in one file: a
 * build after a one-post edit parses one front matter, not a thousand. Only texts that parsed
 * without problems are kept. A source from here has its value at once and parses its text (for
 * positions) only when a problem needs one: a build with no problem never does.
 */
export class YamlValues {
  private readonly before: Map<string, unknown>;
  private readonly now = new Map<string, unknown>();
  private added = 0;
  private readonly file: string;

  /** `dir`: the build cache's folder for it; the file is named by the YAML parser's version. */
  constructor(dir: string) {
    this.file = path.join(dir, `yaml-${YAML_VERSION}.v8`);
    let before = new Map<string, unknown>();
    try {
      const stored: unknown = deserialize(readFileSync(this.file));
      if (stored instanceof Map) before = stored as Map<string, unknown>;
    } catch {
      // No file yet, or an unreadable one: every text is parsed.
    }
    this.before = before;
  }

  parse(file: string, text: string, lineOffset = 0): YamlSource {
    const key = createHash('sha1').update(text).digest('base64url');
    if (this.before.has(key) || this.now.has(key)) {
      const value = this.now.get(key) ?? this.before.get(key);
      this.now.set(key, value);
      let full: YamlSource | undefined;
      // structuredClone: callers get their own value, as from a parse.
      return { file, value: structuredClone(value), problems: [], locate: (at, opts) => (full ??= parseYamlSource(file, text, lineOffset)).locate(at, opts) };
    }
    const source = parseYamlSource(file, text, lineOffset);
    if (!source.problems.length && source.value !== undefined) {
      this.now.set(key, structuredClone(source.value));
      this.added++;
    }
    return source;
  }

  /** Keep what this load used (texts no file has any more are dropped), when it changed. */
  save() {
    if (!this.added && this.now.size === this.before.size) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, serialize(this.now));
    renameSync(tmp, this.file);
  }
}
