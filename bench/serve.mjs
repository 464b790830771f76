// The built site served by our own server (`site start --no-build`) for a bench; resolves once it answers.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The built site the benches serve and read: dist/, or BENCH_DIST (another build, e.g. of a fixture). */
export const DIST = process.env.BENCH_DIST ? path.resolve(process.env.BENCH_DIST) : path.join(root, 'dist');

/** The route list of the build in `dist` (its record lies beside it, in .site/<name>/, core/pipeline/record.ts). */
export const manifestFile = (dist = DIST) => path.join(path.dirname(dist), '.site', path.basename(dist), 'manifest.json');

/** How long a server may take to start (a first start makes its database: seconds, more on a busy machine). */
const START_LIMIT_MS = 180_000;

/**
 * The site server for DIST on `port`; `dist`: another built folder to serve (the floor site of
 * bench/floor.mjs), without the functions. Resolves once it is ready; a server that stops or is
 * not ready in time is ended, and the promise fails: no server is left behind.
 */
export async function startSiteServer(port, { dist } = {}) {
  const options = dist ? ['--dist', dist, '--no-analytics'] : ['--dist', DIST];
  const server = spawn(process.execPath, ['cli/bin.mjs', 'start', '--no-build', '--port', String(port), ...options], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  // Read what it writes (a pipe nobody reads fills up, and then the server stops answering).
  let errors = '';
  // Ready once it says so, database included: `site start` serves pages before its database is up,
  // and a database starting beside a measurement would be measured too.
  let timer;
  try {
    await new Promise((ready, fail) => {
      server.stderr.on('data', (chunk) => {
        errors = (errors + chunk).slice(-4000);
        if (errors.includes('Press Ctrl+C')) ready();
      });
      server.on('error', fail);
      server.on('exit', (code) => {
        if (code) process.stderr.write(`the site server stopped (${code}): ${errors}\n`);
        fail(new Error('the server did not start'));
      });
      timer = setTimeout(() => fail(new Error(`the server was not ready in ${START_LIMIT_MS / 1000} s: ${errors}`)), START_LIMIT_MS);
    });
  } catch (error) {
    await stopServer(server);
    throw error;
  } finally {
    clearTimeout(timer);
  }
  /** What the server printed last (its addresses, the dashboard's link with its key). */
  server.log = () => errors;
  return server;
}

/** Ends a server process (if it still runs) and waits for it. */
export async function stopServer(server) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = once(server, 'exit');
  server.kill();
  await exited;
}
