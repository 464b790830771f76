#!/usr/bin/env node
// Benchmark: `site check` against linkinator (with fragment checking) on the same generated site.
//
//   node bench/check.mjs [--pages 1000] [--keep]
//
// Builds the site with 1,000 long posts (bench/long-posts.mjs: about 5 KB of MDX, ten links each,
// four of them to a #section of another post; about 80 KB of HTML a page as built) with `site
// build` in a temp folder, times `site check` on it, then linkinator 7 crawling the same pages from
// `site start --no-build --no-analytics` on localhost with --recurse --check-fragments (concurrency
// 25, retrying errors); anything not on localhost is skipped, so nothing leaves the machine. Over
// HTTP, not in linkinator's local-folder mode: its own server answers 404 for /blog when both
// blog.html and blog/ exist, so it never reached the posts (2,187 of 3,306 links "broken", the
// crawl a fraction of the site). Prints wall and CPU seconds of both and the ratio. Target (issue 23): at least 10x faster than
// linkinator in wall time on these pages, on a 2-core machine.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { longPost, mdxFile } from './long-posts.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const PAGES = arg('pages', 1000);
const keep = process.argv.includes('--keep');

// ---- the site: long posts (bench/long-posts.mjs) built by `site build` --------------------------
const tmp = mkdtempSync(path.join(os.tmpdir(), 'site-check-bench-'));
const dist = path.join(tmp, 'dist');
const content = path.join(tmp, 'content');
const t0 = performance.now();
cpSync(path.join(root, 'content'), content, { recursive: true });
for (let i = 1; i <= PAGES; i++) {
  const p = longPost(i, PAGES);
  writeFileSync(path.join(content, 'blog', p.file), mdxFile(p));
}
const built = spawnSync(process.execPath, ['cli/bin.mjs', 'build', '--quiet', '--content', content, '--out', dist], { cwd: root, encoding: 'utf8', env: { ...process.env, SITE_CACHE_DIR: path.join(tmp, 'cache') } });
if (built.status !== 0) throw new Error(`site build failed: ${built.stderr.slice(-2000)}`);
const htmlFiles = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));
const htmlBytes = htmlFiles.reduce((n, f) => n + statSync(path.join(dist, f)).size, 0);
console.log(`Built ${PAGES} long posts (ten links each, four to #sections) with site build in ${tmp} (${((performance.now() - t0) / 1000).toFixed(1)} s): ${htmlFiles.length} pages, ${(htmlBytes / htmlFiles.length / 1024).toFixed(1)} KB of HTML a page on average`);

// ---- timing ---------------------------------------------------------------------------------
/** Run a command under /usr/bin/time; wall and CPU seconds (user + sys, children included). */
function timed(label, cmd, args) {
  const res = spawnSync('/usr/bin/time', ['-f', '__TIME__ %e %U %S', cmd, ...args], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });
  const m = /__TIME__ ([\d.]+) ([\d.]+) ([\d.]+)/.exec(res.stderr);
  if (!m) throw new Error(`${label} did not run: ${res.stderr.slice(-2000)}`);
  return { wall: Number(m[1]), cpu: Number(m[2]) + Number(m[3]), status: res.status, stdout: res.stdout, stderr: res.stderr };
}

const ours = timed('site check', process.execPath, ['cli/bin.mjs', 'check', dist, '--content', content, '--skip-content', '--json']);
const report = JSON.parse(ours.stdout);
const errors = report.problems.filter((p) => p.severity === 'error');
console.log(`site check   ${ours.wall.toFixed(2)} s wall, ${ours.cpu.toFixed(2)} s CPU  (exit ${ours.status}; ${report.checked.pages} pages, ${report.checked.links} links, ${errors.length} errors, ${report.problems.length - errors.length} warnings; phases ms ${JSON.stringify(report.timings)})`);

const linkinator = path.join(root, 'node_modules', 'linkinator', 'build', 'src', 'cli.js');
// A port no one else is on (another bench may be running beside this one on a shared machine).
const PORT = await new Promise((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});
const server = spawn(process.execPath, ['cli/bin.mjs', 'start', '--no-build', '--no-analytics', '--dist', dist, '--port', String(PORT)], { cwd: root, stdio: 'ignore' });
// Ready when it answers (the bench is not a test: polling a port is fine here).
for (let i = 0; ; i++) {
  if (server.exitCode !== null) throw new Error(`site start exited (${server.exitCode})`);
  if (await fetch(`http://127.0.0.1:${PORT}/`).then((r) => r.ok, () => false)) break;
  if (i > 600) throw new Error('site start did not answer within a minute');
  await new Promise((r) => setTimeout(r, 100));
}
let theirs;
try {
  theirs = timed('linkinator', process.execPath, [
    // Concurrency 25 and --retry-errors: at its default 100, hundreds of good links came back
    // "broken" (status 0) on this machine.
    linkinator, `http://127.0.0.1:${PORT}/`, '--recurse', '--check-fragments', '--concurrency', '25', '--retry-errors', '--timeout', '10000',
    '--skip', '^(?!https?://(localhost|127\\.0\\.0\\.1))', '--format', 'json',
  ]);
} finally {
  server.kill();
}
let summary;
try {
  const out = JSON.parse(theirs.stdout);
  summary = `${out.links.length} links, ${out.links.filter((l) => l.state === 'BROKEN').length} broken`;
} catch {
  summary = `no report: ${(theirs.stdout || theirs.stderr).slice(-400)}`;
}
console.log(`linkinator   ${theirs.wall.toFixed(2)} s wall, ${theirs.cpu.toFixed(2)} s CPU  (exit ${theirs.status}; ${summary})`);
console.log(`ratio        ${(theirs.wall / ours.wall).toFixed(1)}x faster (wall), ${(theirs.cpu / ours.cpu).toFixed(1)}x less CPU`);
console.log(`target       ≥ 10x faster than linkinator (wall): ${theirs.wall / ours.wall >= 10 ? 'met' : 'MISSED'}`);

if (keep) console.log(`kept ${tmp}`);
else rmSync(tmp, { recursive: true, force: true });
