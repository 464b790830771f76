#!/usr/bin/env node
// What scrolling a page costs the browser (decision 105): in Debian's Chromium at
// a phone's size (412 × 823 px, DPR 1.75, software compositing as on this machine), the page is
// scrolled 3,600 px down in 1.5 s (a scroll gesture), and a trace sums over it the task time of
//   - display ms: the display compositor (VizCompositorThread), which draws every frame,
//   - compositor ms: the page's compositor thread,
//   - main ms: the page's main thread,
// beside the same page unstyled (its HTML without its stylesheet, scripts and icons, same server
// and headers), measured in turn: what the design itself costs. Median of N runs (default 5).
// Usage: node bench/scroll.mjs [--runs N] [/path …]   (default: home, a brand, an area, an article)
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright';
import { chromiumPath } from './chromium.mjs';
import { defaultPaths } from './main-thread.mjs';
import { DIST, startSiteServer, stopServer } from './serve.mjs';

const port = Number(process.env.BENCH_PORT ?? 4184);
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 5;

/** The pages at `paths` without their stylesheet and scripts, in a new temporary folder. */
function writeUnstyled(paths) {
  // Read before the folder is made: a missing build leaves no folder behind.
  const headers = readFileSync(path.join(DIST, '_headers'));
  const pages = paths.map((p) => {
    const name = p === '/' ? 'index.html' : `${p.slice(1)}.html`;
    // The icons go too: an SVG without the stylesheet's size would be drawn at 300 × 150 px.
    return [name, readFileSync(path.join(DIST, name), 'utf8').replace(/<style\b[\s\S]*?<\/style>|<script\b[\s\S]*?<\/script>|<link rel="stylesheet"[^>]*>|<svg\b[\s\S]*?<\/svg>/g, '')];
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-unstyled-'));
  writeFileSync(path.join(dir, '_headers'), headers);
  for (const [name, html] of pages) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), html);
  }
  return dir;
}

const THREADS = { VizCompositorThread: 'display', Compositor: 'compositor', CrRendererMain: 'main' };

/** One scroll of the page at `url`: task ms per frame of each thread above. */
async function measure(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(1000);
  await browser.startTracing(page, { categories: ['toplevel', 'viz', 'cc'] });
  // A scroll as the browser's input pipeline sees it (the compositor scrolls; the page's main thread
  // only hears of it), 3,600 px at 2,400 px/s: 1.5 s, about 90 frames at 60 Hz. A wheel, not a
  // touch: headless Chromium does not scroll on a synthesized touch gesture.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Input.synthesizeScrollGesture', { x: 206, y: 600, yDistance: -3600, speed: 2400, gestureSourceType: 'mouse', repeatCount: 0 });
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  await context.close();
  const threads = new Map(events.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, THREADS[e.args.name]]));
  const ms = { display: 0, compositor: 0, main: 0 };
  for (const e of events) {
    const kind = e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && threads.get(`${e.pid}:${e.tid}`);
    if (kind) ms[kind] += e.dur / 1000;
  }
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function scroll(paths = defaultPaths(), n = runs) {
  const unstyled = writeUnstyled(paths);
  const server = await startSiteServer(port).catch((error) => {
    rmSync(unstyled, { recursive: true, force: true });
    throw error;
  });
  const bare = await startSiteServer(port + 100, { dist: unstyled }).catch(async (error) => {
    await stopServer(server);
    rmSync(unstyled, { recursive: true, force: true });
    throw error;
  });
  const rows = [];
  let browser;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] });
    for (const p of paths) {
      const ours = [];
      const plain = [];
      // The page and its unstyled twin in turn, so that a busy moment of the machine falls on both.
      for (let i = 0; i < n; i++) {
        ours.push(await measure(browser, `http://127.0.0.1:${port}${p}`));
        plain.push(await measure(browser, `http://127.0.0.1:${port + 100}${p}`));
      }
      const ms = (samples, k) => Math.round(median(samples.map((s) => s[k])));
      rows.push({
        page: p,
        'display ms': ms(ours, 'display'),
        'compositor ms': ms(ours, 'compositor'),
        'main ms': ms(ours, 'main'),
        'unstyled: display': ms(plain, 'display'),
        'unstyled: compositor': ms(plain, 'compositor'),
        'unstyled: main': ms(plain, 'main'),
      });
    }
  } finally {
    await browser?.close();
    for (const s of [server, bare]) await stopServer(s);
    rmSync(unstyled, { recursive: true, force: true });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`Scrolling 3,600 px in 1.5 s at 412 × 823 px, Debian Chromium (software compositing), median of ${runs} runs`);
  console.table(await scroll(args.length ? args : undefined));
}
