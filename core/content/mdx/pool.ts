import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PageFacts } from '../facts.ts';
import { workAhead } from '../../pipeline/tiering.ts';
import { SHARED_REACT, workerBundle, workerDir } from '../../workers/bundle.ts';
import { rendererVersion } from './fingerprint.ts';
import { bodyHash } from '../snapshot.ts';
import { BodyStore } from './store.ts';
import type { RenderedBody, renderMdx as RenderMdx } from './render.ts';
import type { renderFast as RenderFast } from './render-direct.ts';
import type { BodyLink } from './remark-check.ts';
import type { WorkerAnswer, WorkerJob } from './worker.ts';

export interface BodyJob {
  /** Read only when the body must be rendered. */
  body: string;
  /** bodyHash() of the body, when known: a body kept in the store is found without its text. */
  hash?: string;
  facts: PageFacts;
}

/** A body that made the renderer throw (not a content problem it reports: a bug, or a component that throws). */
export type BodyOutcome = RenderedBody | { error: string };

export interface RenderStats {
  hits: number;
  misses: number;
  workers: number;
}

export interface RenderOptions {
  /** Where rendered bodies are kept by content hash (.cache/mdx); none: no cache, no workers. */
  cacheDir?: string;
  /** Worker threads at most; default os.availableParallelism(). 0: render in this thread. */
  workers?: number;
  /** Bodies to render a worker must have, at least, for workers to start (default PER_WORKER). */
  perWorker?: number;
  /** Stands in for a changed renderer package in tests (fingerprint.ts). */
  versionSalt?: string;
}

/**
 * Fewer bodies than this per worker are rendered in this thread. A long body renders in about
 * 0.4 ms (most take parse-fast.ts), and a worker takes about 0.2 s to load the renderer and warm
 * up: at 1,000 long bodies one thread finished sooner than two workers on a 2-core machine, and
 * used half the CPU; at 5,000, two workers were about 10% sooner.
 */
const PER_WORKER = 1000;
/** How store keys are made and packs written (store.ts), in the packs' names: packs made another way are never read. */
const KEYS = 's';
/** Bodies sent to a worker at a time: small enough to balance the load, large enough that messages are few. */
const BATCH = 8;
/** A larger young generation for the workers: compiling MDX makes a lot of short-lived garbage (about a quarter less CPU in GC). */
const YOUNG_MB = 48;

/**
 * Render MDX bodies to HTML, each once per content (docs/decisions/063): a body whose key (its
 * text and the facts it may use) was rendered before by this renderer version comes from the
 * store (store.ts, a pack of bodies per build);
 * the others are spread over worker threads, one per core, when there are enough of them to pay
 * for starting the workers. Bodies with problems are not cached, so they are reported every time.
 */
export async function renderBodiesCached(jobs: BodyJob[], opts: RenderOptions = {}): Promise<{ results: BodyOutcome[]; ids: (string | undefined)[]; stats: RenderStats }> {
  const version = opts.cacheDir ? rendererVersion(opts.versionSalt) : '';
  const store = opts.cacheDir ? new BodyStore(opts.cacheDir, `${version}${KEYS}`) : undefined;
  const kept = store?.load();
  const results: BodyOutcome[] = new Array(jobs.length);
  const keys: string[] = [];
  const todo: number[] = [];
  const factsJson = new Map<PageFacts, string>();
  jobs.forEach((job, i) => {
    if (!kept) return void todo.push(i);
    let facts = factsJson.get(job.facts);
    if (facts === undefined) factsJson.set(job.facts, (facts = JSON.stringify(job.facts)));
    const key = createHash('sha256').update(facts).update('\0').update(job.hash ?? bodyHash(job.body)).digest('base64url');
    keys[i] = key;
    const hit = kept.get(key);
    if (hit) results[i] = hit;
    else todo.push(i);
  });

  workAhead(todo.length);
  const available = opts.workers ?? os.availableParallelism();
  const workers = opts.cacheDir ? Math.min(available, Math.floor(todo.length / (opts.perWorker ?? PER_WORKER))) : 0;
  const bundleDir = opts.cacheDir && workerDir(path.join(opts.cacheDir, 'worker'));
  const bundles = bundleDir ? { dir: bundleDir, version } : undefined;
  const rendered = workers > 1 ? await inWorkers(todo.map((i) => jobs[i]!), workers, bundleDir!, version) : await inThread(todo.map((i) => jobs[i]!), bundles);
  const fresh = new Map<string, RenderedBody>();
  todo.forEach((i, k) => {
    const result = rendered[k]!;
    results[i] = result;
    if (store && !('error' in result) && !result.issues.length) fresh.set(keys[i]!, result);
  });
  store?.add(fresh);
  // What each body's HTML was made from: the same id always names the same HTML (page-key.ts).
  const ids = results.map((result, i) => (store && !('error' in result) ? `${version}${KEYS}:${keys[i]}` : undefined));
  return { results, ids, stats: { hits: jobs.length - todo.length, misses: todo.length, workers: workers > 1 ? workers : 0 } };
}

/**
 * Render in this thread. Loaded only when a body needs rendering (a build with every body cached
 * never loads MDX), from bundles when there are: one module to load rather than hundreds through
 * tsx. Plain-Markdown bodies are rendered by the direct path's bundle (fast.ts), a third of the
 * renderer; the whole renderer is loaded for the others only. `exact`: every body by MDX's parser.
 */
async function inThread(jobs: BodyJob[], bundles?: { dir: string; version: string }, exact = false): Promise<BodyOutcome[]> {
  const results: BodyOutcome[] = new Array(jobs.length);
  const attempt = (i: number, render: () => RenderedBody | 'parse' | 'compile') => {
    try {
      const result = render();
      if (typeof result === 'object') results[i] = result;
    } catch (err) {
      results[i] = { error: err instanceof Error ? err.message : String(err) };
    }
  };
  if (jobs.length && !exact) {
    const { renderFast } = (bundles ? await import(pathToFileURL(fastBundle(bundles.dir, bundles.version)).href) : await import('./render-direct.ts')) as { renderFast: typeof RenderFast };
    jobs.forEach(({ body, facts }, i) => attempt(i, () => renderFast(body, facts)));
  }
  const left = jobs.flatMap((_, i) => (results[i] ? [] : [i]));
  if (!left.length) return results;
  const { renderMdx } = (bundles ? await import(pathToFileURL(rendererBundle(bundles.dir, bundles.version)).href) : await import('./render.ts')) as { renderMdx: typeof RenderMdx };
  for (const i of left) attempt(i, () => renderMdx(jobs[i]!.body, jobs[i]!.facts, exact));
  return results;
}

/**
 * The links of these bodies with their places, parsed by MDX's own parser: a body the fast parser
 * read has none (render.ts), and a link that turns out broken is reported at its place.
 */
export async function placedLinks(jobs: BodyJob[], opts: RenderOptions = {}): Promise<BodyLink[][]> {
  const bundles = opts.cacheDir && jobs.length ? { dir: workerDir(path.join(opts.cacheDir, 'worker')), version: rendererVersion(opts.versionSalt) } : undefined;
  return (await inThread(jobs, bundles, true)).map((r) => ('error' in r ? [] : r.links));
}

/** Render in `count` workers, each taking the next batch when it is done with one. */
async function inWorkers(jobs: BodyJob[], count: number, bundleDir: string, version: string): Promise<BodyOutcome[]> {
  const script = rendererBundle(bundleDir, version);
  const results: BodyOutcome[] = new Array(jobs.length);
  let next = 0;
  const run = () =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(script, { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MB } });
      let sent: number[] = [];
      const send = () => {
        if (next >= jobs.length) return void worker.terminate().then(() => resolve(), reject);
        sent = [];
        const batch: WorkerJob[] = [];
        for (; next < jobs.length && batch.length < BATCH; next++) {
          sent.push(next);
          batch.push({ id: next, ...jobs[next]! });
        }
        worker.postMessage(batch);
      };
      worker.on('message', (answers: WorkerAnswer[]) => {
        for (const a of answers) results[a.id] = 'result' in a ? a.result : { error: a.error };
        send();
      });
      worker.on('error', (err) => {
        // A worker that dies takes its batch with it: the batch is reported, the others go on.
        for (const id of sent) results[id] ??= { error: `the MDX renderer stopped: ${err.message}` };
        sent = [];
        reject(err);
      });
      send();
    });
  const settled = await Promise.allSettled(Array.from({ length: count }, run));
  // Bodies no worker got to (every worker died) are rendered here, so each gets its own answer.
  const left = results.flatMap((r, i) => (r ? [] : [i]));
  if (left.length && settled.every((s) => s.status === 'rejected')) {
    const again = await inThread(left.map((i) => jobs[i]!));
    left.forEach((i, k) => (results[i] = again[k]!));
  }
  return results;
}

/** The worker's bundle for this renderer version (core/workers/bundle.ts). */
function rendererBundle(dir: string, version: string): string {
  return workerBundle(fileURLToPath(new URL('./worker.ts', import.meta.url)), 'worker', version, dir);
}

/**
 * The direct path's bundle for this renderer version (fast.ts). It loads the project's React when
 * it is kept in node_modules, where React is found from; a bundle kept elsewhere (a read-only
 * node_modules) takes its own.
 */
function fastBundle(dir: string, version: string): string {
  const inProject = path.resolve(dir).startsWith(fileURLToPath(new URL('../../../node_modules/', import.meta.url)));
  return workerBundle(fileURLToPath(new URL('./fast.ts', import.meta.url)), 'fast', version, dir, inProject ? SHARED_REACT : {});
}
