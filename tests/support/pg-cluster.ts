// A throwaway PostgreSQL cluster from the Debian server binaries: initdb and pg_ctl run as the
// `postgres` OS user (via runuser when we are root), in a temp folder, on a free loopback port.
// Used by the integration tests (one cluster for all their files: pg-global.ts, testDatabase())
// and by the load benches (bench/load-support.mjs for the analytics and dashboard ones, bench/leads-load.mjs).

import { execFile, execFileSync } from 'node:child_process';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The integration project's cluster (tests/support/pg-global.ts), as its superuser. */
    pgUrl: string;
  }
}

const run = promisify(execFile);

export interface PgCluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres (trust auth on loopback). */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** The newest installed /usr/lib/postgresql/N/bin, or PG_BIN; a clear error when there is none. */
async function serverBin(): Promise<string> {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? (await readdir(root)).filter((v) => /^\d+$/.test(v)) : [];
  const candidates = process.env.PG_BIN
    ? [process.env.PG_BIN]
    : versions.sort((a, b) => Number(b) - Number(a)).map((v) => join(root, v, 'bin'));
  const bin = candidates.find((b) => existsSync(join(b, 'initdb')) && existsSync(join(b, 'pg_ctl')));
  if (!bin) {
    throw new Error(
      `PostgreSQL server binaries (initdb, pg_ctl) were not found in ${process.env.PG_BIN ?? `${root}/*/bin`}. ` +
        'Install the Debian package `postgresql` (apt-get install -y postgresql), or set PG_BIN to their folder.',
    );
  }
  return bin;
}

/** A port nothing listens on now, on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export async function startPgCluster(settings: Record<string, string> = {}): Promise<PgCluster> {
  const bin = await serverBin();
  const asRoot = process.getuid?.() === 0;
  // As root, Postgres refuses to run: hand the folder to the postgres user and act as it.
  const command = (cmd: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const as = (cmd: string, args: string[]) => run(...command(cmd, args));

  const dir = await mkdtemp(join(tmpdir(), 'site-pg-'));
  if (asRoot) {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]).then((r) =>
      r.map((x) => Number(x.stdout.trim())),
    );
    await chown(dir, uid!, gid!);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`),
  ].join(' ');
  try {
    await as(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
    await as(join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'postgres.log'), '-w', '-t', '60', 'start']);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  // pg_ctl leaves the server running on its own: a process that ends without calling stop()
  // (vitest ends a watch run on SIGINT or SIGTERM by process.exit, skipping its teardowns) must
  // not leave it, nor its folder, behind.
  const stopAtExit = () => {
    try {
      execFileSync(...command(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']), { stdio: 'ignore' });
    } catch {
      // Already stopped.
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopAtExit);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      process.off('exit', stopAtExit);
      await as(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A new, empty database named `name` on the cluster at `adminUrl` (a test file's own, so files
 * that share one cluster never see each other's rows); `drop` removes it.
 */
export async function testDatabase(adminUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  return {
    url: adminUrl.replace(/\/[^/]*$/, `/${name}`),
    async drop() {
      const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        await sql.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await sql.end({ timeout: 5 });
      }
    },
  };
}
