import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { parse, stringify } from 'yaml';
import type { CheckReport } from '#cli/lib/check/index.ts';
import { loadContent } from '#core/content/load.ts';
import { POSTS_PER_PAGE } from '#core/page-data/blog-index.ts';
import { buildSiteIndex } from '#core/page-data/site-index.ts';
import { site } from '../support/cli.ts';

const root = mkdtempSync(path.join(tmpdir(), 'site-blog-index-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

test('a blog long enough for several index pages gives each page its own title and description', async () => {
  const dir = path.join(root, 'content');
  cpSync(path.resolve(import.meta.dirname, '../fixtures/content'), dir, { recursive: true });
  const post = readFileSync(path.join(dir, 'blog', 'cleaning.mdx'), 'utf8');
  for (let i = 0; i < POSTS_PER_PAGE * 2; i++) {
    writeFileSync(path.join(dir, 'blog', `copy-${i}.mdx`), post.replace(/^id: .*$/m, `id: "copy-${i}"`).replace(/^slug: .*$/m, `slug: copy-${i}`).replace(/^ {2}description: (.*)$/m, `  description: Copy ${i}. $1`));
  }
  const loaded = await loadContent(dir, root);
  expect(loaded.problems).toEqual([]);
  const index = buildSiteIndex(loaded.content!, loaded.ctx, '2025-07-03');
  const pages = index.routes.filter((r) => r.data.kind === 'blog-index');
  expect(pages.map((r) => r.path)).toEqual(['/blog', '/blog/page/2', '/blog/page/3']);
  for (const field of ['title', 'description'] as const) expect(new Set(pages.map((r) => r.data.meta[field])).size).toBe(3);
  expect(pages[2]!.data.meta.description).toMatch(/ Page 3 of 3\.$/);
});

test('a second language with a blog of several pages: its index pages under its prefix, linked within it, each with its canonical, alternates to its twin only, in the sitemap; `site check` finds nothing', async () => {
  // The one-language AC shop (tests/fixtures/ac-repair) given the second language of tests/fixtures/languages,
  // its catalogue a copy, its /blog a twin: enough posts for three index pages, and twins of enough for two.
  const languages = path.resolve(import.meta.dirname, '../fixtures/languages/content');
  const [first, code] = (parse(readFileSync(path.join(languages, 'site.yaml'), 'utf8')) as { languages: [string, string] }).languages;
  const project = path.join(root, 'two-languages');
  const dir = path.join(project, 'content');
  cpSync(path.resolve(import.meta.dirname, '../fixtures/ac-repair'), dir, { recursive: true });
  const siteFile = path.join(dir, 'site.yaml');
  writeFileSync(siteFile, `${readFileSync(siteFile, 'utf8').replace(/^languages: .*\n/m, '')}\nlanguages: [${first}, ${code}]\n`);
  const ownLanguage = readFileSync(path.join(languages, 'messages', `${code}.yaml`), 'utf8').match(/^language:\n(?: {2}.*\n?)*/m)![0];
  writeFileSync(path.join(dir, 'messages', `${code}.yaml`), readFileSync(path.join(dir, 'messages', `${first}.yaml`), 'utf8').replace(/^language:\n(?: {2}.*\n?)*/m, ownLanguage));
  const pages = parse(readFileSync(path.join(dir, 'pages.yaml'), 'utf8')) as { path: string; kind: string }[];
  const blog = pages.find((p) => p.kind === 'blog-index')!;
  mkdirSync(path.join(dir, code, 'blog'), { recursive: true });
  writeFileSync(path.join(dir, code, 'pages.yaml'), stringify([blog]));
  const [post] = readdirSync(path.join(dir, 'blog'));
  const text = readFileSync(path.join(dir, 'blog', post!), 'utf8').replace(/^featured: .*\n/m, '');
  const posts = POSTS_PER_PAGE * 2 + 2;
  for (let i = 0; i < posts; i++) {
    const copy = text
      .replace(/^id: .*$/m, `id: "copy-${i}"`)
      .replace(/^slug: .*$/m, `slug: copy-${i}`)
      .replace(/^date: .*$/m, `date: "${new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10)}"`)
      .replace(/^( {2})?title: (.*)$/gm, `$1title: $2 (${i})`)
      .replace(/^ {2}description: (.*)$/m, `  description: Copy ${i}. $1`);
    writeFileSync(path.join(dir, 'blog', `copy-${i}.mdx`), copy);
    if (i >= posts - POSTS_PER_PAGE - 2) writeFileSync(path.join(dir, code, 'blog', `copy-${i}.mdx`), copy);
  }
  const out = path.join(project, 'dist');
  const built = await site('build', '--quiet', '--content', dir, '--out', out);
  expect(built.code, built.stderr).toBe(0);

  const origin = (parse(readFileSync(siteFile, 'utf8')) as { origin: string }).origin;
  const prefix = `/${code}`;
  const html = (p: string) => readFileSync(path.join(out, `${p.slice(1)}.html`), 'utf8');
  const head = (p: string) => ({
    canonical: html(p).match(/<link rel="canonical" href="([^"]+)"/)?.[1],
    alternates: [...html(p).matchAll(/<link rel="alternate" hrefLang="[^"]+" href="([^"]+)"/g)].map((m) => m[1]),
  });
  const [en1, en2, en3, mr1, mr2] = [blog.path, `${blog.path}/page/2`, `${blog.path}/page/3`, `${prefix}${blog.path}`, `${prefix}${blog.path}/page/2`];
  // The second language's pages are its own, no third page: it has posts for two.
  expect(existsSync(path.join(out, `${prefix}${blog.path}/page/3.html`))).toBe(false);
  expect(head(mr2).canonical).toBe(`${origin}${mr2}`);
  expect(head(mr2).alternates).toEqual([`${origin}${en2}`, `${origin}${mr2}`, `${origin}${en2}`]);
  expect(head(en2).alternates).toEqual([`${origin}${en2}`, `${origin}${mr2}`, `${origin}${en2}`]);
  expect(head(en3).alternates).toEqual([]);
  // "Older articles" from its first page leads to its second, "Newer articles" back.
  expect(html(mr1)).toContain(`href="${mr2}"`);
  expect(html(mr2)).toContain(`href="${mr1}"`);
  expect([html(en1).includes(`href="${en2}"`), html(en2).includes(`href="${en3}"`)]).toEqual([true, true]);
  const sitemap = readFileSync(path.join(out, 'sitemap.xml'), 'utf8');
  expect(sitemap).toContain(`<loc>${origin}${mr2}</loc><xhtml:link rel="alternate"`);

  const { code: exit, stdout } = await site('check', out, '--content', dir, '--json');
  expect((JSON.parse(stdout) as CheckReport).problems.filter((p) => p.severity === 'error')).toEqual([]);
  expect(exit).toBe(0);
}, 300_000);
