#!/usr/bin/env node
// Lighthouse (default mobile emulation and simulated throttling) in Debian's Chromium on pages of
// the built site served by our own server. Prints the four scores, LCP, TBT and CLS per page.
// Usage: node bench/lighthouse.mjs [/path …]   (default: the home page)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 4180);
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/'];

async function startServer() {
  const server = spawn(process.execPath, ['cli/bin.mjs', 'start', '--no-build', '--port', String(port)], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  for (let i = 0; i < 100; i++) {
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

export async function runLighthouse(urlPaths) {
  const server = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const rows = [];
  try {
    // Warm the server (its first answers are slower while Node compiles and PGlite settles):
    // Lighthouse's simulation counts the server's response time.
    for (let i = 0; i < 3; i++) for (const p of urlPaths) await (await fetch(`http://127.0.0.1:${port}${p}`)).text();
    for (const p of urlPaths) {
      const { lhr } = await lighthouse(`http://localhost:${port}${p}`, { port: chrome.port, output: 'json', logLevel: 'error' });
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
      rows.push({
        page: p,
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        'LCP s': (audit('largest-contentful-paint') / 1000).toFixed(2),
        'TBT ms': Math.round(audit('total-blocking-time')),
        CLS: audit('cumulative-layout-shift').toFixed(3),
        failing: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`.slice(0, 80) : Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id)
          .join(' '),
      });
    }
  } finally {
    await chrome.kill();
    server.kill();
    await once(server, 'exit');
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log('Lighthouse, mobile (default emulation, simulated throttling)');
  console.table(await runLighthouse(paths));
}
