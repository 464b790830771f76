// What `site new` needs from the content loader: the archetype fill, the reading of one new entry
// exactly as the loader reads its collection, and the URLs content already gives a page.

import path from 'node:path';
import type { z } from 'zod';
import { fileCollections, folderCollections, type FolderCollectionName } from '#schemas/index.ts';
import { LoadContext } from './context.ts';
import { readFolders } from './folders.ts';
import { splitMdx } from './front-matter.ts';
import type { Problem } from './problems.ts';
import { parseYamlSource } from './yaml-source.ts';

/** The values of an archetype's `{{placeholders}}`; see content/_archetypes/README.md. */
export type ArchetypeValues = Record<'slug' | 'name' | 'title' | 'date', string>;

/** Fill `{{slug}}`, `{{name}}`, `{{title}}` and `{{date}}`; single-brace facts stay for the build. */
export function fillArchetype(template: string, values: ArchetypeValues): string {
  return template.replace(/\{\{(\w+)\}\}/g, (all, key: string) => values[key as keyof ArchetypeValues] ?? all);
}

/** Validate the text of a new file of a folder collection as the loader would; the entry's data, or the problems. */
export function readNewEntry(collection: FolderCollectionName, display: string, text: string): { data?: unknown; problems: Problem[] } {
  const { schema } = folderCollections[collection];
  const ctx = new LoadContext(process.cwd(), process.cwd());
  const source = display.endsWith('.mdx') ? splitMdx(display, text).source : parseYamlSource(display, text);
  const data = ctx.validate(source, schema as z.ZodType, collection);
  return { data, problems: ctx.problems };
}

/** Every URL that content already gives a page (drafts and redirects included), and the file that gives it. */
export function routesInUse(contentDir: string, root: string): Map<string, string> {
  const ctx = new LoadContext(path.resolve(contentDir), path.resolve(root), { includeDrafts: true });
  const taken = new Map<string, string>();
  const { file, schema } = fileCollections.pages;
  for (const page of ctx.readYaml(file, schema, 'pages') ?? []) taken.set(page.path, ctx.display(path.join(ctx.dir, file)));
  const folders = readFolders(ctx);
  for (const name of Object.keys(folders) as FolderCollectionName[]) {
    const { route, aliases } = folderCollections[name] as { route: (d: unknown) => string; aliases?: (d: unknown) => string[] };
    for (const e of folders[name]) for (const url of [route(e.data), ...(aliases?.(e.data) ?? [])]) taken.set(url, e.file);
  }
  return taken;
}
