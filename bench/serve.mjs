// The built site served by our own server (`site start --no-build`) for a bench; resolves once it answers.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `dist`: another built folder to serve (the floor site of bench/floor.mjs), without the functions. */
export async function startSiteServer(port, { dist } = {}) {
  const options = dist ? ['--dist', dist, '--no-analytics'] : [];
  const server = spawn(process.execPath, ['cli/bin.mjs', 'start', '--no-build', '--port', String(port), ...options], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  // Read what it writes (a pipe nobody reads fills up, and then the server stops answering).
  let errors = '';
  // Ready once it says so, database included: `site start` serves pages before its database is up,
  // and a database starting beside a measurement would be measured too.
  await new Promise((ready, fail) => {
    server.stderr.on('data', (chunk) => {
      errors = (errors + chunk).slice(-4000);
      if (errors.includes('Press Ctrl+C')) ready();
    });
    server.on('exit', (code) => {
      if (code) process.stderr.write(`the site server stopped (${code}): ${errors}\n`);
      fail(new Error('the server did not start'));
    });
  });
  return server;
}
