// A worker of the MDX pool (pool.ts): renders the bodies it is sent, in order, and answers with
// their results. Bundled into one file by pool.ts, so a worker loads one module, not hundreds.
import { parentPort } from 'node:worker_threads';
import type { PageFacts } from '../facts.ts';
import { renderMdx, type RenderedBody } from './render.ts';

export interface WorkerJob {
  id: number;
  body: string;
  facts: PageFacts;
}
export type WorkerAnswer = { id: number; result: RenderedBody } | { id: number; error: string };

export { renderMdx };

// Imported in the main thread too (pool.ts renders a few bodies there from the same bundle).
parentPort?.on('message', (jobs: WorkerJob[]) => {
  const answers: WorkerAnswer[] = jobs.map(({ id, body, facts }) => {
    try {
      return { id, result: renderMdx(body, facts) };
    } catch (err) {
      return { id, error: err instanceof Error ? err.message : String(err) };
    }
  });
  parentPort!.postMessage(answers);
});
