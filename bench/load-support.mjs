// What the load benchmarks of the functions share (bench/analytics-load.mjs, bench/leads-load.mjs):
// running under tsx, flags, the server child process and percentiles.

import { spawn, spawnSync } from 'node:child_process';

/** The project's helpers are TypeScript: runs `self` again under tsx's loader (and exits) when needed. */
export function rerunUnderTsx(self) {
  if (process.env.SITE_BENCH_TSX) return;
  const r = spawnSync(process.execPath, ['--import', 'tsx', self, ...process.argv.slice(2)], { stdio: 'inherit', env: { ...process.env, SITE_BENCH_TSX: '1' } });
  process.exit(r.status ?? 1);
}

export function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The functions' content of the project's content/ (its content cache makes a second load quick). */
async function projectFunctionsContent() {
  const { fileURLToPath } = await import('node:url');
  const { join } = await import('node:path');
  const { loadContent } = await import('#core/content/load.ts');
  const { cacheDirOf } = await import('#core/pipeline/prepare.ts');
  const { functionsContent } = await import('#core/pipeline/functions-content.ts');
  const root = fileURLToPath(new URL('..', import.meta.url));
  const { content, problems } = await loadContent(join(root, 'content'), root, { cacheDir: join(cacheDirOf(root), 'content') });
  if (!content) throw new Error(`content/ does not load: ${problems.map((p) => `${p.file}: ${p.message}`).join('; ')}`);
  return functionsContent(content);
}

/**
 * The server process: the Node entry of the functions (as `npm start` creates them) on a free
 * loopback port, `mount(app, functions)` choosing the routes. Prints "READY <port>".
 */
export async function serveFunctions(options, mount) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { Hono } = await import('hono');
  const { serve: listen } = await import('@hono/node-server');
  const { createNodeFunctions } = await import('#cli/lib/server/functions.ts');
  // The functions' local state (their secrets; PGlite without DATABASE_URL) goes with the process,
  // however it ends: a process killed outright (the kill -9 of bench/leads-load.mjs) leaves its
  // folder to the next one of the same run, which is given it (SITE_BENCH_DATA).
  const dataDir = process.env.SITE_BENCH_DATA ?? mkdtempSync(join(tmpdir(), 'site-bench-'));
  if (!process.env.SITE_BENCH_DATA) process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const fns = await createNodeFunctions({
    // The forms' choices and the functions' words of the project's content/, as `site start` gives them.
    content: await projectFunctionsContent(),
    dataDir,
    databaseUrl: process.env.DATABASE_URL,
    poolSize: Number(process.env.POOL_SIZE ?? 10),
    // The load names 20,000 clients in x-forwarded-for from this host, as a local proxy would.
    trustedProxies: ['loopback'],
    ...options,
  });
  const app = new Hono();
  mount(app, fns);
  const server = listen({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => process.stdout.write(`READY ${info.port}\n`));
  process.on('SIGTERM', () => server.close(() => fns.close().then(() => process.exit(0))));
}

/**
 * Starts `self --serve` with `env`; resolves with the child and its port once it prints READY. A
 * child that stops first, or is not ready in 3 minutes, is ended and the promise fails.
 */
export async function startFunctions(self, env) {
  const child = spawn(process.execPath, ['--import', 'tsx', self, '--serve'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  let timer;
  try {
    const port = await new Promise((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const m = /READY (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the functions' server exited with ${code} before it was ready`)));
      timer = setTimeout(() => reject(new Error("the functions' server was not ready in 3 minutes")), 180_000);
    });
    return { child, port, exited };
  } catch (error) {
    if (child.exitCode === null) child.kill('SIGKILL');
    await exited;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Starts a throwaway Postgres cluster and `self --serve` on it; gives `run({ port, db })`, then
 * stops both. Bounded: whatever happens, it gives up after 6 minutes.
 */
export async function withServer(self, run) {
  const deadline = setTimeout(() => {
    console.error('bench: took longer than 6 minutes, giving up');
    process.exit(2);
  }, 6 * 60_000);
  deadline.unref();
  const { startPgCluster } = await import('#tests/support/pg-cluster.ts');
  const { postgresDb } = await import('#functions/_shared/db.ts');
  console.log('Starting a throwaway PostgreSQL cluster…');
  const cluster = await startPgCluster({ shared_buffers: '256MB', max_connections: '50' });
  const db = postgresDb(cluster.url, { max: 2 });
  let server;
  try {
    server = await startFunctions(self, { DATABASE_URL: cluster.url });
    await run({ port: server.port, db });
  } finally {
    if (server && server.child.exitCode === null) server.child.kill('SIGTERM');
    await server?.exited;
    await db.close();
    await cluster.stop();
  }
}
