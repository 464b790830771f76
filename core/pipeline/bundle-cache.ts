import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { addTree } from '../content/cache.ts';
import type { InlineConfig } from 'vite';
import type { Assets } from '#src/document.tsx';

/** What the Vite bundles are made from; content/ is not among them (docs/decisions/001). */
const INPUTS = ['src', 'schemas', 'supabase/functions/_shared', 'public', 'vite.config.ts', 'tsconfig.json', 'package-lock.json', 'core/pipeline/bundle-cache.ts'];

/**
 * One Vite build of the project at `root`: always a production bundle, whatever NODE_ENV the
 * calling process has (vitest sets "test", and Vite then keeps React's development JSX transform
 * and runtime). Vite is loaded only to build: a build whose bundles are cached never pays for loading it.
 */
async function viteBuild(root: string, build: InlineConfig['build'], more: InlineConfig = {}) {
  const vite = await import('vite');
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await vite.build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', mode: 'production', build, ...more });
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
}

/** Build the browser bundle into `outDir` and return the entry's script and stylesheet URLs. */
async function buildClient(root: string, outDir: string): Promise<Assets> {
  await viteBuild(root, { outDir, emptyOutDir: true });
  const manifestPath = path.join(outDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string; css?: string[] }>;
  const entry = manifest['src/entry-client.tsx'];
  if (!entry) throw new Error(`The client manifest (${manifestPath}) has no entry for src/entry-client.tsx`);
  const css = entry.css ?? Object.values(manifest).filter((c) => c.file.endsWith('.css')).map((c) => c.file);
  return { js: `/${entry.file}`, css: [...new Set(css)].map((f) => `/${f}`) };
}

/**
 * Build the server renderer (src/entry-server.tsx) into `outDir`. React is bundled into it
 * (`noExternal`), so the module imports nothing but Node's own and runs from wherever the build
 * cache lives (SITE_CACHE_DIR may be outside the project, far from node_modules).
 */
async function buildServer(root: string, outDir: string): Promise<void> {
  const build = { outDir, emptyOutDir: true, ssr: 'src/entry-server.tsx', manifest: false, copyPublicDir: false };
  // .mjs: ES modules wherever the cache lives, with no package.json beside them.
  const output = { entryFileNames: 'entry-server.mjs', chunkFileNames: 'assets/[name]-[hash].mjs' };
  await viteBuild(root, { ...build, rolldownOptions: { input: 'src/entry-server.tsx', output } }, {
    ssr: { noExternal: true },
    // React's production build only: its packages choose a build by NODE_ENV when they load.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  });
}

/** Keep the `keep` most recent bundles (a build still rendering may be using an older one). */
function prune(base: string, keep: number) {
  const done = readdirSync(base)
    .filter((name) => !name.includes('.tmp-'))
    .map((name) => ({ name, time: statSync(path.join(base, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { name } of done.slice(keep)) rmSync(path.join(base, name), { recursive: true, force: true });
}

/**
 * The client bundle (in `<dir>/client`) and the server renderer, built by Vite only when their
 * sources changed: a content-only change reuses them from `cacheDir/bundles/<key>`.
 */
export async function bundles(root: string, cacheDir: string): Promise<{ assets: Assets; serverEntry: string }> {
  const base = path.join(cacheDir, 'bundles');
  // Named by a hash of every file the bundles depend on.
  const hash = createHash('sha256');
  for (const rel of INPUTS) addTree(hash, root, rel);
  const dir = path.join(base, hash.digest('hex').slice(0, 20));
  if (!existsSync(path.join(dir, 'assets.json'))) {
    const tmp = `${dir}.tmp-${process.pid}`;
    rmSync(tmp, { recursive: true, force: true });
    try {
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
  return { assets, serverEntry: path.join(dir, 'server', 'entry-server.mjs') };
}
