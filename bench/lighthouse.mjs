#!/usr/bin/env node
// Lighthouse (default mobile emulation and simulated throttling) in Debian's Chromium on pages of
// the built site served by our own server. Prints the four scores, LCP, TBT and CLS per page, and
// the same for the floor (bench/floor.mjs: a page with nothing but text and links, same server and
// headers), measured in turn with the site's pages in one run: what this machine gives any page.
// Usage: node bench/lighthouse.mjs [--runs N] [/path …]   (default: the home page, 1 run; figures are medians)
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath } from './chromium.mjs';
import { startFloorServer } from './floor.mjs';
import { startSiteServer, stopServer } from './serve.mjs';

const port = Number(process.env.BENCH_PORT ?? 4180);
const cli = process.argv.slice(2);
const runsAt = cli.indexOf('--runs');
const cliRuns = runsAt >= 0 ? Number(cli.splice(runsAt, 2)[1]) : 1;
const paths = cli.length ? cli : ['/'];

/** Lighthouse on each path and on the floor; with `runs` > 1, each figure is the median over the runs. */
export async function runLighthouse(urlPaths, runs = 1) {
  const server = await startSiteServer(port);
  const floor = await startFloorServer(port + 100, urlPaths).catch(async (error) => {
    await stopServer(server);
    throw error;
  });
  const FLOOR = 'floor: the home page with nothing but text and links';
  const pages = [...urlPaths.map((p) => ({ label: p, url: `http://localhost:${port}${p}` })), { label: FLOOR, url: `http://localhost:${port + 100}/` }];
  let chrome;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: chromiumPath(),
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    // Warm the servers (their first answers are slower while Node compiles and PGlite settles):
    // Lighthouse's simulation counts the server's response time.
    for (let i = 0; i < 3; i++) for (const { url } of pages) await (await fetch(url.replace('localhost', '127.0.0.1'))).text();
    /** Every page once per round, the floor among them, so that a busy moment of the machine falls on all of them alike. */
    const samples = new Map(pages.map(({ label }) => [label, []]));
    for (let i = 0; i < runs; i++) {
      for (const { label, url } of pages) {
        const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
        samples.get(label).push(lhr);
      }
    }
    return pages.map(({ label }) => summary(label, samples.get(label)));
  } finally {
    await chrome?.kill();
    await floor.stop();
    await stopServer(server);
  }
}

/** One row: the median of each figure over a page's runs, and the binary audits any run failed. */
function summary(page, samples) {
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
  return {
    page,
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    'LCP s': (audit('largest-contentful-paint') / 1000).toFixed(2),
    'TBT ms': Math.round(audit('total-blocking-time')),
    CLS: audit('cumulative-layout-shift').toFixed(3),
    failing: [...failing].join(' '),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`Lighthouse, mobile (default emulation, simulated throttling), median of ${cliRuns}`);
  console.table(await runLighthouse(paths, cliRuns));
}
