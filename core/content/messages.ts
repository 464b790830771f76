import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Lang, Language, Messages } from '#src/contract/site.ts';
import type { LoadContext } from './context.ts';
import { showValue } from './problems.ts';
import type { YamlSource } from './yaml-source.ts';

/** The file of a language's catalogue, relative to content/. */
export const catalogueFile = (code: Lang) => `messages/${code}.yaml`;

/**
 * The keys of every catalogue that state its language rather than words of a page (decision 110),
 * and what each value must look like.
 */
const LANGUAGE_KEYS = {
  'language.name': { re: /\S/, expected: 'the language’s own name, written in it (the language switch shows it), e.g. "मराठी"' },
  'language.tag': { re: /^[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{2,8})*$/, expected: 'the page’s <html lang>, a language tag such as "mr" or "en-IN"' },
  'language.locale': { re: /^[a-z]{2,3}(?:_[A-Z]{2})?$/, expected: 'a locale such as "mr_IN" (og:locale; hreflang is the same with a hyphen)' },
  'language.dir': { re: /^(?:ltr|rtl)$/, expected: '"ltr" or "rtl", the direction the language is written in' },
} as const;

/** "{city} since {founded}" → ["city", "founded"], sorted and once each. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{([\w.]+)\}/g)].map((m) => m[1]!))].sort();
}

type Leaf = { value: string; path: string[] };

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

/** The catalogues of the site's languages, flattened (`"nav.home": "Home"`), and each language as its pages state it. */
export type Catalogues = NonNullable<ReturnType<typeof readMessages>>;

/**
 * Read content/messages/<code>.yaml for each language of `codes` (site.yaml `languages`, the
 * default first): each value text, the `language` keys well formed, the same keys in every file
 * and the same {placeholders} per key as the default language's. Problems go to ctx; the
 * catalogues come back only when all of them are valid.
 */
export function readMessages(ctx: LoadContext, codes: readonly Lang[]) {
  const read = new Map<Lang, { source: YamlSource; leaves: Map<string, Leaf> }>();
  const before = ctx.problems.length;
  for (const code of codes) {
    const abs = path.join(ctx.dir, catalogueFile(code));
    const file = ctx.display(abs);
    if (!existsSync(abs)) {
      ctx.error(file, { line: 1, column: 1 }, 'missing-file', `messages: the catalogue of "${code}" is missing`, {
        expected: `the words of every language site.yaml lists, in content/${catalogueFile(code)}`,
        received: 'no such file',
      });
      continue;
    }
    const source = ctx.readYamlValue(abs);
    if (!source) continue;
    read.set(code, { source, leaves: flatten(ctx, source) });
  }

  const first = codes[0];
  const ref = first === undefined ? undefined : read.get(first);
  for (const [code, { source, leaves: leaf }] of read) {
    for (const [key, { expected, re }] of Object.entries(LANGUAGE_KEYS)) {
      const got = leaf.get(key);
      if (got === undefined) {
        if (code === first) ctx.error(source.file, { line: 1, column: 1 }, 'missing-key', `messages › ${key}: missing`, { expected, received: 'nothing (the key is missing)' });
      } else if (!re.test(got.value)) {
        ctx.error(source.file, source.locate(got.path), 'schema', `messages › ${key}`, { expected, received: showValue(got.value) });
      }
    }
  }
  if (ref) {
    const { leaves: reference, source: refSource } = ref;
    for (const [code, { source, leaves: other }] of read) {
      if (code === first) continue;
      for (const [key, { value, path: at }] of reference) {
        const twin = other.get(key);
        if (twin === undefined) {
          ctx.error(source.file, source.locate(at), 'missing-key', `messages › ${key}: missing`, {
            expected: `the key of ${refSource.file}:${refSource.locate(at).line} (${showValue(value)})`,
            received: 'nothing (the key is missing)',
          });
          continue;
        }
        const want = placeholdersOf(value);
        const got = placeholdersOf(twin.value);
        if (want.join() !== got.join()) {
          ctx.error(source.file, source.locate(at), 'placeholders', `messages › ${key}: placeholders differ from ${refSource.file}`, {
            expected: want.length ? want.map((p) => `{${p}}`).join(' ') : 'no {placeholders}',
            received: `${got.length ? got.map((p) => `{${p}}`).join(' ') : 'none'} in ${showValue(twin.value)}`,
          });
        }
      }
      for (const [key, { path: at }] of other) {
        if (reference.has(key)) continue;
        ctx.error(source.file, source.locate(at, { key: true }), 'unknown-key', `messages › ${key}: not in ${refSource.file}`, {
          expected: `a key of ${refSource.file}`,
          received: showValue(key),
        });
      }
    }
  }
  if (ctx.problems.length > before || read.size !== codes.length) return undefined;
  const messages: Record<Lang, Messages> = {};
  for (const code of codes) messages[code] = Object.fromEntries([...read.get(code)!.leaves].map(([k, l]) => [k, l.value]));
  const languages = codes.map((code, i): Language => {
    const m = messages[code]!;
    const locale = m['language.locale']!;
    return {
      code,
      prefix: i === 0 ? '' : `/${code}`,
      name: m['language.name']!,
      tag: m['language.tag']!,
      locale,
      hreflang: locale.replace('_', '-'),
      dir: m['language.dir'] as Language['dir'],
    };
  });
  return { messages, languages };
}
