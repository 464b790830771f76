#!/usr/bin/env node
// Main-thread work of a page load in Debian's Chromium with the CPU slowed down 4x (issue 15):
// a Chromium trace from navigation until the page has been quiet for a second, then, per page,
//   - script ms: main-thread time spent compiling and running JavaScript (all of it happens before
//     the page answers a tap, since a task cannot be interrupted),
//   - longest task ms: the longest main-thread task after the first contentful paint,
//   - blocking ms: the sum over those tasks of their time beyond 50 ms (Lighthouse's TBT, measured
//     rather than simulated),
//   - JS KB: the JavaScript bytes the page loaded (gzip as sent by our server, or raw if not gzipped).
// Median of N runs (default 5).
// Usage: node bench/main-thread.mjs [--runs N] [--breakdown] [/path …]   (default: home, a brand, an area, an article)
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright';
import { chromiumPath } from './chromium.mjs';
import { manifestFile, startSiteServer, stopServer } from './serve.mjs';

const port = Number(process.env.BENCH_PORT ?? 4182);
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 5;
const breakdownAt = args.indexOf('--breakdown');
const breakdown = breakdownAt >= 0 && args.splice(breakdownAt, 1).length > 0;

/** The home page, a brand, an area and an article of the built site (read from the build's route list). */
export function defaultPaths() {
  const manifest = JSON.parse(readFileSync(manifestFile(), 'utf8'));
  const first = (kind) => manifest.routes.find((r) => r.kind === kind)?.path;
  return ['/', first('brand'), first('area'), first('post')].filter(Boolean);
}

/**
 * The same figures measured by this script at commit 03493d3, before light hydration (decision 090),
 * on this kind of machine: every page hydrated the whole document with about 110 KB of React.
 */
export const BEFORE = {
  commit: '03493d3',
  rows: [
    { page: '/', 'script ms': 308, 'longest task ms': 130, 'blocking ms': 158, 'JS KB': '110.4' },
    { page: '/samsung-tv-repair', 'script ms': 347, 'longest task ms': 157, 'blocking ms': 192, 'JS KB': '110.2' },
    { page: '/led-tv-repair-malviya-nagar', 'script ms': 336, 'longest task ms': 189, 'blocking ms': 198, 'JS KB': '110.2' },
    { page: '/blog/why-is-my-led-tv-not-turning-on', 'script ms': 298, 'longest task ms': 160, 'blocking ms': 143, 'JS KB': '106.5' },
  ],
};

const SCRIPT_EVENTS = new Set([
  'EvaluateScript',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'v8.produceModuleCache',
  'FunctionCall',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'FireIdleCallback',
  'RunMicrotasks',
  'V8.Execute',
  'v8.run',
]);

/** The length of the union of [start, end) intervals. */
function unionLength(intervals) {
  intervals.sort((a, b) => a[0] - b[0]);
  let total = 0;
  let [s, e] = [-Infinity, -Infinity];
  for (const [a, b] of intervals) {
    if (a > e) {
      if (e > s) total += e - s;
      [s, e] = [a, b];
    } else e = Math.max(e, b);
  }
  if (e > s) total += e - s;
  return total;
}

function analyse(trace) {
  const events = JSON.parse(trace.toString('utf8')).traceEvents;
  const mainThreads = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = (e) => mainThreads.has(`${e.pid}:${e.tid}`);
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && onMain(e))?.ts ?? 0;
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && onMain(e) && e.ts >= fcp);
  const scripts = events.filter((e) => e.ph === 'X' && SCRIPT_EVENTS.has(e.name) && onMain(e)).map((e) => [e.ts, e.ts + (e.dur ?? 0)]);
  const longest = Math.max(0, ...tasks.map((t) => t.dur ?? 0)) / 1000;
  const blocking = tasks.reduce((n, t) => n + Math.max(0, (t.dur ?? 0) / 1000 - 50), 0);
  // Where the script time goes: self-contained totals per event name and script URL (top level only).
  const byKind = {};
  const top = events.filter((e) => e.ph === 'X' && SCRIPT_EVENTS.has(e.name) && onMain(e)).sort((a, b) => a.ts - b.ts);
  let end = -Infinity;
  for (const e of top) {
    if (e.ts < end) continue;
    end = e.ts + (e.dur ?? 0);
    const url = e.args?.data?.url ?? e.args?.fileName ?? e.args?.data?.functionName ?? '';
    const key = `${e.name} ${String(url).replace(/^https?:\/\/[^/]+/, '').slice(0, 60)}`;
    byKind[key] = (byKind[key] ?? 0) + (e.dur ?? 0) / 1000;
  }
  // What the longest task did: its direct children by name.
  const top1 = tasks.reduce((a, t) => ((t.dur ?? 0) > (a?.dur ?? 0) ? t : a), undefined);
  const inLongest = {};
  if (top1) {
    const inside = events
      .filter((e) => e.ph === 'X' && onMain(e) && e !== top1 && e.ts >= top1.ts && e.ts + (e.dur ?? 0) <= top1.ts + top1.dur)
      .sort((a, b) => a.ts - b.ts);
    let until = -Infinity;
    for (const e of inside) {
      if (e.ts < until) continue;
      until = e.ts + (e.dur ?? 0);
      inLongest[e.name] = (inLongest[e.name] ?? 0) + (e.dur ?? 0) / 1000;
    }
  }
  return { script: unionLength(scripts) / 1000, longest, blocking, byKind, inLongest };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One traced load of `url` with 4x CPU slowdown; resolves once no request or task has run for a second. */
async function measure(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let jsBytes = 0;
  page.on('response', async (r) => {
    if (r.request().resourceType() !== 'script') return;
    const size = (await r.request().sizes().catch(() => null))?.responseBodySize;
    jsBytes += size ?? (await r.body().catch(() => Buffer.alloc(0))).length;
  });
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8', 'loading', 'blink.user_timing'] });
  await page.goto(url, { waitUntil: 'load' });
  // The client entry starts after the largest paint (decision 002): wait for it and for quiet.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  const trace = await browser.stopTracing();
  await context.close();
  return { ...analyse(trace), jsKb: jsBytes / 1024 };
}

export async function mainThread(paths = defaultPaths(), n = runs) {
  const server = await startSiteServer(port);
  const rows = [];
  let browser;
  try {
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    for (const p of paths) await (await fetch(`http://127.0.0.1:${port}${p}`)).text();
    for (const p of paths) {
      const samples = [];
      for (let i = 0; i < n; i++) samples.push(await measure(browser, `http://127.0.0.1:${port}${p}`));
      const m = (k) => median(samples.map((s) => s[k]));
      if (breakdown) {
        console.log(`${p}: main-thread script time by top-level event (first run)`);
        console.log(`${p}: what the longest task did (first run)`);
        console.table(Object.entries(samples[0].inLongest).sort((a, b) => b[1] - a[1]).slice(0, 8).map(([what, ms]) => ({ what, ms: Math.round(ms) })));
        console.table(Object.entries(samples[0].byKind).sort((a, b) => b[1] - a[1]).slice(0, 12).map(([what, ms]) => ({ what, ms: Math.round(ms) })));
      }
      rows.push({
        page: p,
        'script ms': Math.round(m('script')),
        'longest task ms': Math.round(m('longest')),
        'blocking ms': Math.round(m('blocking')),
        'JS KB': m('jsKb').toFixed(1),
      });
    }
  } finally {
    await browser?.close();
    await stopServer(server);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`Main thread under 4x CPU slowdown, Debian Chromium, median of ${runs} runs`);
  console.table(await mainThread(args.length ? args : undefined));
}
