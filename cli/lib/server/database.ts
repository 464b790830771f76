// The functions' database under `site start` and the tests: PGlite in the data folder (no setup),
// readable by its owner alone, or a real Postgres through the functions' own adapter
// (supabase/functions/_shared/db.ts); the migrations of supabase/migrations/, applied as the
// Supabase CLI applies them; and the secrets `site start` makes once into the data folder.

import { randomBytes } from 'node:crypto';
import { readdirSync, watch, type FSWatcher } from 'node:fs';
import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { postgresDb, type Db } from '#functions/_shared/db.ts';

const SUPABASE_DIR = fileURLToPath(new URL('../../../supabase/', import.meta.url));

export function pgliteDb(pg: PGlite): Db {
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>) => ({
    query: async (sql: string, params?: readonly unknown[]) =>
      (await q.query<Record<string, unknown>>(sql, params ? [...params] : undefined)).rows,
    exec: async (sql: string) => void (await q.exec(sql)),
  });
  return { ...wrap(pg), transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))), close: () => pg.close() };
}

/**
 * The database of a data folder: Postgres at `databaseUrl` (a pool of `poolSize`), else PGlite in
 * dataDir/pglite, with its migrations applied. `close` also stops watching the PGlite folder.
 */
export async function openDatabase(dataDir: string, databaseUrl?: string, poolSize?: number): Promise<Db> {
  let db: Db;
  if (databaseUrl) db = postgresDb(databaseUrl, { max: poolSize });
  else {
    await privateDataDir(dataDir);
    const { pg, watchers } = await openPrivatePglite(join(dataDir, 'pglite'));
    db = {
      ...pgliteDb(pg),
      async close() {
        for (const w of watchers) w.close();
        await pg.close();
      },
    };
  }
  try {
    await applyMigrations(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/**
 * Runs supabase/local/bootstrap.sql (Supabase's roles) and every migration in
 * supabase/migrations/ not yet recorded, in one transaction under an advisory lock. Applied
 * migrations are recorded where the Supabase CLI records them (supabase_migrations.schema_migrations).
 * Returns the versions applied by this call.
 */
export async function applyMigrations(db: Db, supabaseDir = SUPABASE_DIR): Promise<string[]> {
  const bootstrap = await readFile(join(supabaseDir, 'local', 'bootstrap.sql'), 'utf8');
  const files = (await readdir(join(supabaseDir, 'migrations'))).filter((f) => /^\d{14}_.+\.sql$/.test(f)).sort();
  return db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('site analytics migrations'))`);
    await tx.exec(bootstrap);
    await tx.exec(`create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (version text not null primary key, statements text[], name text);`);
    const done = new Set(
      (await tx.query('select version from supabase_migrations.schema_migrations')).map((r) => String(r.version)),
    );
    const applied: string[] = [];
    for (const file of files) {
      const [version, name] = [file.slice(0, 14), file.slice(15, -4)];
      if (done.has(version)) continue;
      await tx.exec(await readFile(join(supabaseDir, 'migrations', file), 'utf8'));
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [version, name]);
      applied.push(version);
    }
    return applied;
  });
}

/** What a data folder may hold for `privateDataDir` to make it 0700: only what this file puts there. */
const DATA_ENTRIES = new Set(['pglite', 'analytics-secrets.json']);

/**
 * The data folder, readable by its owner alone (issue 25.11): created 0700, or made 0700 when it
 * holds nothing but what this file puts there (a folder the owner shares with other things, named
 * in SITE_DATA_DIR, keeps its mode; what this file writes in it is private either way).
 */
async function privateDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const entries = await readdir(dataDir);
  if (((await stat(dataDir)).mode & 0o077) !== 0 && entries.every((e) => DATA_ENTRIES.has(e))) await chmod(dataDir, 0o700);
}

/** Reads the generated secrets from dataDir, creating them (mode 0600) on first use. */
export async function localSecrets(dataDir: string) {
  await privateDataDir(dataDir);
  const file = join(dataDir, 'analytics-secrets.json');
  const fresh = {
    hmacSecret: randomBytes(32).toString('base64url'),
    dashboardKey: randomBytes(24).toString('base64url'),
  };
  try {
    await writeFile(file, JSON.stringify(fresh, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return JSON.parse(await readFile(file, 'utf8')) as typeof fresh;
  }
}

/**
 * PGlite in `dir`, readable by its owner alone, like the secrets file. PGlite (NODEFS) writes its
 * initial files with an explicit chmod to 0666, so the umask cannot help: the folder is made 0700
 * before PGlite writes into it, so that no other user reaches a file even for a moment, then every
 * file becomes 0600 and every folder 0700, which also tightens a database an earlier version
 * created. Files Postgres creates later get its own modes (0600, 0700).
 */
async function openPrivatePglite(dir: string): Promise<{ pg: PGlite; watchers: FSWatcher[] }> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  const pg = await PGlite.create(dir);
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() || entry.isDirectory()) await chmod(join(entry.parentPath, entry.name), entry.isFile() ? 0o600 : 0o700);
  }
  return { pg, watchers: keepPrivate(dir) };
}

/**
 * Files Postgres writes later through PGlite's file system with fopen() get the process's umask,
 * not Postgres's own modes: its relcache files (pg_internal.init, in global/ and in each database's
 * folder) came back 0644 while a server ran (issue 25.11). Each file that appears there (created
 * or renamed into place) is made 0600 again. Those folders only: a recursive watch of the whole
 * database costs Node 20 a stat poll of every file.
 */
function keepPrivate(dir: string): FSWatcher[] {
  const tighten = async (file: string) => {
    const st = await stat(file);
    if ((st.mode & 0o077) !== 0) await chmod(file, 0o600);
  };
  const folders = ['global', ...readdirSync(join(dir, 'base')).map((db) => join('base', db))];
  const watchers: FSWatcher[] = [];
  for (const folder of folders) {
    try {
      const watcher = watch(join(dir, folder), { persistent: false }, (event, name) => {
        if (event === 'rename' && name) void tighten(join(dir, folder, name)).catch(() => {});
      });
      watcher.on('error', () => {});
      watchers.push(watcher);
    } catch {
      // no watcher here: the walk at each start still tightens everything
    }
  }
  return watchers;
}

