import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The app build only: content/ is not bundled (DESIGN.md §3). The client build has one entry and a
 * manifest; the prerender step (core/pipeline/) reads the manifest to link the entry and its CSS.
 * The server build is `vite build --ssr src/entry-server.tsx`, driven by core/pipeline/bundle-cache.ts.
 */
export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    manifest: true,
    target: 'es2022',
    cssCodeSplit: false,
    // No preload helper: the few shared chunks a screen imports are tiny, and the bytes count (issue 2 budget).
    modulePreload: false,
    rolldownOptions: {
      input: 'src/entry-client.tsx',
    },
  },
});
