// Databases for the test files, each a database of its own, started from a copy of this run's
// migrated PGlite database instead of an initdb inside WASM per file (3–5 s of CPU each;
// decision 102).
//
// The first file that asks makes its database as a first start does (PGlite on an empty
// folder or in memory, then the real applyMigrations) and leaves a copy in the run's folder
// (tests/support/pglite-global.ts): a tarball for `loadDataDir`, or a data folder on disk. Later
// files start from that copy. A file that asks while the copy is being made does not wait: it
// makes its own database, as every file did before.

import { cp, mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { applyMigrations, pgliteDb } from '#cli/lib/server/database.ts';
import { type Db } from '#functions/_shared/db.ts';

const MIGRATIONS = new URL('../../supabase/migrations/', import.meta.url);

type Copy =
  /** The run's copy is there. */
  | { ready: string }
  /** This file is the first: it leaves the copy, written by `write` into the path it is given. */
  | { publish(write: (to: string) => Promise<void>): Promise<void> }
  /** Another file is making the copy. */
  | { busy: true };

async function runCopy(name: 'image.tar' | 'pglite'): Promise<Copy> {
  const run = inject('pgliteRunDir');
  const target = join(run, name);
  try {
    await stat(target);
    return { ready: target };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const work = join(run, `making-${name}`);
  try {
    await mkdir(work);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { busy: true };
    throw error;
  }
  return {
    async publish(write) {
      await write(join(work, name));
      // One rename: a file that finds the copy finds all of it.
      await rename(join(work, name), target);
    },
  };
}

/** applyMigrations on an empty database, which must apply every migration file. */
async function migrate(db: Db): Promise<void> {
  const applied = await applyMigrations(db);
  const files = (await readdir(MIGRATIONS)).filter((f) => /^\d{14}_.+\.sql$/.test(f));
  const expected = files.map((f) => f.slice(0, 14)).sort();
  if (applied.join() !== expected.join()) {
    throw new Error(`applyMigrations applied ${applied.join(', ') || 'nothing'} to an empty PGlite, expected ${expected.join(', ')}`);
  }
}

/** An in-memory PGlite holding the migrated database, as `applyMigrations` leaves an empty one. */
export async function migratedPglite(): Promise<Db> {
  const copy = await runCopy('image.tar');
  if ('ready' in copy) return pgliteDb(await PGlite.create({ loadDataDir: new Blob([await readFile(copy.ready)]) }));
  const pg = await PGlite.create();
  const db = pgliteDb(pg);
  try {
    await migrate(db);
    if ('publish' in copy) {
      const tar = await pg.dumpDataDir('none');
      await copy.publish(async (to) => writeFile(to, new Uint8Array(await tar.arrayBuffer())));
    }
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/**
 * A migrated PGlite database in `folder` (e.g. `<SITE_DATA_DIR>/pglite`) with the file modes
 * PGlite gives its own files, so that a server started there opens a database, as on its second
 * start, instead of creating one.
 */
export async function migratedDataDir(folder: string): Promise<void> {
  const copy = await runCopy('pglite');
  if ('ready' in copy) {
    await cp(copy.ready, folder, { recursive: true, errorOnExist: true, force: false });
    return;
  }
  const pg = await PGlite.create(folder);
  try {
    await migrate(pgliteDb(pg));
  } finally {
    await pg.close();
  }
  if ('publish' in copy) await copy.publish((to) => cp(folder, to, { recursive: true, errorOnExist: true, force: false }));
}
