import { existsSync } from 'node:fs';
import path from 'node:path';

let chosen: string | undefined;

/** The project `--root` names (for the rest of this run); undefined: where the command runs. */
export function useRoot(dir: string | undefined): void {
  chosen = dir === undefined ? undefined : path.resolve(dir);
}

/**
 * The project a command works on: `--root`, else the nearest folder at or above the working
 * directory that holds a package.json. Never where the CLI's code or node_modules lie: a copy of
 * the project whose node_modules is a link to another checkout's builds and checks itself.
 */
export function projectRoot(): string {
  if (chosen) return chosen;
  for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

/**
 * The content folder: --content, else SITE_CONTENT_DIR, else content/ of the project. Another
 * folder lets the same build run on generated content (the build benchmark) or a fixture.
 */
export function contentDir(flag?: string): string {
  return path.resolve(flag ?? process.env.SITE_CONTENT_DIR ?? path.join(projectRoot(), 'content'));
}

export function distDir(flag?: string): string {
  return path.resolve(flag ?? path.join(projectRoot(), 'dist'));
}
