import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { startDevServer, type DevServer } from '#cli/lib/dev/server.ts';
import { projectRoot } from '#cli/lib/paths.ts';
import type { RouteManifest } from '#core/pipeline/prerender.ts';
import { manifestFile } from '#core/pipeline/record.ts';
import { site } from '../support/cli.ts';

const PROJECT_ROOT = projectRoot();

const work = mkdtempSync(path.join(tmpdir(), 'site-dev-'));
const content = path.join(work, 'content');
let dev: DevServer;
/** Each line the dev server logs (a content change it saw, a reload of the content). */
let onLog: (line: string) => void = () => {};

/** The same content built by `site build`, before the dev server opens: a build in this process
 * while the test's keep-alive connections to the dev server sat idle held the event loop past
 * their timeout, and the next request met a socket the server was closing (ECONNRESET). */
const out = path.join(work, 'dist');
let built: { ok: boolean };

beforeAll(async () => {
  cpSync(path.join(PROJECT_ROOT, 'content'), content, { recursive: true });
  const { buildSite } = await import('#core/pipeline/index.ts');
  built = await buildSite({ root: PROJECT_ROOT, contentDir: content, outDir: out });
  dev = await startDevServer({ root: PROJECT_ROOT, contentDir: content, port: 0, host: '127.0.0.1', log: (line) => onLog(line) });
}, 180_000);
afterAll(async () => {
  await dev?.close();
  rmSync(work, { recursive: true, force: true });
});

const get = async (p: string) => {
  const res = await fetch(`${dev.url}${p}`, { redirect: 'manual' });
  return { status: res.status, text: await res.text(), location: res.headers.get('location') };
};
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
/** The about page's title as content/pages.yaml writes it. */
const aboutTitle = () => (parseYaml(readFileSync(path.join(content, 'pages.yaml'), 'utf8')) as { path: string; title: string }[]).find((p) => p.path === '/about')!.title;
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| `);

test('site dev renders pages with Vite (client entry, HMR client) from the content index', async () => {
  const about = await get('/about');
  expect(about.status).toBe(200);
  expect(title(about.text)).toMatch(startsWith(aboutTitle()));
  expect(about.text).toContain('/@vite/client');
  expect(about.text).toContain('data-src="/src/entry-client.tsx"');
  expect(about.text).toContain('<link rel="stylesheet" href="/src/styles.css"/>');
  expect((await get('/no-such-page')).status).toBe(404);
  expect(await get('/about/')).toMatchObject({ status: 301, location: '/about' });
}, 180_000);

test('a content change shows on the next request, without a restart', async () => {
  const file = path.join(content, 'pages.yaml');
  // The server logs the change when its watcher reports it, and drops its content then: the
  // request after that must show the new title.
  const noticed = new Promise<void>((resolve) => {
    onLog = (line) => line.startsWith('changed: ') && line.endsWith('pages.yaml') && resolve();
  });
  const before = aboutTitle();
  writeFileSync(file, readFileSync(file, 'utf8').replace(`title: ${before}`, `title: ${before} (changed)`));
  await noticed;
  expect(title((await get('/about')).text)).toMatch(startsWith(`${before} (changed)`));
});

test('site dev --help', async () => {
  const { code, stdout } = await site('dev', '--help');
  expect(code).toBe(0);
  expect(stdout).toContain('content changes shown without a restart');
  expect((await site('dev', '--port', 'abc')).code).toBe(2);
});

test('site dev shows the pages the build makes: the same processed pictures and social images', async () => {
  expect(built.ok).toBe(true);
  const manifest = JSON.parse(readFileSync(manifestFile(out), 'utf8')) as RouteManifest;
  const post = manifest.routes.find((r) => r.kind === 'post')!;
  const builtHtml = readFileSync(path.join(out, post.file), 'utf8');
  const devHtml = (await get(post.path)).text;
  const pictures = (html: string) => [...new Set(html.match(/\/_img\/[^\s"',]+/g))].sort();
  const socialImage = (html: string) => new URL(/<meta property="og:image" content="([^"]+)"/.exec(html)![1]!).pathname;
  expect(pictures(builtHtml).length).toBeGreaterThan(0);
  expect(pictures(devHtml)).toEqual(pictures(builtHtml));
  expect(socialImage(devHtml)).toBe(socialImage(builtHtml));
  // The picture's variants and the social card answer in dev as they do from dist/.
  const fallback = pictures(devHtml).find((u) => /\.(png|jpe?g)$/.test(u))!;
  const avif = pictures(devHtml).find((u) => u.endsWith('.avif'))!;
  for (const [url, type] of [[fallback, /^image\/(png|jpeg)$/], [avif, /^image\/avif$/], [socialImage(devHtml), /^image\/png$/]] as const) {
    const res = await fetch(`${dev.url}${url}`);
    expect(res.status, url).toBe(200);
    expect(res.headers.get('content-type'), url).toMatch(type);
  }
}, 180_000);

test('site dev and the build give every element of a page the same class names (decision 113)', async () => {
  expect(built.ok).toBe(true);
  const manifest = JSON.parse(readFileSync(manifestFile(out), 'utf8')) as RouteManifest;
  /** Each element of the body with a class attribute: its name and classes, in document order. */
  const classes = (html: string) => {
    const found: string[] = [];
    new Parser({ onopentag: (name, attribs) => void (attribs.class !== undefined && found.push(`${name}.${attribs.class}`)) }).end(html.slice(html.indexOf('<body')));
    return found;
  };
  // One page of each kind, in both languages.
  const routes = [...new Map(manifest.routes.map((r) => [`${r.kind} ${r.lang}`, r])).values()];
  expect(routes.length).toBeGreaterThan(5);
  for (const route of routes) {
    const fromBuild = classes(readFileSync(path.join(out, route.file), 'utf8'));
    expect(fromBuild.length, route.path).toBeGreaterThan(20);
    expect(classes((await get(route.path)).text), route.path).toEqual(fromBuild);
  }
}, 180_000);
