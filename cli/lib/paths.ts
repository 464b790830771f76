import { existsSync } from 'node:fs';
import path from 'node:path';
import { manifestFile } from '#core/pipeline/record.ts';
import { fileURLToPath } from 'node:url';

/** The project root: the folder holding package.json and vite.config.ts. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The content folder: --content, else SITE_CONTENT_DIR, else content/ of the project. Another
 * folder lets the same build run on generated content (the build benchmark) or a fixture.
 */
export function contentDir(flag?: string): string {
  const dir = flag ?? process.env.SITE_CONTENT_DIR ?? path.join(PROJECT_ROOT, 'content');
  return path.resolve(dir);
}

/**
 * React's production build for this process (MDX bodies and pages are rendered in Node): its
 * development build checks every element and renders several times slower, for the same HTML.
 * Call before anything imports React; `site dev` keeps the development build.
 */
export function productionReact(): void {
  process.env.NODE_ENV ??= 'production';
}

export function distDir(flag?: string): string {
  return path.resolve(flag ?? path.join(PROJECT_ROOT, 'dist'));
}

export function hasBuild(dist: string): boolean {
  return existsSync(path.join(dist, 'index.html')) && existsSync(manifestFile(dist));
}
