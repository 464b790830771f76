// The functions' content (supabase/functions/_shared/content.ts; decisions 112, 114). A build keeps it
// in its record, so that `site start` gives the functions exactly what the pages it serves offer.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FunctionsContent } from '#functions/_shared/content.ts';
import { writeWhole } from '../content/cache.ts';
import { say } from '../content/facts.ts';
import { loadContent } from '../content/load.ts';
import type { Content } from '../content/types.ts';
import { contactServices } from '../page-data/contact.ts';
import { cacheDirOf } from './prepare.ts';
import { builtFunctionsContentFile } from './record.ts';

/** Where the Supabase functions import it from (gitignored: made from content/ by each build). */
export const functionsContentFile = (root: string) => path.join(root, 'supabase/functions/_generated/content.json');

/** The value the build of `dist` kept; null when that build is older than this file (or there is none). */
export function readBuiltFunctionsContent(dist: string): FunctionsContent | null {
  const file = builtFunctionsContentFile(dist);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as FunctionsContent) : null;
}

/**
 * The value the functions are given: site.yaml's name and origin, its languages (the default
 * first), the `functions.*` messages of each, and the choices the built site offers: the contact
 * form's services (sent as their title in the default language) and the products of the published
 * service-centre brands, each labelled in every language.
 */
export function functionsContent(content: Content): FunctionsContent {
  const editions = [content, ...(content.translations ?? [])];
  const labels = (label: (edition: Content) => string) => Object.fromEntries(editions.map((e) => [e.language.code, label(e)]));
  const offered = new Set(content.serviceCenter.flatMap((e) => Object.keys(e.data.services)));
  const own = (messages: Record<string, string>) =>
    Object.fromEntries(Object.entries(messages).flatMap(([k, v]) => (k.startsWith('functions.') ? [[k.slice('functions.'.length), v]] : [])));
  return {
    site: { name: content.site.business.name, origin: content.site.origin },
    languages: content.languages.list.map((l) => l.code),
    choices: {
      service: contactServices(content, content).map(({ value }, i) => ({ value, label: labels((edition) => contactServices(content, edition)[i]!.label) })),
      serviceType: Object.keys(content.site.products)
        .filter((id) => offered.has(id))
        .map((id) => ({ value: id, label: labels((edition) => say(edition, `serviceCenter.brand.products.${id}`)) })),
    },
    messages: Object.fromEntries(editions.map((e) => [e.language.code, own(e.messages)])),
  };
}

/** Writes it for the Supabase functions (supabase/functions/_generated/content.json): only when its bytes change, and whole (writeWhole). */
export function writeFunctionsContent(root: string, value: FunctionsContent): void {
  const file = functionsContentFile(root);
  const text = `${JSON.stringify(value, null, 2)}\n`;
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return;
  writeWhole(file, text);
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
