import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { workerBundle, workerDir } from '#core/workers/bundle.ts';
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
  const script = workerFile();
  // Every count-th file to each worker, so long and short pages are shared out evenly.
  const shares = Array.from({ length: count }, (_, w) => files.filter((_, i) => i % count === w));
  const answers = await Promise.all(
    shares.map(
      (share) =>
        new Promise<PageFacts[]>((resolve, reject) => {
          const worker = new Worker(script, { workerData: { dist, files: share } });
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

/** The worker's bundle (core/workers/bundle.ts), named by a hash of its sources and of the lockfile (its parser's version). */
function workerFile(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const hash = createHash('sha256');
  for (const name of ['read-worker.ts', 'page.ts', 'statements.ts']) hash.update(readFileSync(path.join(here, name)));
  hash.update(readFileSync(path.join(here, '../../../package-lock.json')));
  return workerBundle(path.join(here, 'read-worker.ts'), 'read-pages', hash.digest('hex').slice(0, 16), workerDir(path.join(os.tmpdir(), 'site-workers')));
}
