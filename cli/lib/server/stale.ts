import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildInfoFile, builtFunctionsContentFile } from '#core/pipeline/record.ts';

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/**
 * True when dist/ is missing, was built by a version that kept no functions' content, or any
 * source (content, app code, schemas, config) is newer than it.
 */
export function buildIsStale(root: string, content: string, dist: string): boolean {
  const stamp = buildInfoFile(dist);
  if (!existsSync(stamp) || !existsSync(builtFunctionsContentFile(dist))) return true;
  const built = statSync(stamp).mtimeMs;
  const sources = [content, 'src', 'schemas', 'public', 'core', 'vite.config.ts', 'package-lock.json'].map((p) => path.resolve(root, p));
  return sources.some((s) => newestMtime(s) > built);
}
