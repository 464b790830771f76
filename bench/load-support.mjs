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

/**
 * The server process: the Node entry of the functions (as `npm start` creates them) on a free
 * loopback port, `mount(app, functions)` choosing the routes. Prints "READY <port>".
 */
export async function serveFunctions(options, mount) {
  const { mkdtemp } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { Hono } = await import('hono');
  const { serve: listen } = await import('@hono/node-server');
  const { createNodeAnalytics } = await import('#cli/lib/server/analytics.ts');
  const fns = await createNodeAnalytics({
    dataDir: await mkdtemp(join(tmpdir(), 'site-bench-')),
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
  const { postgresDb } = await import('#cli/lib/server/analytics.ts');
  console.log('Starting a throwaway PostgreSQL cluster…');
  const cluster = await startPgCluster({ shared_buffers: '256MB', max_connections: '50' });
  const db = postgresDb(cluster.url, { max: 2 });
  const child = spawn(process.execPath, ['--import', 'tsx', self, '--serve'], { env: { ...process.env, DATABASE_URL: cluster.url }, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const m = /READY (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    await run({ port, db });
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    await db.close();
    await cluster.stop();
  }
}
