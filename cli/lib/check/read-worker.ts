// A worker of `site check`'s read phase (read-pages.ts): reads and parses its share of the pages.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { readPage } from './page.ts';

const { dist, files } = workerData as { dist: string; files: string[] };
parentPort!.postMessage(files.map((file) => readPage(readFileSync(path.join(dist, file)))));
