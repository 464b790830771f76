import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { folderCollections } from '#schemas/index.ts';
import { splitMdx } from './front-matter.ts';
import type { LoadContext } from './context.ts';
import type { Entry, FolderContent } from './types.ts';


type Collections = typeof folderCollections;

/** The files of a folder, sorted; names starting with "_" or "." are skipped. */
function listFiles(dir: string, ext: readonly string[]): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => !name.startsWith('_') && !name.startsWith('.') && ext.includes(path.extname(name)))
    .sort();
}

/** Read every folder collection (blog/, brands/, areas/, service-center/); problems go to ctx. */
export function readFolders(ctx: LoadContext): FolderContent {
  const out: Record<string, Entry<unknown>[]> = {};
  for (const [name, { dir, ext, schema }] of Object.entries(folderCollections)) {
    const entries: Entry<unknown>[] = [];
    const abs = path.join(ctx.dir, dir);
    for (const fileName of listFiles(abs, ext)) {
      const filePath = path.join(abs, fileName);
      const file = ctx.display(filePath);
      const text = readFileSync(filePath, 'utf8');
      ctx.filesChecked++;
      const split = fileName.endsWith('.mdx') ? splitMdx(file, text, (f, t) => ctx.parseYaml(f, t)) : { source: ctx.parseYaml(file, text), body: '', bodyLineOffset: 0 };
      const data = ctx.validate(split.source, schema as z.ZodType, name);
      if (data === undefined) continue;
      if ((data as { draft?: boolean }).draft && !ctx.includeDrafts) {
        ctx.drafts.set((folderCollections[name as keyof Collections].route as (d: unknown) => string)(data), file);
        continue;
      }
      entries.push({ file, data, source: split.source, body: split.body, bodyLineOffset: split.bodyLineOffset });
    }
    out[name] = entries;
  }
  return out as FolderContent;
}
