// Issue 38, item 3: a bench whose browser or server cannot start leaves nothing behind: no server
// running, no temporary folder. Each bench runs as its own process group, with TMPDIR a folder of
// its own; once it has ended, the group must be empty and the folder too. The browser benches
// serve a build of tests/fixtures/content (BENCH_DIST) from the run's migrated database.

import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { run } from '#cli/index.ts';
import { migratedDataDir } from '../support/pglite.ts';

const work = mkdtempSync(path.join(tmpdir(), 'site-bench-cleanup-'));
const dist = path.join(work, 'dist');
const dataDir = path.join(work, 'data');
const MISSING_BROWSER = path.join(work, 'no-such-chromium');
/** A Postgres nobody listens on: `site start` cannot start its database, and stops (exit 2). */
const NO_DATABASE = 'postgres://site@127.0.0.1:9/site';

beforeAll(async () => {
  // A copy: a build writes the pictures' variants beside the content.
  const content = path.join(work, 'content');
  cpSync(path.resolve('tests/fixtures/content'), content, { recursive: true });
  expect(await run(['node', 'site', 'build', '--quiet', '--content', content, '--out', dist])).toBe(0);
  mkdirSync(dataDir);
  await migratedDataDir(path.join(dataDir, 'pglite'));
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Two free loopback ports, `port` and `port + 100` (a bench serves its floor or its unstyled twin there). */
async function freePorts(): Promise<number> {
  const listen = (port: number) =>
    new Promise<net.Server | null>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => resolve(server));
    });
  for (;;) {
    const first = await listen(0);
    const port = (first!.address() as net.AddressInfo).port;
    const second = port + 100 < 65536 ? await listen(port + 100) : null;
    await Promise.all([first, second].map((s) => s && new Promise((r) => s.close(r))));
    if (second) return port;
  }
}

/**
 * The processes of group `pgid` still running: zombies do not count (an orphaned helper, such as
 * esbuild's service process, waits there for this machine's init to reap it; it runs nothing).
 */
function running(pgid: number): string[] {
  const ps = spawnSync('ps', ['-eo', 'pgid=,stat=,args='], { encoding: 'utf8' }).stdout;
  return ps
    .split('\n')
    .map((l) => /^\s*(\d+)\s+(\S+)\s+(.*)$/.exec(l))
    .filter((m): m is RegExpExecArray => !!m && Number(m[1]) === pgid && !m[2]!.startsWith('Z'))
    .map((m) => m[3]!);
}

/** Runs `bench/<file>` in a process group of its own with `env`; its exit code, and what it left. */
async function runBench(file: string, args: string[], env: Record<string, string>) {
  const tmp = mkdtempSync(path.join(work, 'tmp-'));
  const port = await freePorts();
  const child = spawn(process.execPath, [`bench/${file}`, ...args], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, TMPDIR: tmp, BENCH_DIST: dist, BENCH_PORT: String(port), SITE_DATA_DIR: dataDir, ...env },
  });
  let log = '';
  child.stderr!.on('data', (d) => (log = (log + d).slice(-3000)));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  // The bench is gone; a server or browser it left would still be in its group. Killed here either
  // way, so that a failing test leaves nothing running.
  const left = running(child.pid!);
  if (left.length) process.kill(-child.pid!, 'SIGKILL');
  // tsx's compile cache (tsx-<uid>) is every run's, kept on purpose, not a bench's folder.
  return { code, left, files: readdirSync(tmp).filter((f) => !/^tsx-\d+$/.test(f)), log };
}

describe('(38, item 3) a bench whose browser or server cannot start leaves nothing behind', () => {
  const browserBenches: [string, string[]][] = [
    ['lighthouse.mjs', ['/']],
    ['navigation.mjs', ['--runs', '1']],
    ['scroll.mjs', ['--runs', '1', '/']],
    ['main-thread.mjs', ['--runs', '1', '/']],
  ];
  for (const [file, args] of browserBenches) {
    test(`${file} without its browser`, async () => {
      const r = await runBench(file, args, { CHROMIUM_PATH: MISSING_BROWSER });
      expect([r.code === 0, r.left, r.files], r.log).toEqual([false, [], []]);
    }, 300_000);
  }

  for (const [file, args] of [...browserBenches, ['flood.mjs', ['--seconds', '1']], ['bad-inputs.mjs', []]] as [string, string[]][]) {
    test(`${file} when its site server cannot start`, async () => {
      const r = await runBench(file, args, { DATABASE_URL: NO_DATABASE });
      expect([r.code === 0, r.left, r.files], r.log).toEqual([false, [], []]);
    }, 300_000);
  }

  test('leads-load.mjs when its PostgreSQL cannot start', async () => {
    const r = await runBench('leads-load.mjs', ['--leads', '1'], { PG_BIN: path.join(work, 'no-postgres') });
    expect([r.code === 0, r.left, r.files], r.log).toEqual([false, [], []]);
  }, 300_000);
});
