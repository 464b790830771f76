#!/usr/bin/env node
// Lighthouse (default mobile emulation and simulated throttling) in Debian's Chromium on pages of
// the built site served by our own server. Prints the four scores, LCP, TBT and CLS per page.
// Usage: node bench/lighthouse.mjs [--runs N] [/path …]   (default: the home page, 1 run; figures are medians)
import { once } from 'node:events';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startSiteServer } from './serve.mjs';

const port = Number(process.env.BENCH_PORT ?? 4180);
const cli = process.argv.slice(2);
const runsAt = cli.indexOf('--runs');
const cliRuns = runsAt >= 0 ? Number(cli.splice(runsAt, 2)[1]) : 1;
const paths = cli.length ? cli : ['/'];

/** Lighthouse on each path; with `runs` > 1, each figure is the median over the runs. */
export async function runLighthouse(urlPaths, runs = 1) {
  const server = await startSiteServer(port);
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
      const samples = [];
      for (let i = 0; i < runs; i++) {
        const { lhr } = await lighthouse(`http://localhost:${port}${p}`, { port: chrome.port, output: 'json', logLevel: 'error' });
        samples.push(lhr);
      }
      const median = (f) => [...samples.map(f)].sort((a, b) => a - b)[Math.floor(samples.length / 2)];
      const score = (id) => median((lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100));
      const audit = (id) => median((lhr) => lhr.audits[id]?.numericValue ?? NaN);
      const failing = new Set(
        samples.flatMap((lhr) =>
          lhr.runtimeError
            ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`.slice(0, 80)]
            : Object.values(lhr.audits)
                .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
                .map((a) => a.id),
        ),
      );
      rows.push({
        page: p,
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        'LCP s': (audit('largest-contentful-paint') / 1000).toFixed(2),
        'TBT ms': Math.round(audit('total-blocking-time')),
        CLS: audit('cumulative-layout-shift').toFixed(3),
        failing: [...failing].join(' '),
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
  console.log(`Lighthouse, mobile (default emulation, simulated throttling), median of ${cliRuns}`);
  console.table(await runLighthouse(paths, cliRuns));
}
