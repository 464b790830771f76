import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import type { Problem } from './problems.ts';
import { parseYamlSource, type YamlSource } from './yaml-source.ts';
import type { YamlValues } from './yaml-cache.ts';
import { zodProblems } from './zod-problems.ts';

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

  /** Read one YAML file of content/ and validate it. */
  readYaml<S extends z.ZodType>(rel: string, schema: S, collection: string): z.output<S> | undefined {
    const abs = path.join(this.dir, rel);
    const file = this.display(abs);
    if (!existsSync(abs)) {
      this.problems.push({ file, line: 1, column: 1, rule: 'missing-file', message: `${collection}: the file is missing`, severity: 'error' });
      return undefined;
    }
    this.filesChecked++;
    return this.validate(this.parseYaml(file, readFileSync(abs, 'utf8')), schema, collection);
  }

  error(file: string, at: { line: number; column: number }, rule: string, message: string, extra: Partial<Problem> = {}) {
    this.problems.push({ file, ...at, rule, message, severity: 'error', ...extra });
  }
}
