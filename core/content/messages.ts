import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Lang, Messages } from '#src/contract/site.ts';
import type { LoadContext } from './context.ts';
import { showValue } from './problems.ts';
import type { YamlSource } from './yaml-source.ts';

/** The catalogues, English first: it is the reference every other catalogue is compared with. */
export const LANGS: readonly Lang[] = ['en', 'hi'];
const DIR = 'messages';

/** "{city} since {founded}" → ["city", "founded"], sorted and once each. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{([\w.]+)\}/g)].map((m) => m[1]!))].sort();
}

interface Leaf {
  value: string;
  path: string[];
}

/** The string leaves of a catalogue by dotted key; anything else is a problem at its position. */
function flatten(ctx: LoadContext, source: YamlSource): Map<string, Leaf> {
  const out = new Map<string, Leaf>();
  const walk = (value: unknown, at: string[]) => {
    if (typeof value === 'string') return void out.set(at.join('.'), { value, path: at });
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, [...at, k]);
      return;
    }
    ctx.error(source.file, source.locate(at), 'schema', `messages › ${at.join('.') || '(root)'}`, {
      expected: at.length ? 'text (a message)' : 'a mapping of message keys',
      received: showValue(value),
    });
  };
  walk(source.value ?? {}, []);
  return out;
}

/**
 * Read content/messages/<lang>.yaml for every language: each value text, the same keys in every
 * file and the same {placeholders} per key as English. Problems go to ctx; the flattened
 * catalogues (`"nav.home": "Home"`) come back only when all of them are valid.
 */
export function readMessages(ctx: LoadContext): Record<Lang, Messages> | undefined {
  const leaves = {} as Record<Lang, Map<string, Leaf> | undefined>;
  const sources = {} as Record<Lang, YamlSource | undefined>;
  const before = ctx.problems.length;
  for (const lang of LANGS) {
    const abs = path.join(ctx.dir, DIR, `${lang}.yaml`);
    const file = ctx.display(abs);
    if (!existsSync(abs)) {
      ctx.error(file, { line: 1, column: 1 }, 'missing-file', `messages: the ${lang} catalogue is missing`);
      continue;
    }
    ctx.filesChecked++;
    const source = ctx.readYamlValue(abs);
    ctx.sources.set(file, source);
    if (source.problems.length) {
      ctx.problems.push(...source.problems);
      continue;
    }
    sources[lang] = source;
    leaves[lang] = flatten(ctx, source);
  }

  const en = leaves.en;
  const enSource = sources.en;
  if (en && enSource) {
    for (const lang of LANGS.slice(1)) {
      const other = leaves[lang];
      const source = sources[lang];
      if (!other || !source) continue;
      for (const [key, { value, path: at }] of en) {
        const twin = other.get(key);
        if (twin === undefined) {
          ctx.error(source.file, source.locate(at), 'missing-key', `messages › ${key}: missing`, {
            expected: `the key of ${enSource.file}:${enSource.locate(at).line} (${showValue(value)})`,
            received: 'nothing (the key is missing)',
          });
          continue;
        }
        const want = placeholdersOf(value);
        const got = placeholdersOf(twin.value);
        if (want.join() !== got.join()) {
          ctx.error(source.file, source.locate(at), 'placeholders', `messages › ${key}: placeholders differ from English`, {
            expected: want.length ? want.map((p) => `{${p}}`).join(' ') : 'no {placeholders}',
            received: `${got.length ? got.map((p) => `{${p}}`).join(' ') : 'none'} in ${showValue(twin.value)}`,
          });
        }
      }
      for (const [key, { path: at }] of other) {
        if (en.has(key)) continue;
        ctx.error(source.file, source.locate(at, { key: true }), 'unknown-key', `messages › ${key}: not in English`, {
          expected: `a key of ${enSource.file}`,
          received: showValue(key),
        });
      }
    }
  }
  if (ctx.problems.length > before) return undefined;
  const flat = (m: Map<string, Leaf> | undefined): Messages => Object.fromEntries([...(m ?? [])].map(([k, l]) => [k, l.value]));
  return Object.fromEntries(LANGS.map((lang) => [lang, flat(leaves[lang])])) as Record<Lang, Messages>;
}
