#!/usr/bin/env node
// Build speed (issue 3): generate N blog posts into a copy of content/, then build it twice through
// `site build --content` (the path a user runs): cold (empty caches) and again with no change.
// Prints wall seconds, CPU-seconds (user + sys of the build process) per 1,000 pages, peak memory.
// Usage: node bench/build.mjs [posts=2000]. Targets: cold ≤ 25 CPU-s per 1,000 posts, second build
// ≤ 1/3 of the cold one, peak memory < 1.5 GB.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const POSTS = Number(process.argv[2] ?? 2000);
const CATEGORIES = ['Troubleshooting', 'Maintenance', 'Comparisons', 'Guides'];
const WORDS = `television panel backlight power board capacitor voltage stabiliser surge remote sensor firmware
update menu picture sound speaker amplifier HDMI port cable signal antenna set-top box Wi-Fi router
app streaming dust heat summer monsoon humidity technician visit pickup delivery warranty quote price
repair replace inspect clean check test measure unplug restart reset screen brightness colour contrast
model series brand Samsung LG Sony Mi OnePlus TCL Panasonic Philips Vu Jaipur home family evening
cricket match news channel weekend living room wall bracket stand ventilation socket extension`.split(/\s+/);

let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = (list) => list[Math.floor(rand() * list.length)];
const sentence = (n = 12 + Math.floor(rand() * 10)) => {
  const words = Array.from({ length: n }, () => pick(WORDS));
  return `${words[0][0].toUpperCase()}${words.join(' ').slice(1)}.`;
};
const paragraph = (n = 4) => Array.from({ length: n }, () => sentence()).join(' ');

/** About 650 words of MDX: headings, paragraphs, lists, a table, placeholders and a link, like the real posts. */
function post(i) {
  const slug = `bench-post-${i}`;
  const date = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
  const category = CATEGORIES[i % 4];
  return `---
id: "${slug}"
slug: ${slug}
title: "Bench post ${i}: ${sentence(6).slice(0, 60)}"
excerpt: "${sentence(18).slice(0, 200)}"
date: "${date}"
author: Bench Writer
category: ${category}
image: { src: /images/blog/${category.toLowerCase()}.svg, alt: An illustration for post ${i}, width: 1200, height: 675 }
meta:
  title: "Bench post ${i}"
  description: "${sentence(20).slice(0, 150)}"
  keywords: [tv repair jaipur, bench ${i}]
---

${paragraph(5)}

## ${sentence(5)}

${paragraph(4)} Call {phone} – we are open {hours}.

- **${pick(WORDS)}:** ${sentence()}
- **${pick(WORDS)}:** ${sentence()}
- **${pick(WORDS)}:** ${sentence()}

## ${sentence(4)}

${paragraph(5)}

| Fault | Sign | From |
| --- | --- | --- |
| Power board | ${sentence(5)} | {price.powerSupply} |
| Main board | ${sentence(5)} | {price.motherboard} |

${paragraph(4)} Every repair has a {warranty}; see [screen repair](/services#screen-repair).

## ${sentence(4)}

${paragraph(6)}
`;
}

function timeBuild(label, content, out, cache) {
  const res = spawnSync('/usr/bin/time', ['-v', process.execPath, 'cli/bin.mjs', 'build', '--content', content, '--out', out], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, SITE_CACHE_DIR: cache },
  });
  const err = res.stderr;
  if (res.status !== 0) {
    process.stderr.write(err);
    process.exit(1);
  }
  const num = (re) => Number(re.exec(err)?.[1] ?? NaN);
  const user = num(/User time \(seconds\): ([\d.]+)/);
  const sys = num(/System time \(seconds\): ([\d.]+)/);
  const [, m = '0', s = '0'] = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:\d+:)?(\d+):([\d.]+)/.exec(err) ?? [];
  const wall = Number(m) * 60 + Number(s);
  const pages = Number(/built (\d+) pages/.exec(err)?.[1] ?? NaN);
  const steps = [...err.matchAll(/^ {2}(\w+)\s+(\d+) ms$/gm)].map((m) => `${m[1]} ${(Number(m[2]) / 1000).toFixed(1)}`).join(', ');
  console.log(`${label}: steps (wall s) ${steps}`);
  return { build: label, pages, 'wall s': wall, 'CPU s': +(user + sys).toFixed(1), 'CPU s / 1,000 posts': +(((user + sys) / POSTS) * 1000).toFixed(1), 'peak MB': Math.round(num(/Maximum resident set size \(kbytes\): (\d+)/) / 1024) };
}

// Inside the project (bench/.out/ is git-ignored): the cached server renderer resolves react from node_modules.
mkdirSync(path.join(root, 'bench', '.out'), { recursive: true });
const tmp = mkdtempSync(path.join(root, 'bench', '.out', 'build-'));
try {
  const content = path.join(tmp, 'content');
  cpSync(path.join(root, 'content'), content, { recursive: true });
  mkdirSync(path.join(content, 'blog'), { recursive: true });
  for (let i = 1; i <= POSTS; i++) writeFileSync(path.join(content, 'blog', `bench-post-${i}.mdx`), post(i));
  const mdx = readdirSync(path.join(content, 'blog')).length;
  console.log(`${POSTS} generated posts (${mdx} MDX files in blog/), content copied to ${content}`);
  const cache = path.join(tmp, 'cache');
  const out = path.join(tmp, 'dist');
  const cold = timeBuild('cold (empty caches)', content, out, cache);
  const warm = timeBuild('second (no change)', content, out, cache);
  console.table([cold, warm]);
  console.log(`second / cold: ${(warm['CPU s'] / cold['CPU s']).toFixed(2)} of the CPU time, ${(warm['wall s'] / cold['wall s']).toFixed(2)} of the wall time`);
  console.log('targets: cold ≤ 25 CPU s per 1,000 posts, second ≤ 0.33 of cold, peak < 1500 MB');
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
