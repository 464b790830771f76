import type { z } from 'zod';
import { fieldPath, hintFor, showValue, type Problem } from './problems.ts';
import type { PathKey, YamlSource } from './yaml-source.ts';

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping of fields',
  date: 'a date',
};

/** Zod's own messages start like this; a schema's custom message reads as the expectation itself. */
const DEFAULT_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized key|Expected)/;

function plural(n: number | bigint, word: string): string {
  return `${n} ${word}${Number(n) === 1 ? '' : 's'}`;
}

function expectation(issue: z.core.$ZodIssue): string {
  if (!DEFAULT_MESSAGE.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return TYPE_WORDS[issue.expected] ?? issue.expected;
    case 'invalid_value':
      return issue.values.length === 1
        ? JSON.stringify(issue.values[0])
        : `one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small':
    case 'too_big': {
      const [n, bound, beyond] = issue.code === 'too_small' ? [issue.minimum, 'at least', 'more than'] : [issue.maximum, 'at most', 'less than'];
      if (issue.origin === 'string') return `${bound} ${plural(n, 'character')}`;
      if (issue.origin === 'array') return `${issue.exact ? 'exactly' : bound} ${plural(n, 'item')}`;
      return `${issue.inclusive ? bound : beyond} ${n}`;
    }
    case 'invalid_union':
      return 'one of the allowed shapes';
    default:
      return issue.message;
  }
}

function received(issue: z.core.$ZodIssue): string {
  const input = (issue as { input?: unknown }).input;
  if (issue.code === 'too_small' || issue.code === 'too_big') {
    if (typeof input === 'string') return `${showValue(input)} (${plural(input.length, 'character')})`;
    if (Array.isArray(input)) return plural(input.length, 'item');
  }
  if (issue.code === 'invalid_type' && input !== undefined && input !== null) {
    const kind = Array.isArray(input) ? 'a list' : typeof input === 'object' ? 'a mapping' : typeof input;
    return typeof input === 'object' ? kind : `${showValue(input)} (${kind})`;
  }
  return showValue(input);
}

/** Turn a zod error into problems located in the YAML source, one per issue (unrecognized keys: one per key). */
export function zodProblems(error: z.ZodError, source: YamlSource, collection: string, schema: z.ZodType): Problem[] {
  const problem = (path: PathKey[], rule: string, said: Pick<Problem, 'expected' | 'received' | 'hint'>, locate?: { key: boolean }): Problem => ({
    file: source.file,
    ...source.locate(path, locate),
    rule,
    message: fieldPath(collection, path),
    ...said,
    severity: 'error',
  });
  return error.issues.flatMap((issue) => {
    const path = issue.path as PathKey[];
    if (issue.code === 'unrecognized_keys') {
      const known = schemaKeys(schema, source.value, path);
      return issue.keys.map((key) => problem([...path, key], 'unknown-field', { expected: 'no such field here', received: JSON.stringify(key), hint: hintFor(key, known) }, { key: true }));
    }
    const input = (issue as { input?: unknown }).input;
    const hint = issue.code === 'invalid_value' && typeof input === 'string' ? hintFor(input, issue.values.map(String)) : undefined;
    // A refinement on a parent object reports the parent as its input: show the field's own value.
    const got = issue.code === 'custom' ? showValue(path.reduce<unknown>((node, seg) => (node as Record<PathKey, unknown> | undefined)?.[seg], source.value)) : received(issue);
    return [problem(path, 'schema', { expected: expectation(issue), received: got, hint })];
  });
}

type Def = { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType; innerType?: z.ZodType; in?: z.ZodType; options?: z.ZodType[]; discriminator?: string; valueType?: z.ZodType };

/** The field names the schema allows at `path` (for "did you mean" on a misspelt field). */
function schemaKeys(schema: z.ZodType, value: unknown, path: readonly PathKey[]): string[] {
  let node: z.ZodType | undefined = schema;
  let data: unknown = value;
  const unwrap = (s: z.ZodType | undefined): z.ZodType | undefined => {
    for (let i = 0; s && i < 10; i++) {
      const def = (s as unknown as { _zod: { def: Def } })._zod.def;
      if (def.innerType) s = def.innerType;
      else if (def.type === 'pipe' && def.in) s = def.in;
      else if (def.type === 'union' && def.options) {
        const d = def.discriminator;
        const tag = d && data && typeof data === 'object' ? (data as Record<string, unknown>)[d] : undefined;
        s = def.options.find((o) => {
          const shape = (o as unknown as { _zod: { def: Def } })._zod.def.shape;
          const lit = shape && d ? (shape[d] as unknown as { _zod: { def: { values?: unknown[] } } })?._zod.def.values : undefined;
          return lit?.includes(tag);
        });
      } else break;
    }
    return s;
  };
  for (const seg of [...path, null]) {
    node = unwrap(node);
    if (!node) return [];
    const def = (node as unknown as { _zod: { def: Def } })._zod.def;
    if (seg === null) return def.shape ? Object.keys(def.shape) : [];
    node = typeof seg === 'number' ? def.element : def.shape?.[seg] ?? def.valueType;
    data = (data as Record<PathKey, unknown> | undefined)?.[seg];
  }
  return [];
}
