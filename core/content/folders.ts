import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { folderCollections, routeOf, type FolderCollectionName } from '#schemas/index.ts';
import type { LoadContext } from './context.ts';
import type { Entry, FolderContent } from './types.ts';

/** Read every folder collection (blog/, brands/, areas/, service-center/); problems go to ctx. */
export function readFolders(ctx: LoadContext): FolderContent {
  const out: Record<string, Entry<unknown>[]> = {};
  for (const [name, { dir, ext, schema }] of Object.entries(folderCollections)) {
    const entries: Entry<unknown>[] = [];
    const abs = path.join(ctx.dir, dir);
    // The folder's files in name order; names starting with "_" or "." are skipped.
    const names = existsSync(abs) ? readdirSync(abs).filter((name) => !name.startsWith('_') && !name.startsWith('.') && ext.includes(path.extname(name))) : [];
    for (const fileName of names.sort()) {
      const filePath = `${abs}${path.sep}${fileName}`;
      const { data, source, body, bodyLineOffset } = ctx.readFile(filePath, schema as z.ZodType, name);
      if (data === undefined) continue;
      const file = ctx.display(filePath);
      if ((data as { draft?: boolean }).draft && !ctx.includeDrafts) {
        ctx.drafts.set(routeOf(name as FolderCollectionName, data), file);
        continue;
      }
      entries.push({ file, data, source, body, bodyLineOffset });
    }
    out[name] = entries;
  }
  return out as FolderContent;
}
