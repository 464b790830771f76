import path from 'node:path';

/**
 * Where a build keeps its record of itself (the route → source manifest `site check` reads, the
 * build date and content folder `site start` reads): beside the built site, in `.site/<name>/`,
 * never inside it. Everything in dist/ is published by a static host, and the record holds
 * absolute paths of the build machine.
 */
export function recordDir(dist: string): string {
  const abs = path.resolve(dist);
  return path.join(path.dirname(abs), '.site', path.basename(abs));
}

export const manifestFile = (dist: string) => path.join(recordDir(dist), 'manifest.json');
export const buildInfoFile = (dist: string) => path.join(recordDir(dist), 'build.json');
/** What the functions take from this build's content (functions-content.ts). */
export const builtFunctionsContentFile = (dist: string) => path.join(recordDir(dist), 'functions-content.json');
