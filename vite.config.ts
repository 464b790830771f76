import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The app build only: content/ is not bundled (DESIGN.md §3). `vite build` makes the client: one
 * entry and a manifest, which the prerender step (core/pipeline/) reads to link the entry and its
 * CSS. `vite build --ssr` makes the server renderer. core/pipeline/bundle-cache.ts runs both.
 */
export default defineConfig(({ isSsrBuild }) => {
  const build = {
    // The bundles go to the build cache, outside the project: Vite empties only its own outDir unasked.
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: false,
    // No preload helper: the few shared chunks a screen imports are tiny, and the bytes count (issue 2 budget).
    modulePreload: false,
  } as const;
  if (!isSsrBuild) return { plugins: [react(), tailwindcss()], build: { ...build, manifest: true, rolldownOptions: { input: 'src/entry-client.tsx' } } };
  // The server renderer bundles React (noExternal), so it imports nothing but Node's own and runs
  // from wherever the build cache lives (SITE_CACHE_DIR may be far from node_modules); .mjs: ES
  // modules there, with no package.json beside them.
  return {
    plugins: [react(), tailwindcss()],
    build: { ...build, copyPublicDir: false, rolldownOptions: { output: { entryFileNames: 'entry-server.mjs', chunkFileNames: 'assets/[name]-[hash].mjs' } } },
    ssr: { noExternal: true },
    // React's production build only: its packages choose a build by NODE_ENV when they load.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  };
});
