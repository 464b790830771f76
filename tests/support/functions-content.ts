// The functions' content (core/pipeline/functions-content.ts) of a content folder, made from its
// site.yaml and message catalogues alone: what `site build` writes for the functions, without
// loading (and rendering) the rest of the folder.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { LoadContext } from '#core/content/context.ts';
import { readMessages } from '#core/content/messages.ts';
import type { Content } from '#core/content/types.ts';
import { functionsContent } from '#core/pipeline/functions-content.ts';
import type { FunctionsContent } from '#functions/_shared/content.ts';
import { SiteSchema } from '#schemas/site.ts';

export const FIXTURE_CONTENT = 'tests/fixtures/content';

export function functionsContentOf(dir = FIXTURE_CONTENT): FunctionsContent {
  const abs = path.resolve(dir);
  const site = SiteSchema.parse(parse(readFileSync(path.join(abs, 'site.yaml'), 'utf8')));
  const catalogues = readMessages(new LoadContext(abs, process.cwd()), site.languages);
  if (!catalogues) throw new Error(`${dir}: its message catalogues have problems`);
  const [first, ...others] = catalogues.languages;
  const edition = (language: typeof first) => ({ language, messages: catalogues.messages[language!.code]! }) as unknown as Content;
  return functionsContent({ ...edition(first), site, languages: { list: catalogues.languages, hrefs: {} }, translations: others.map(edition) } as Content);
}
