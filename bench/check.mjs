#!/usr/bin/env node
// Benchmark: `site check` against linkinator (with fragment checking) on the same generated site.
//
//   node bench/check.mjs [--pages 2000] [--links 20] [--keep]
//
// Generates a built site (pages, sitemap, route manifest) in a temp folder, times `site check` on
// it, then linkinator 7 in its local-folder mode (it serves the folder on localhost itself) with
// --recurse --clean-urls --check-fragments (concurrency 25, retrying errors); anything not on localhost is skipped, so nothing leaves
// the machine. Prints wall and CPU seconds of both and the ratio. Target (issue 5): site check under
// 3 s for 2,000 pages × 20 links on a 2-core machine, and at least 10x faster than linkinator.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const PAGES = arg('pages', 2000);
const LINKS = arg('links', 20);
const keep = process.argv.includes('--keep');

// ---- the site -------------------------------------------------------------------------------
const tmp = mkdtempSync(path.join(os.tmpdir(), 'site-check-bench-'));
const dist = path.join(tmp, 'dist');
const content = path.join(tmp, 'content');
mkdirSync(path.join(tmp, '.site', 'dist'), { recursive: true });
mkdirSync(path.join(dist, 'assets'), { recursive: true });
mkdirSync(content, { recursive: true });
copyFileSync(path.join(root, 'content', 'site.yaml'), path.join(content, 'site.yaml'));
const site = parse(readFileSync(path.join(content, 'site.yaml'), 'utf8'));
const origin = site.origin;

let seed = 42;
const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
const pick = (arr) => arr[Math.floor(rand() * arr.length)];
const WORDS = 'screen panel backlight power supply board motherboard speaker sound remote smart wifi app update picture colour lines flicker dark noise repair technician visit pickup delivery part genuine quote diagnosis model inch led lcd oled qled jaipur home workshop test customer cable hdmi port input signal firmware software reset voltage capacitor fuse strip driver'.split(' ');
const sentence = () => Array.from({ length: 8 + Math.floor(rand() * 10) }, () => pick(WORDS)).join(' ');
const style = `<style>${'.c{margin:0;padding:0;color:#123456}'.repeat(150)}</style>`; // pages inline their CSS
const business = JSON.stringify({
  '@context': 'https://schema.org', '@type': 'LocalBusiness', '@id': `${origin}/#business`, name: site.business.name,
  url: `${origin}/`, telephone: site.contact.phone, email: site.contact.email,
  address: { '@type': 'PostalAddress', streetAddress: site.address.street, addressLocality: site.address.city, addressRegion: site.address.region, addressCountry: site.address.country, postalCode: site.address.postalCode },
  geo: { '@type': 'GeoCoordinates', latitude: site.geo.latitude, longitude: site.geo.longitude },
  openingHours: `${site.hours.primary.days} ${site.hours.primary.opens}-${site.hours.primary.closes}`, priceRange: site.priceRange,
});
const digits = site.contact.whatsapp.replace(/\D/g, '');
const pathOf = (i) => (i === 0 ? '/' : `/page-${i}`);
const fileOf = (i) => (i === 0 ? 'index.html' : `page-${i}.html`);

const manifest = { origin, routes: [], notFound: [{ dir: '/', file: '404.html' }] };
const t0 = performance.now();
for (let i = 0; i < PAGES; i++) {
  const p = pathOf(i);
  const links = Array.from({ length: LINKS }, (_, k) => {
    const to = pathOf(Math.floor(rand() * PAGES));
    return `<li><a href="${to}${k % 2 ? `#s${1 + (k % 5)}` : ''}">Link ${k}</a></li>`;
  }).join('');
  const sections = Array.from({ length: 5 }, (_, s) => `<section id="s${s + 1}"><h2>Section ${s + 1}</h2><p>${sentence()}. ${sentence()}. ${sentence()}.</p></section>`).join('');
  const html = `<!DOCTYPE html><html lang="en-IN"><head><meta charSet="utf-8"/><title>Page ${i} – ${pick(WORDS)} ${pick(WORDS)} | ${site.business.name}</title>
<meta name="description" content="Page ${i} of the benchmark site: ${sentence()}."/><meta name="robots" content="index, follow"/><link rel="canonical" href="${origin}${p === '/' ? '/' : p}"/>${style}
<script type="application/ld+json">${business}</script></head><body><div id="root"><header><nav><a href="/">Home</a> <a href="#main">Skip</a></nav></header>
<main id="main"><h1>Page ${i}</h1>${sections}<ul>${links}</ul></main>
<footer><a href="tel:${site.contact.phone}">Call</a> <a href="https://wa.me/${digits}?text=Hi">WhatsApp</a> <a href="mailto:${site.contact.email}">Mail</a></footer></div>
<script type="module" src="/assets/app.js"></script></body></html>`;
  writeFileSync(path.join(dist, fileOf(i)), html);
  manifest.routes.push({ path: p, file: fileOf(i), kind: 'brand', source: { file: 'content/pages.yaml', line: 1 }, sitemap: true, noindex: false });
}
writeFileSync(path.join(dist, '404.html'), `<!DOCTYPE html><html><head><title>Page Not Found | ${site.business.name}</title><meta name="description" content="The page you asked for is not on this site. Return to the home page."/><meta name="robots" content="noindex"/></head><body><main><a href="/">Home</a></main></body></html>`);
writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)\n');
// The build's record, beside the site (core/pipeline/record.ts).
writeFileSync(path.join(tmp, '.site', 'dist', 'manifest.json'), JSON.stringify(manifest));
writeFileSync(path.join(dist, 'sitemap.xml'), `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${manifest.routes.map((r) => `<url><loc>${origin}${r.path}</loc></url>`).join('\n')}\n</urlset>\n`);
console.log(`Generated ${PAGES} pages × ${LINKS} internal links in ${tmp} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);

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
const theirs = timed('linkinator', process.execPath, [
  // Concurrency 25 and --retry-errors: at its default 100, linkinator's own local server drops
  // connections on this machine and hundreds of good links come back "broken" (status 0).
  linkinator, dist, '--recurse', '--clean-urls', '--check-fragments', '--concurrency', '25', '--retry-errors', '--timeout', '10000',
  '--skip', '^(?!https?://(localhost|127\\.0\\.0\\.1))', '--format', 'json',
]);
let summary;
try {
  const out = JSON.parse(theirs.stdout);
  summary = `${out.links.length} links, ${out.links.filter((l) => l.state === 'BROKEN').length} broken`;
} catch {
  summary = theirs.stdout.slice(0, 200);
}
console.log(`linkinator   ${theirs.wall.toFixed(2)} s wall, ${theirs.cpu.toFixed(2)} s CPU  (exit ${theirs.status}; ${summary})`);
console.log(`ratio        ${(theirs.wall / ours.wall).toFixed(1)}x faster (wall), ${(theirs.cpu / ours.cpu).toFixed(1)}x less CPU`);
console.log(`target       site check < 3 s: ${ours.wall < 3 ? 'met' : 'MISSED'}; ≥ 10x faster than linkinator: ${theirs.wall / ours.wall >= 10 ? 'met' : 'MISSED'}`);

if (keep) console.log(`kept ${tmp}`);
else rmSync(tmp, { recursive: true, force: true });
