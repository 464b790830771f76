#!/usr/bin/env node
// Build speed on long posts (issue 12), side by side in one run: `site build` cold, again with no
// change, and after a one-post edit, against Astro 5.18 + @astrojs/mdx (bench/astro/, installed here
// on first use, never by the project's npm install) doing the same three, and Hugo (Debian's
// package, when installed or installable) building the same posts cold. Whole-process CPU-seconds
// (user + sys), wall seconds and peak memory, the median of --runs runs. The cold builds start from
// an empty build cache, with the content's pictures and social cards (content/_media/, decision 064)
// as committed; one more row builds without them, as a site whose media were never committed. Two
// rows measure what each build cache saves (docs/architecture.md): a build with no change after
// its page cache (.cache/pages/), or its content cache (.cache/content/), was emptied.
// Usage: node bench/build.mjs [posts=1000] [--runs 1] [--no-peers]
// Targets (issue 37): cold ≤ 0.45x Astro's CPU-seconds; a no-change build and a one-post edit each
// ≤ 0.1x Astro's warm build of the same change (wall); peak memory ≤ 1.5 GiB at 5,000 posts.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { longPost, mdxFile } from './long-posts.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const POSTS = Number(args.find((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--runs') ?? 1000);
const RUNS = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) || 1 : 1;
const PEERS = !args.includes('--no-peers');
const astroDir = path.join(root, 'bench', 'astro');

/** Run a command under /usr/bin/time -v: wall s, CPU s, peak MB, and its stderr. */
function timed(cmd, argv, opts = {}) {
  const res = spawnSync('/usr/bin/time', ['-v', cmd, ...argv], { encoding: 'utf8', maxBuffer: 64 << 20, ...opts });
  const err = res.stderr;
  if (res.status !== 0) {
    process.stderr.write(`${res.stdout.slice(-2000)}\n${err.slice(-4000)}`);
    throw new Error(`${cmd} ${argv.join(' ')} failed (exit ${res.status})`);
  }
  const num = (re) => Number(re.exec(err)?.[1] ?? NaN);
  const [, m = '0', s = '0'] = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:\d+:)?(\d+):([\d.]+)/.exec(err) ?? [];
  return { wall: Number(m) * 60 + Number(s), cpu: num(/User time \(seconds\): ([\d.]+)/) + num(/System time \(seconds\): ([\d.]+)/), mb: Math.round(num(/Maximum resident set size \(kbytes\): (\d+)/) / 1024), err };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function medianOf(label, runs) {
  // Two decimals: a one-post edit costs well under a second, and its ratio to the cold build is a target.
  const row = { build: label, 'CPU s': +median(runs.map((r) => r.cpu)).toFixed(2), 'wall s': +median(runs.map((r) => r.wall)).toFixed(2), 'peak MiB': median(runs.map((r) => r.mb)) };
  const steps = runs.at(-1).err.match(/^ {2}\w+\s+\d+ ms$/gm);
  if (steps) row.steps = steps.map((l) => l.trim().replace(/\s+(\d+) ms/, (_, ms) => ` ${(ms / 1000).toFixed(1)}`)).join(', ');
  return row;
}

function ensureAstro() {
  if (existsSync(path.join(astroDir, 'node_modules', 'astro'))) return true;
  console.log('Installing Astro for the comparison (bench/astro/node_modules, once)…');
  return spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: astroDir, stdio: 'inherit' }).status === 0;
}

function ensureHugo() {
  if (spawnSync('hugo', ['version'], { stdio: 'ignore' }).status === 0) return true;
  if (process.getuid?.() !== 0) return false;
  console.log("Installing Debian's hugo for the comparison (apt-get install hugo)…");
  return spawnSync('apt-get', ['install', '-y', '-qq', 'hugo'], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
}

mkdirSync(path.join(root, 'bench', '.out'), { recursive: true });
const tmp = mkdtempSync(path.join(root, 'bench', '.out', 'build-'));
try {
  const content = path.join(tmp, 'content');
  cpSync(path.join(root, 'content'), content, { recursive: true });
  const posts = Array.from({ length: POSTS }, (_, k) => longPost(k + 1, POSTS));
  for (const p of posts) writeFileSync(path.join(content, 'blog', p.file), mdxFile(p));
  const bytes = posts.reduce((n, p) => n + mdxFile(p).length, 0);
  console.log(`${POSTS} long posts (${(bytes / POSTS / 1024).toFixed(1)} KB each on average), content in ${content}`);

  const rows = [];
  const site = (label, cache, before = () => {}) => {
    const runs = [];
    for (let r = 0; r < RUNS; r++) {
      before(r);
      runs.push(timed(process.execPath, ['cli/bin.mjs', 'build', '--content', content, '--out', path.join(tmp, 'dist')], { cwd: root, env: { ...process.env, SITE_CACHE_DIR: cache(r) } }));
    }
    const row = medianOf(label, runs);
    rows.push(row);
    return row;
  };
  const cold = site('site build, cold', (r) => path.join(tmp, `cache-cold-${r}`));
  const warmCache = path.join(tmp, `cache-cold-${RUNS - 1}`);
  const second = site('site build, no change', () => warmCache);
  const edited = path.join(content, 'blog', posts[Math.floor(POSTS / 2)].file);
  const edit = site('site build, one post edited', () => warmCache, (r) => writeFileSync(edited, `${readFileSync(edited, 'utf8')}\nAn added sentence, edit ${r}.\n`));
  // What each cache saves: the same no-change build with that cache emptied first (it fills it again).
  const pagesOff = site('site build, no change, .cache/pages/ emptied', () => warmCache, () => rmSync(path.join(warmCache, 'pages'), { recursive: true, force: true }));
  const contentOff = site('site build, no change, .cache/content/ emptied', () => warmCache, () => rmSync(path.join(warmCache, 'content'), { recursive: true, force: true }));

  // The pictures and social cards are committed with the content (decision 064); this row is a site that never committed them.
  const media = path.join(content, '_media');
  const kept = path.join(tmp, 'media-kept');
  cpSync(media, kept, { recursive: true });
  site('site build, cold, _media/ empty', (r) => path.join(tmp, `cache-nomedia-${r}`), () => rmSync(media, { recursive: true, force: true }));
  rmSync(media, { recursive: true, force: true });
  cpSync(kept, media, { recursive: true });

  let astro;
  let astroSecond;
  let astroEdit;
  let hugo;
  if (PEERS && ensureAstro()) {
    const blog = path.join(astroDir, 'src', 'content', 'blog');
    rmSync(blog, { recursive: true, force: true });
    mkdirSync(blog, { recursive: true });
    const peerPosts = posts.map((_, k) => longPost(k + 1, POSTS, { placeholders: false }));
    for (const p of peerPosts) writeFileSync(path.join(blog, p.file), mdxFile(p));
    const astroBuild = (label, before) => {
      const runs = [];
      for (let r = 0; r < RUNS; r++) {
        before(r);
        runs.push(timed(path.join(astroDir, 'node_modules', '.bin', 'astro'), ['build', '--silent'], { cwd: astroDir, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } }));
      }
      const row = medianOf(label, runs);
      rows.push(row);
      return row;
    };
    // Cold: none of Astro's caches (its content layer's data store, Vite's); warm: the last cold build's.
    const caches = ['dist', '.astro', 'node_modules/.astro', 'node_modules/.vite'];
    astro = astroBuild('Astro 5.18 + @astrojs/mdx, cold', () => caches.forEach((d) => rmSync(path.join(astroDir, d), { recursive: true, force: true })));
    astroSecond = astroBuild('Astro, no change', () => {});
    const astroEdited = path.join(blog, peerPosts[Math.floor(POSTS / 2)].file);
    astroEdit = astroBuild('Astro, one post edited', (r) => writeFileSync(astroEdited, `${readFileSync(astroEdited, 'utf8')}\nAn added sentence, edit ${r}.\n`));
    rmSync(blog, { recursive: true, force: true });
    rmSync(path.join(astroDir, 'dist'), { recursive: true, force: true });
  }
  if (PEERS && ensureHugo()) {
    const h = path.join(tmp, 'hugo');
    mkdirSync(path.join(h, 'content', 'blog'), { recursive: true });
    mkdirSync(path.join(h, 'layouts', '_default'), { recursive: true });
    writeFileSync(path.join(h, 'hugo.toml'), "baseURL = 'https://bench.example/'\ntitle = 'Bench TV Care'\ndisableKinds = ['taxonomy', 'term']\n");
    writeFileSync(path.join(h, 'layouts', '_default', 'baseof.html'), '<!DOCTYPE html><html lang="en-IN"><head><meta charset="utf-8"><title>{{ .Title }} | Bench TV Care</title><link rel="canonical" href="{{ .Permalink }}"></head><body><header><nav><a href="/">Home</a> <a href="/blog/">Blog</a></nav></header><main>{{ block "main" . }}{{ end }}</main><footer>Bench TV Care</footer></body></html>');
    writeFileSync(path.join(h, 'layouts', '_default', 'single.html'), '{{ define "main" }}<article><p>{{ .Params.category }}</p><h1>{{ .Title }}</h1>{{ .Content }}</article>{{ end }}');
    writeFileSync(path.join(h, 'layouts', '_default', 'list.html'), '{{ define "main" }}<ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}');
    for (const p of posts.map((_, k) => longPost(k + 1, POSTS, { placeholders: false }))) writeFileSync(path.join(h, 'content', 'blog', p.file.replace(/\.mdx$/, '.md')), mdxFile(p));
    const runs = [];
    for (let r = 0; r < RUNS; r++) runs.push(timed('hugo', ['--quiet', '--source', h, '--destination', path.join(h, `public-${r}`)]));
    const version = execFileSync('hugo', ['version'], { encoding: 'utf8' }).match(/v[\d.]+/)?.[0] ?? '';
    hugo = medianOf(`Hugo ${version}, cold`, runs);
    rows.push(hugo);
  }

  console.table(rows);
  const x = (a, b) => (a / b).toFixed(3);
  console.log(`one-post edit / cold: ${x(edit['CPU s'], cold['CPU s'])} of the CPU; no change / cold: ${x(second['CPU s'], cold['CPU s'])}`);
  console.log(`the page cache saves a no-change build ${(pagesOff['CPU s'] - second['CPU s']).toFixed(2)} CPU-s, ${(pagesOff['wall s'] - second['wall s']).toFixed(2)} s wall; the content cache ${(contentOff['CPU s'] - second['CPU s']).toFixed(2)} CPU-s, ${(contentOff['wall s'] - second['wall s']).toFixed(2)} s wall`);
  if (astro) {
    console.log(`site cold / Astro cold: ${x(cold['CPU s'], astro['CPU s'])} of Astro's CPU-seconds (target ≤ 0.45), ${x(cold['wall s'], astro['wall s'])} of its wall time, ${x(cold['peak MiB'], astro['peak MiB'])} of its memory`);
    console.log(`no change / Astro's: ${x(second['wall s'], astroSecond['wall s'])} of its wall time (target ≤ 0.1); one post edited / Astro's: ${x(edit['wall s'], astroEdit['wall s'])} (target ≤ 0.1)`);
    console.log(`without the page cache, no change / Astro's: ${x(pagesOff['wall s'], astroSecond['wall s'])} of its wall time`);
  }
  if (hugo) console.log(`site cold / Hugo cold: ${x(cold['CPU s'], hugo['CPU s'])}x Hugo's CPU-seconds`);
  console.log(`peak memory of the cold build: ${cold['peak MiB']} MiB (target ≤ 1536 at 5,000 posts)`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
