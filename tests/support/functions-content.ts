// The functions' content (supabase/functions/_shared/content.ts) of the test businesses under
// tests/fixtures/, made from their content as `site build` makes it: the functions' tests take
// their choices and words from here, never from the sample business in content/.

import path from 'node:path';
import { loadContent } from '#core/content/load.ts';
import { functionsContent } from '#core/pipeline/functions-content.ts';
import { wordsOf, type FunctionsContent, type Say } from '#functions/_shared/content.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

const made = new Map<string, Promise<FunctionsContent>>();

/** The functions' content of tests/fixtures/<name> (loaded once per test file). */
export function fixtureFunctionsContent(name: string): Promise<FunctionsContent> {
  let value = made.get(name);
  if (!value) {
    value = loadContent(path.join(ROOT, 'tests/fixtures', name), ROOT).then(({ content, problems }) => {
      if (!content) throw new Error(`tests/fixtures/${name} does not load: ${problems.map((p) => `${p.file}: ${p.message}`).join('; ')}`);
      return functionsContent(content);
    });
    made.set(name, value);
  }
  return value;
}

/** The TV shop of tests/fixtures/content, the business the functions' contracts send forms to. */
export const TV_SHOP: FunctionsContent = await fixtureFunctionsContent('content');
/** Its words in its default language, as the functions show them. */
export const say: Say = wordsOf(TV_SHOP);

/** The functions' content of tests/fixtures/content (the weekly digest's and the Deno entries' tests). */
export const functionsContentOf = (): FunctionsContent => TV_SHOP;
