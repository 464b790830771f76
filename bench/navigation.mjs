#!/usr/bin/env node
// What a visitor on a slow phone feels between pages: the time from tapping a link they had been
// hovering (or touching) to the next page's content on screen, in Debian's Chromium at 4x CPU
// slowdown on a throttled network (Lighthouse's "Slow 4G": 562.5 ms request latency, 1.4 Mbit/s
// down), for home → services → a brand page → the blog → an article, then Back four times.
//   - tap → shown ms: from the click event to the end of the first frame with the new page's <h1>
//     (for a page swapped in by script: the first frame after the swap; for a page restored by Back:
//     the first frame after pageshow)
//   - how: "prerendered" (activated from a speculation), "loaded" (fetched after the tap, or from a
//     prefetch), "swapped" (client-side navigation), "bfcache" (restored by Back)
//   - floor ms: the same walk over the floor site (bench/floor.mjs: the same paths, each a page with
//     nothing but text and links, the same speculation rules, server and headers), walked in turn
//     with the site: what this machine and browser give a page that does nothing
// Median of N runs (default 5), each in a fresh browser profile.
// Usage: node bench/navigation.mjs [--runs N] [--dwell MS]
//
// Chromium is driven over CDP through a pipe, attached by its tab target: a DevTools session
// attached straight to a page (Playwright's, Puppeteer's page sessions) turns prerendering off
// (PrerenderingDisabledByDevTools), and Playwright also turns the back/forward cache off.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumPath } from './chromium.mjs';
import { startFloorServer } from './floor.mjs';
import { manifestFile, startSiteServer, stopServer } from './serve.mjs';

const port = Number(process.env.BENCH_PORT ?? 4183);
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args.splice(at, 2)[1]) : fallback;
};
const runs = option('--runs', 5);
/** How long the pointer rests on a link before the tap: a visitor reading it. */
const dwell = option('--dwell', 2000);

/** Lighthouse's mobile network (devtools throttling of "Slow 4G") and CPU slowdown. */
const NETWORK = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

/** The chain: a link on each page, picked by selector (the first that is on the page). */
function chain() {
  const manifest = JSON.parse(readFileSync(manifestFile(), 'utf8'));
  const brand = manifest.routes.find((r) => r.kind === 'brand' && r.lang === 'en')?.path ?? '/samsung-tv-repair';
  const post = manifest.routes.find((r) => r.kind === 'post' && r.lang === 'en')?.path;
  return [
    { to: '/services', links: ['main a[href="/services"]'] },
    { to: brand, links: [`main a[href="${brand}"]`, `footer a[href="${brand}"]`] },
    { to: '/blog', links: ['main a[href="/blog"]', 'footer a[href="/blog"]'] },
    { to: post, links: [`main a[href="${post}"]`] },
  ];
}

/**
 * Injected into every document before its own scripts (prerendered ones too): notes the click's
 * time for the next page (sessionStorage survives the navigation), and when this page's content
 * was first shown. rAF does not run while a page is prerendered or hidden, so the first frame of a
 * prerendered page is the one after its activation.
 */
const MEASURE = `(() => {
  const mark = (how) => {
    const nav = performance.getEntriesByType('navigation')[0];
    window.__shown = { path: location.pathname, how: how === 'new' ? (nav && nav.activationStart > 0 ? 'prerendered' : 'loaded') : how,
      t0: Number(sessionStorage.getItem('bench.t0')), t1: performance.timeOrigin + performance.now() };
  };
  const afterFrame = (how) => requestAnimationFrame(() => setTimeout(() => mark(how)));
  addEventListener('click', (e) => { if (e.isTrusted) sessionStorage.setItem('bench.t0', String(performance.timeOrigin + e.timeStamp)); }, true);
  const first = () => requestAnimationFrame(() => (document.querySelector('main h1') ? setTimeout(() => mark('new')) : first()));
  first();
  addEventListener('pageshow', (e) => { if (e.persisted) afterFrame('bfcache'); });
  let seen = null;
  new MutationObserver(() => {
    const r = document.getElementById('root');
    if (seen && r && r !== seen) afterFrame('swapped');
    seen = r || seen;
  }).observe(document, { childList: true, subtree: true });
})();`;

/** A Chromium over CDP on a pipe (fds 3 and 4). */
async function launch() {
  const binary = chromiumPath();
  const profile = mkdtempSync(path.join(tmpdir(), 'bench-nav-'));
  const chrome = spawn(
    binary,
    [
      '--headless=new',
      '--remote-debugging-pipe',
      `--user-data-dir=${profile}`,
      '--no-sandbox',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-gpu',
      // A phone's screen as the window itself, not an emulation: a prerendered page gets the size of
      // the tab, and one laid out at another size would be laid out again when shown.
      '--window-size=412,823',
      '--force-device-scale-factor=1.75',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  // A browser that cannot start (no such binary) or stops fails every command waiting for it, and its
  // profile goes: nothing of it is left behind.
  const gone = new Promise((resolve) => {
    chrome.once('error', resolve);
    chrome.once('exit', () => resolve(new Error('the browser stopped')));
  });
  const out = chrome.stdio[3];
  const input = chrome.stdio[4];
  out.on('error', () => {});
  input.on('error', () => {});
  let id = 0;
  let buffer = '';
  const pending = new Map();
  const listeners = new Set();
  input.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    let end;
    while ((end = buffer.indexOf('\0')) >= 0) {
      const message = JSON.parse(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
      if (message.id !== undefined && pending.has(message.id)) {
        const { resolve, reject } = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) reject(new Error(`${message.error.message} (${message.error.code})`));
        else resolve(message.result);
      } else for (const l of listeners) l(message);
    }
  });
  let failure;
  void gone.then((error) => {
    failure = error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  });
  const send = (method, params = {}, sessionId) =>
    new Promise((resolve, reject) => {
      if (failure) return reject(failure);
      const message = { id: ++id, method, params, ...(sessionId ? { sessionId } : {}) };
      pending.set(message.id, { resolve, reject });
      out.write(`${JSON.stringify(message)}\0`);
    });
  const close = async () => {
    if (!failure) await send('Browser.close').catch(() => {});
    // A browser that never started (spawn failed: no pid) has nothing to wait for.
    if (chrome.pid !== undefined && chrome.exitCode === null && chrome.signalCode === null) await once(chrome, 'exit');
    rmSync(profile, { recursive: true, force: true });
  };
  // The first command answers once the browser is up, or fails when it cannot start.
  try {
    await send('Browser.getVersion');
  } catch (error) {
    await close();
    throw error;
  }
  return { send, on: (l) => listeners.add(l), close };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One walk along the chain and back, in a fresh profile; returns one row per step. */
async function walk(origin, steps) {
  const cdp = await launch();
  try {
    return await walkWith(cdp, origin, steps);
  } finally {
    await cdp.close();
  }
}

async function walkWith(cdp, origin, steps) {
  /** Page sessions (the page on screen and any prerendered ones), set up before their scripts run. */
  const pages = new Set();
  const setUp = async (sessionId) => {
    const steps = [
      ['Page.enable'],
      ['Runtime.enable'],
      ['Page.addScriptToEvaluateOnNewDocument', { source: MEASURE }],
      ['Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN }],
      ['Network.enable'],
      ['Network.emulateNetworkConditions', NETWORK],
    ];
    // Sent together, then the target is let run: a prerendered page answers none of them before that
    // (and one that refuses a command must still run). The session keeps their order.
    const done = steps.map(([method, params]) => cdp.send(method, params, sessionId).catch((e) => process.env.BENCH_DEBUG && console.error(method, e.message)));
    await cdp.send('Runtime.runIfWaitingForDebugger', {}, sessionId).catch(() => {});
    await Promise.all(done);
  };
  let tabSession;
  const attached = new Promise((resolveFirst) => {
    cdp.on(async (m) => {
      if (m.method === 'Target.attachedToTarget') {
        const { sessionId, targetInfo } = m.params;
        if (targetInfo.type === 'tab') {
          tabSession ??= sessionId;
          await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }, sessionId);
          await cdp.send('Runtime.runIfWaitingForDebugger', {}, sessionId).catch(() => {});
        } else if (targetInfo.type === 'page') {
          pages.add(sessionId);
          await setUp(sessionId);
          resolveFirst();
        } else {
          await cdp.send('Runtime.runIfWaitingForDebugger', {}, sessionId).catch(() => {});
        }
      }
      if (m.method === 'Target.detachedFromTarget') pages.delete(m.params.sessionId);
    });
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true, filter: [{ type: 'page', exclude: true }, {}] });
  await cdp.send('Target.createTarget', { url: 'about:blank' });
  await attached;

  /** An expression's value in a page; a page that does not answer within 5 s (a paused or discarded prerender) fails. */
  const evaluate = async (sessionId, expression) => {
    let timer;
    const late = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no answer')), 5000)));
    try {
      return (await Promise.race([cdp.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true }, sessionId), late])).result.value;
    } finally {
      clearTimeout(timer);
    }
  };
  /** The session of the page on screen (not prerendering, visible). */
  const onScreen = async () => {
    for (const s of pages) {
      const state = await evaluate(s, 'document.prerendering ? "" : document.visibilityState').catch(() => '');
      if (state === 'visible') return s;
    }
    return undefined;
  };
  /** Resolves with the mark of the page at `path` once it was shown after the tap at t0 (bounded). */
  const shown = async (target, t0) => {
    for (let i = 0; i < 600; i++) {
      const s = await onScreen();
      const mark = s && (await evaluate(s, 'window.__shown || null').catch(() => null));
      if (mark && mark.path === target && mark.t1 > t0) return { session: s, mark };
      await sleep(25);
    }
    throw new Error(`${target} was not shown`);
  };

  const rows = [];
  let page = await onScreen();
  await cdp.send('Page.navigate', { url: `${origin}/` }, page);
  ({ session: page } = await shown('/', 0));
  // Let the home page settle (its script starts after the first paint) before the first hover.
  await sleep(3000);
  const trail = ['/'];
  for (const step of steps) {
    // The first link that a tap at its middle reaches (not one under the call bar or hidden).
    const box = await evaluate(
      page,
      `(() => { for (const a of ${JSON.stringify(step.links)}.flatMap((s) => [...document.querySelectorAll(s)])) {
        a.scrollIntoView({ block: 'center', behavior: 'instant' }); const r = a.getClientRects()[0] ?? a.getBoundingClientRect(); const x = r.left + r.width / 2, y = r.top + r.height / 2;
        if (r.width && document.elementFromPoint(x, y)?.closest('a') === a) return { x, y }; } return null; })()`,
    );
    if (!box) throw new Error(`no link to ${step.to} on ${trail.at(-1)}`);
    await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: box.x, y: box.y }, page);
    await sleep(dwell);
    const before = Date.now() - 1000;
    await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', x: box.x, y: box.y, button: 'left', clickCount: 1 }, page);
    await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x: box.x, y: box.y, button: 'left', clickCount: 1 }, page);
    const { session, mark } = await shown(step.to, before);
    rows.push({ step: `${trail.at(-1)} → ${step.to}`, ms: mark.t1 - mark.t0, how: mark.how });
    page = session;
    trail.push(step.to);
    await sleep(1500);
  }
  for (let i = trail.length - 1; i > 0; i--) {
    // The page may be gone (into the cache) before the answer comes back.
    await evaluate(page, `sessionStorage.setItem('bench.t0', String(performance.timeOrigin + performance.now())); history.back()`).catch(() => {});
    const before = Date.now() - 1000;
    const { session, mark } = await shown(trail[i - 1], before);
    rows.push({ step: `Back ${trail[i]} → ${trail[i - 1]}`, ms: mark.t1 - mark.t0, how: mark.how });
    page = session;
    await sleep(1000);
  }
  return rows;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The same walk measured by this script at commit cc2ca9e, before navigation by the browser
 * (decision 091): src/client/navigate.ts fetched the next page's HTML on hover and swapped it in.
 */
/** This bench run on cc2ca9e's build (its client-side navigation), quiet, median of 3, 2026-11-26. */
export const BEFORE = {
  commit: 'cc2ca9e',
  rows: [
    { step: '/ → /services', 'tap → shown ms': 599, how: 'swapped' },
    { step: '/services → /samsung-tv-repair', 'tap → shown ms': 404, how: 'swapped' },
    { step: '/samsung-tv-repair → /blog', 'tap → shown ms': 476, how: 'swapped' },
    { step: '/blog → /blog/why-is-my-led-tv-not-turning-on', 'tap → shown ms': 382, how: 'swapped' },
    { step: 'Back /blog/why-is-my-led-tv-not-turning-on → /blog', 'tap → shown ms': 962, how: 'swapped' },
    { step: 'Back /blog → /samsung-tv-repair', 'tap → shown ms': 1159, how: 'swapped' },
    { step: 'Back /samsung-tv-repair → /services', 'tap → shown ms': 1267, how: 'swapped' },
    { step: 'Back /services → /', 'tap → shown ms': 1295, how: 'swapped' },
  ],
};

export async function navigation(n = runs) {
  const steps = chain();
  const server = await startSiteServer(port);
  const floor = await startFloorServer(port + 100, steps.map((s) => s.to)).catch(async (error) => {
    await stopServer(server);
    throw error;
  });
  try {
    const samples = [];
    const floorSamples = [];
    // The site and the floor in turn, so that a busy moment of the machine falls on both alike.
    for (let i = 0; i < n; i++) {
      samples.push(await walk(`http://127.0.0.1:${port}`, steps));
      floorSamples.push(await walk(`http://127.0.0.1:${port + 100}`, steps));
    }
    const ms = (rows) => Math.round(median(rows.map((r) => r.ms)));
    const how = (rows) => [...new Set(rows.map((r) => r.how))].join(' / ');
    return samples[0].map((row, i) => {
      const ours = samples.map((s) => s[i]);
      const bare = floorSamples.map((s) => s[i]);
      return { step: row.step, 'tap → shown ms': ms(ours), how: how(ours), 'floor ms': ms(bare), 'floor how': how(bare) };
    });
  } finally {
    await floor.stop();
    await stopServer(server);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`Tap → next page shown, Debian Chromium, ${CPU_SLOWDOWN}x CPU slowdown, Slow 4G, pointer on the link ${dwell} ms before the tap, median of ${runs} runs`);
  console.table(await navigation());
}
