// The functions' content (supabase/functions/_shared/content.ts) of a site: the business's name and
// origin, its languages, and the words the functions show, in each language (issue 38, decision
// 112). `site build` writes it for the Supabase functions; `site start` gives it to the Node entry.

import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FunctionsContent } from '#functions/_shared/content.ts';
import { loadContent } from '../content/load.ts';
import type { Content } from '../content/types.ts';
import { cacheDirOf } from './prepare.ts';

/** Where the Supabase functions import it from (gitignored: made from content/ by each build). */
export const functionsContentFile = (root: string) => path.join(root, 'supabase/functions/_generated/content.json');

/** The value the functions are given: site.yaml's name and origin, its languages (the default first), the `functions.*` messages of each. */
export function functionsContent(content: Content): FunctionsContent {
  const editions = [content, ...(content.translations ?? [])];
  const own = (messages: Record<string, string>) =>
    Object.fromEntries(Object.entries(messages).flatMap(([k, v]) => (k.startsWith('functions.') ? [[k.slice('functions.'.length), v]] : [])));
  return {
    site: { name: content.site.business.name, origin: content.site.origin },
    languages: content.languages.list.map((l) => l.code),
    messages: Object.fromEntries(editions.map((e) => [e.language.code, own(e.messages)])),
  };
}

/** Writes it for the Supabase functions, only when its bytes change, and never half (a temporary file, then a rename). */
export function writeFunctionsContent(root: string, value: FunctionsContent): void {
  const file = functionsContentFile(root);
  const text = `${JSON.stringify(value, null, 2)}\n`;
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(`${file}.${process.pid}.tmp`, text);
  renameSync(`${file}.${process.pid}.tmp`, file);
}

/**
 * What the last `site build` wrote; when it is not there, made from `contentDir` (through the
 * content cache) and written. Undefined when the content has problems (`site build` names them).
 */
export async function currentFunctionsContent(root: string, contentDir: string): Promise<FunctionsContent | undefined> {
  const file = functionsContentFile(root);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as FunctionsContent;
  const { content } = await loadContent(contentDir, root, { cacheDir: path.join(cacheDirOf(root), 'content') });
  if (!content) return undefined;
  const value = functionsContent(content);
  writeFunctionsContent(root, value);
  return value;
}
