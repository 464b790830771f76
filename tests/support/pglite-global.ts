// vitest globalSetup of both projects: the folder where this run keeps the copies of its
// migrated PGlite database that test files start from, left there by the first file that
// makes one (tests/support/pglite.ts, decision 102). Nothing is made here, so a run of files
// that need no database pays nothing for it.

import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's folder for the copies of its migrated PGlite database (tests/support/pglite.ts). */
    pgliteRunDir: string;
  }
}

/**
 * Each project loads its globalSetup files in a module graph of its own, in the one main
 * process: the folder is kept on globalThis so that both projects share one, and
 * removed when the last of them tears down.
 */
const SHARED = Symbol.for('site.tests.pglite-run-dir');
type Shared = { dir: Promise<string>; users: number; removeOnExit?: () => void };

export default async function setup(project: TestProject) {
  const store = globalThis as { [SHARED]?: Shared };
  let shared = store[SHARED];
  if (!shared) {
    shared = store[SHARED] = { dir: mkdtemp(join(tmpdir(), 'site-pglite-run-')), users: 0 };
    // A rerun in watch mode is a new run: its first files make the copies again, from the
    // migrations and code as they are then.
    const dir = await shared.dir;
    // Vitest ends on SIGINT or SIGTERM by process.exit, without tearing its globalSetups down:
    // the folder (78 MB once a file has migrated a database) goes with the process then.
    const removeOnExit = () => rmSync(dir, { recursive: true, force: true });
    process.once('exit', removeOnExit);
    shared.removeOnExit = removeOnExit;
    project.onTestsRerun(async () => {
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir);
    });
  }
  shared.users++;
  const dir = await shared.dir;
  project.provide('pgliteRunDir', dir);
  return async () => {
    if (--shared.users > 0) return;
    delete store[SHARED];
    if (shared.removeOnExit) process.off('exit', shared.removeOnExit);
    await rm(dir, { recursive: true, force: true });
  };
}
