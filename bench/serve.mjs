// The built site served by our own server (`site start --no-build`) for a bench; resolves once it answers.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function startSiteServer(port) {
  const server = spawn(process.execPath, ['cli/bin.mjs', 'start', '--no-build', '--port', String(port)], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  // Read what it writes (a pipe nobody reads fills up, and then the server stops answering).
  let errors = '';
  server.stderr.on('data', (chunk) => (errors = (errors + chunk).slice(-4000)));
  server.on('exit', (code) => code && process.stderr.write(`the site server stopped (${code}): ${errors}\n`));
  // Up to a minute: a first start (PGlite creating .data/, the CLI bundle made) on a busy 2-core machine took over 10 s.
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  server.kill();
  throw new Error('the server did not start');
}
