import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build, type InlineConfig } from 'vite';
import type { Assets } from '#src/document.tsx';

interface ManifestChunk {
  file: string;
  css?: string[];
  isEntry?: boolean;
}

/** Build the browser bundle into `outDir` and return the entry's script and stylesheet URLs. */
export async function buildClient(root: string, outDir: string): Promise<Assets> {
  await inProduction(() => build(config(root, { outDir, emptyOutDir: true })));
  const manifestPath = path.join(outDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest['src/entry-client.tsx'];
  if (!entry) throw new Error(`The client manifest (${manifestPath}) has no entry for src/entry-client.tsx`);
  const css = entry.css ?? Object.values(manifest).filter((c) => c.file.endsWith('.css')).map((c) => c.file);
  return { js: `/${entry.file}`, css: [...new Set(css)].map((f) => `/${f}`) };
}

/**
 * Build the server renderer (src/entry-server.tsx) into `outDir`; returns the module's path. React
 * is bundled into it (`noExternal`), so the module imports nothing but Node's own and runs from
 * wherever the build cache lives (SITE_CACHE_DIR may be outside the project, far from node_modules).
 */
export async function buildServer(root: string, outDir: string): Promise<string> {
  await inProduction(() =>
    build({
      ...config(root, {
        outDir,
        emptyOutDir: true,
        ssr: 'src/entry-server.tsx',
        manifest: false,
        copyPublicDir: false,
        // .mjs: ES modules wherever the cache lives, with no package.json beside them.
        rolldownOptions: { input: 'src/entry-server.tsx', output: { entryFileNames: 'entry-server.mjs', chunkFileNames: 'assets/[name]-[hash].mjs' } },
      }),
      ssr: { noExternal: true },
      // React's production build only: its packages choose a build by NODE_ENV when they load.
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    }),
  );
  return path.join(outDir, 'entry-server.mjs');
}

/**
 * Always a production bundle, whatever NODE_ENV the calling process has: vitest sets "test", and
 * Vite then keeps React's development JSX transform and runtime (and the bundles are cached).
 */
export async function inProduction<T>(fn: () => Promise<T>): Promise<T> {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return await fn();
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
}

function config(root: string, buildOptions: InlineConfig['build']): InlineConfig {
  return {
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    mode: 'production',
    build: buildOptions,
  };
}
