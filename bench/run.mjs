#!/usr/bin/env node
// `npm run bench [-- name …]`: every benchmark prints its own figures. Without names: sizes and
// Lighthouse (5 runs, medians), the main-thread trace, tap → next page (navigation), scrolling, then the longer benches (build at 1,000 and
// 5,000 long posts beside Astro and Hugo, check beside linkinator, analytics load, bad inputs, floods).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runLighthouse } from './lighthouse.mjs';
import { BUDGETS, scriptsLoaded, staticSizes } from './sizes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const wanted = process.argv.slice(2);
const want = (name) => wanted.length === 0 || wanted.includes(name);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

function section(title) {
  console.log(`\n== ${title}`);
}

if (want('sizes') || want('lighthouse') || want('main-thread') || want('navigation') || want('scroll')) {
  section('Build the site');
  const built = spawnSync(process.execPath, ['cli/bin.mjs', 'build', '--quiet'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

if (want('sizes')) {
  section('Sizes (gzip)');
  const { cssBytes, pages, homeHtml } = staticSizes();
  const { startSiteServer, stopServer } = await import('./serve.mjs');
  const server = await startSiteServer(4181);
  let scripts;
  let dashboardScripts;
  try {
    scripts = await scriptsLoaded('http://127.0.0.1:4181/');
    // The server prints the dashboard's link with its key: the dashboard then loads everything it shows (the chart too).
    const key = /#key=(\S+)/.exec(server.log())?.[1] ?? '';
    dashboardScripts = await scriptsLoaded(`http://127.0.0.1:4181/analytics#key=${key}`);
  } finally {
    await stopServer(server);
  }
  const js = scripts.reduce((n, s) => n + s.gzip, 0);
  console.table([
    { what: 'JavaScript the home page loads', size: kb(js), budget: kb(BUDGETS.homeJs), ok: js <= BUDGETS.homeJs },
    { what: 'JavaScript /analytics loads (with its key, no visits yet: the chart library loads once there are)', size: kb(dashboardScripts.reduce((n, s) => n + s.gzip, 0)), budget: '-', ok: true },
    { what: 'The whole stylesheet (a page inlines its own rules of it)', size: kb(cssBytes), budget: kb(BUDGETS.css), ok: cssBytes <= BUDGETS.css },
    { what: 'Home page HTML, its stylesheet included (gzip -6)', size: kb(homeHtml), budget: kb(BUDGETS.pageHtml), ok: homeHtml <= BUDGETS.pageHtml },
    { what: `Largest page: ${pages[0].page} (gzip -6)`, size: kb(pages[0].gzip), budget: kb(BUDGETS.pageHtml), ok: pages[0].gzip <= BUDGETS.pageHtml },
    { what: `Pages over budget (of ${pages.length})`, size: String(pages.filter((p) => p.gzip > BUDGETS.pageHtml).length), budget: '0', ok: pages.every((p) => p.gzip <= BUDGETS.pageHtml) },
  ]);
  console.table(scripts.map((s) => ({ script: s.url, gzip: kb(s.gzip) })));
}

if (want('lighthouse')) {
  section('Lighthouse, mobile (default emulation, simulated throttling), median of 5 runs');
  const pages = ['/'];
  for (const [p] of [['/samsung-tv-repair'], ['/tv-repair-mansarovar']]) if (existsSync(path.join(root, 'dist', `${p.slice(1)}.html`))) pages.push(p);
  const post = spawnSync('sh', ['-c', 'ls dist/blog/*.html 2>/dev/null | grep -v 404 | head -1'], { cwd: root, encoding: 'utf8' }).stdout.trim();
  if (post) pages.push(`/${post.replace(/^dist\//, '').replace(/\.html$/, '')}`);
  // The Hindi edition: its home, a brand and an area page (issue 14).
  for (const p of ['/hi', '/hi/samsung-tv-repair', '/hi/tv-repair-mansarovar']) if (existsSync(path.join(root, 'dist', `${p.slice(1)}.html`))) pages.push(p);
  console.table(await runLighthouse(pages, 5));
}

if (want('main-thread')) {
  section('Main thread under 4x CPU slowdown (Debian Chromium), median of 5 runs');
  const { mainThread, BEFORE } = await import('./main-thread.mjs');
  console.log(`Before light hydration (${BEFORE.commit}, whole-document hydration, median of 3):`);
  console.table(BEFORE.rows);
  console.log('Now:');
  console.table(await mainThread());
}

if (want('navigation')) {
  section('Tap → next page shown, 4x CPU slowdown, Slow 4G, median of 5 runs');
  const { navigation, BEFORE } = await import('./navigation.mjs');
  console.log(`Before (${BEFORE.commit}: client-side navigation that fetched and swapped the next page's HTML):`);
  console.table(BEFORE.rows);
  console.log('Now:');
  console.table(await navigation());
}

if (want('scroll')) {
  section('Scrolling a phone-sized page: browser threads beside the same page unstyled, median of 5 runs');
  const { scroll } = await import('./scroll.mjs');
  console.table(await scroll());
}

// The build bench at 1,000 long posts, then at 5,000 (peak memory target; skip with BENCH_POSTS=1000).
const BUILD_SIZES = (process.env.BENCH_POSTS ?? '1000,5000').split(',').filter(Boolean);
for (const name of ['build', 'check', 'analytics-load', 'leads-load', 'dashboard-load', 'bad-inputs', 'flood']) {
  const file = path.join(root, 'bench', `${name}.mjs`);
  if (!want(name) || !existsSync(file)) continue;
  for (const args of name === 'build' ? BUILD_SIZES.map((n) => [n]) : [[]]) {
    section(`bench/${name}.mjs ${args.join(' ')}`.trim());
    spawnSync(process.execPath, [file, ...args], { cwd: root, stdio: 'inherit' });
  }
}
