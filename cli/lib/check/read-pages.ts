import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type * as Esbuild from 'esbuild';
import { readPage, type PageFacts } from './page.ts';

/** Below this many pages a worker costs more to start (bundle, load, copy back) than it saves. */
const PER_WORKER = 300;

/**
 * Read and parse the pages of a built site: in this thread for a small site, spread over one
 * worker per core for a large one (parsing is most of `site check`'s time on a big blog). The
 * answer is in the order of `files`, the same either way.
 */
export async function readPages(dist: string, files: string[], workers = os.availableParallelism()): Promise<PageFacts[]> {
  const count = Math.min(workers, Math.floor(files.length / PER_WORKER));
  if (count < 2) return files.map((file) => readPage(readFileSync(path.join(dist, file))));
  const code = workerCode();
  // Every count-th file to each worker, so long and short pages are shared out evenly.
  const shares = Array.from({ length: count }, (_, w) => files.filter((_, i) => i % count === w));
  const answers = await Promise.all(
    shares.map(
      (share) =>
        new Promise<PageFacts[]>((resolve, reject) => {
          const worker = new Worker(code, { eval: true, workerData: { dist, files: share } });
          worker.once('message', (facts: PageFacts[]) => {
            resolve(facts);
            void worker.terminate();
          });
          worker.once('error', reject);
        }),
    ),
  );
  return files.map((_, i) => answers[i % count]![Math.floor(i / count)]!);
}

let bundled: string | undefined;

/** The worker as one CommonJS script (esbuild, in memory, tens of milliseconds): no TypeScript loader in the worker. */
function workerCode(): string {
  if (bundled) return bundled;
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof Esbuild;
  const out = esbuild.buildSync({
    entryPoints: [fileURLToPath(new URL('./read-worker.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    logLevel: 'error',
  });
  return (bundled = out.outputFiles[0]!.text);
}
