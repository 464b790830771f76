import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Esbuild from 'esbuild';

/**
 * Where worker bundles are kept: beside the CLI's bundle in node_modules/.cache (decision 064),
 * since they are the tool's code, made once per version of their sources, not the site's; in
 * `fallbackDir` when node_modules cannot be written.
 */
export function workerDir(fallbackDir: string): string {
  const dir = fileURLToPath(new URL('../../node_modules/.cache/site-workers/', import.meta.url));
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return dir;
  } catch {
    return fallbackDir;
  }
}

/** How workers are bundled: production code whatever NODE_ENV the caller has, one ES module. */
const OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  define: { 'process.env.NODE_ENV': '"production"' },
  // CommonJS packages inside call require for Node's modules.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'error',
} satisfies Esbuild.BuildOptions;
/** Part of each bundle's name: other options make other bundles. */
const tagOf = (options: Esbuild.BuildOptions) => createHash('sha256').update(JSON.stringify(options)).digest('hex').slice(0, 6);

/**
 * A worker as one ES module (esbuild; packages inside), made once per `version` into `dir`
 * (`<name>-<version>-<options>.mjs`): a worker that loaded its TypeScript through a loader would
 * resolve and compile every module again, in every worker.
 */
export function workerBundle(entry: string, name: string, version: string, dir: string): string {
  const options = OPTIONS;
  const file = path.join(dir, `${name}-${version}-${tagOf(options)}.mjs`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  // esbuild is loaded only here: it is needed once per version.
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof Esbuild;
  esbuild.buildSync({ ...options, entryPoints: [entry], outfile: tmp });
  renameSync(tmp, file);
  return file;
}
