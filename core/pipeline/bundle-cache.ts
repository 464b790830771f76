import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { addTree } from '../content/cache.ts';
import type { Assets } from '#src/document.tsx';

/** What the Vite bundles are made from; content/ is not among them (docs/decisions/001). */
const INPUTS = ['src', 'schemas', 'supabase/functions/_shared', 'public', 'vite.config.ts', 'tsconfig.json', 'package-lock.json', 'core/pipeline/vite.ts'];

/** A hash of every file the client and server bundles depend on. */
export function bundleKey(root: string): string {
  const hash = createHash('sha256');
  for (const rel of INPUTS) addTree(hash, root, rel);
  return hash.digest('hex').slice(0, 20);
}

/** Keep the `keep` most recent bundles (a build still rendering may be using an older one). */
function prune(base: string, keep: number) {
  const done = readdirSync(base)
    .filter((name) => !name.includes('.tmp-'))
    .map((name) => ({ name, time: statSync(path.join(base, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { name } of done.slice(keep)) rmSync(path.join(base, name), { recursive: true, force: true });
}

export interface Bundles {
  assets: Assets;
  /** The server renderer module. */
  serverEntry: string;
  cached: boolean;
}

/**
 * The client bundle (in `<dir>/client`) and the server renderer, built by Vite only when their
 * sources changed: a content-only change reuses them from `cacheDir/bundles/<key>`.
 */
export async function bundles(root: string, cacheDir: string): Promise<Bundles> {
  const base = path.join(cacheDir, 'bundles');
  const key = bundleKey(root);
  const dir = path.join(base, key);
  const cached = existsSync(path.join(dir, 'assets.json'));
  if (!cached) {
    const tmp = `${dir}.tmp-${process.pid}`;
    rmSync(tmp, { recursive: true, force: true });
    try {
      // Vite is loaded only to build: a build whose bundles are cached never pays for loading it.
      const { buildClient, buildServer } = await import('./vite.ts');
      const assets = await buildClient(root, path.join(tmp, 'client'));
      rmSync(path.join(tmp, 'client', '.vite'), { recursive: true, force: true });
      await buildServer(root, path.join(tmp, 'server'));
      writeFileSync(path.join(tmp, 'assets.json'), JSON.stringify(assets));
      if (existsSync(dir)) rmSync(tmp, { recursive: true, force: true }); // another build finished it first
      else renameSync(tmp, dir);
      prune(base, 3);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  const assets = JSON.parse(readFileSync(path.join(dir, 'assets.json'), 'utf8')) as Assets;
  return { assets, serverEntry: path.join(dir, 'server', 'entry-server.mjs'), cached };
}
