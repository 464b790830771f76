import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { addTree } from '../content/cache.ts';
import type { Assets } from '#src/document.tsx';

/** What the Vite bundles are made from; content/ is not among them (docs/decisions/001). */
const INPUTS = ['src', 'schemas', 'supabase/functions/_shared', 'public', 'vite.config.ts', 'tsconfig.json', 'package-lock.json', 'core/pipeline/bundle-cache.ts'];

/**
 * `vite build` of the project at `root` with `args`, in a process of its own: the bundler keeps some
 * 300 MB of native memory once it has run, which a build of thousands of pages would hold beside
 * their content to the end (decision 119). Always a production bundle, whatever NODE_ENV the calling
 * process has (vitest sets "test", and Vite then keeps React's development JSX transform and runtime).
 */
function viteBuild(root: string, args: string[], signal?: AbortSignal): Promise<void> {
  const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  const child = spawn(process.execPath, [vite, 'build', '--config', path.join(root, 'vite.config.ts'), '--mode', 'production', '--logLevel', 'warn', ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    // Vite's output goes to our stderr as it comes (stdout may be a report): it says why a build failed.
    stdio: ['ignore', 2, 2],
    signal,
  });
  // Settled when the process is gone, also when stopped by `signal` (its 'error' comes first): the
  // caller then removes what it wrote, and nothing writes there after.
  let failed: Error | undefined;
  child.on('error', (err) => (failed = err));
  return new Promise((resolve, reject) => {
    child.on('close', (code) => (code === 0 ? resolve() : reject(failed ?? new Error(`vite build ${args.join(' ')} failed (exit ${code}); its output above says why`))));
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
export async function bundles(root: string, cacheDir: string, signal?: AbortSignal): Promise<{ assets: Assets; serverEntry: string }> {
  const base = path.join(cacheDir, 'bundles');
  // Named by a hash of every file the bundles depend on.
  const hash = createHash('sha256');
  for (const rel of INPUTS) addTree(hash, root, rel);
  const dir = path.join(base, hash.digest('hex').slice(0, 20));
  if (!existsSync(path.join(dir, 'assets.json'))) {
    const tmp = `${dir}.tmp-${process.pid}`;
    rmSync(tmp, { recursive: true, force: true });
    try {
      // The browser bundle, and its entry's script and stylesheet URLs from Vite's manifest (not published).
      await viteBuild(root, ['--outDir', path.join(tmp, 'client')], signal);
      const manifestPath = path.join(tmp, 'client', '.vite', 'manifest.json');
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string; css?: string[] }>;
      const entry = manifest['src/entry-client.tsx'];
      if (!entry) throw new Error(`The client manifest (${manifestPath}) has no entry for src/entry-client.tsx`);
      const css = entry.css ?? Object.values(manifest).filter((c) => c.file.endsWith('.css')).map((c) => c.file);
      const assets: Assets = { js: `/${entry.file}`, css: [...new Set(css)].map((f) => `/${f}`) };
      rmSync(path.dirname(manifestPath), { recursive: true, force: true });
      // The server renderer (src/entry-server.tsx, vite.config.ts).
      await viteBuild(root, ['--ssr', 'src/entry-server.tsx', '--outDir', path.join(tmp, 'server')], signal);
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
