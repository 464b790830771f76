import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { PostData } from '#src/contract/pages.ts';
import { loadContent } from '#core/content/load.ts';
import { formatProblems } from '#core/content/problems.ts';
import { buildSiteIndex } from '#core/page-data/site-index.ts';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');
const root = mkdtempSync(path.join(tmpdir(), 'site-headings-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The fixture content with the cleaning post's body replaced and a link added to the other post. */
async function load(body: string, link: string, frontMatter = '') {
  const dir = path.join(root, `c${Math.random().toString(36).slice(2)}`);
  cpSync(path.join(fixtures, 'content'), dir, { recursive: true });
  const cleaning = path.join(dir, 'blog', 'cleaning.mdx');
  const [, head] = readFileSync(cleaning, 'utf8').split(/^---$/m);
  writeFileSync(cleaning, `---${head}${frontMatter}---\n\n${body}\n`);
  const other = path.join(dir, 'blog', 'no-picture.mdx');
  writeFileSync(other, `${readFileSync(other, 'utf8')}\nSee [the cleaning guide](${link}).\n`);
  return loadContent(dir, root);
}

/** A catalogue's message, flattened as the loader reads it, its {placeholders} filled. */
function message(file: string, key: string, vars: Record<string, string>): string {
  const text = key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], parse(readFileSync(file, 'utf8'))) as string;
  return text.replace(/\{(\w+)\}/g, (_, k: string) => vars[k]!);
}

const BODY = `Switch the TV off first.

## What you need

A soft cloth.

### Cloths for {price.audio} or less {#cheap-cloths}

Microfibre.

## What you need

Twice, on purpose.`;

describe('article headings get ids, like GitHub, and links to them are checked', () => {
  it('ids from the text (repeats numbered), explicit ids kept, each heading linking to itself', async () => {
    const loaded = await load(BODY, '/blog/how-to-clean-a-tv-screen#what-you-need');
    expect(formatProblems(loaded.problems, loaded.filesChecked)).toMatch(/^✔ no problems/);
    const html = loaded.content!.blog.find((e) => e.data.slug === 'how-to-clean-a-tv-screen')!.rendered!.html;
    expect([...html.matchAll(/<h([23]) id="([^"]+)"/g)].map((m) => `h${m[1]}#${m[2]}`)).toEqual(['h2#what-you-need', 'h3#cheap-cloths', 'h2#what-you-need-1']);
    const label = message(path.join(fixtures, 'content/messages/en.yaml'), 'mdx.headingLink', { heading: 'Cloths for ₹599 or less' });
    expect(html).toContain(`<a href="#cheap-cloths" class="heading-anchor" aria-label="${label}">#</a>`);
  });

  it('a link to a section that is not there is a problem naming the sections there are', async () => {
    const loaded = await load(BODY, '/blog/how-to-clean-a-tv-screen#what-you-ned');
    expect(formatProblems(loaded.problems, loaded.filesChecked)).toContain('did you mean "/blog/how-to-clean-a-tv-screen#what-you-need"?');
  });

  it('`toc: true` gives the article a table of contents of its ## and ### headings', async () => {
    const loaded = await load(BODY, '/blog/how-to-clean-a-tv-screen', 'toc: true\n');
    const index = buildSiteIndex(loaded.content!, loaded.ctx, '2025-07-03');
    const post = index.routes.find((r) => r.path === '/blog/how-to-clean-a-tv-screen')!.data as PostData;
    expect(post.toc).toEqual([
      { depth: 2, id: 'what-you-need', text: 'What you need' },
      { depth: 3, id: 'cheap-cloths', text: 'Cloths for ₹599 or less' },
      { depth: 2, id: 'what-you-need-1', text: 'What you need' },
    ]);
    const other = index.routes.find((r) => r.path === '/blog/why-is-there-sound-but-no-picture')!.data as PostData;
    expect(other.toc).toBeUndefined();
  });

  it('an explicit id inside a code block is left as written', async () => {
    const loaded = await load('```md\n## Not a heading {#nope}\n```', '/blog/how-to-clean-a-tv-screen');
    expect(loaded.content!.blog.find((e) => e.data.slug === 'how-to-clean-a-tv-screen')!.rendered!.html).toContain('## Not a heading {#nope}');
  });
});

describe('a body’s own words are those of its language', () => {
  it('a post and its twin each name their headings’ links and title their callouts with their own catalogue’s words, in one load', async () => {
    // The business in English and Marathi (tests/fixtures/languages), given a post and its twin.
    const dir = path.join(root, 'languages');
    cpSync(path.join(fixtures, 'languages/content'), dir, { recursive: true });
    const { languages } = parse(readFileSync(path.join(dir, 'site.yaml'), 'utf8')) as { languages: [string, string] };
    const [first, second] = languages;
    const post = readFileSync(path.join(fixtures, 'ac-repair/blog/ac-not-cooling.mdx'), 'utf8');
    const headings = { [first]: 'Check the filters', [second]: 'फिल्टर तपासा' };
    for (const code of languages) {
      mkdirSync(path.join(dir, code === first ? '' : code, 'blog'), { recursive: true });
      writeFileSync(path.join(dir, code === first ? '' : code, 'blog/cooling.mdx'), `${post}\n## ${headings[code]}\n\n<Tip>Every month in summer.</Tip>\n`);
    }
    const loaded = await loadContent(dir, root);
    expect(formatProblems(loaded.problems, loaded.filesChecked)).toMatch(/^✔ no problems/);
    const editions = [loaded.content!, ...(loaded.content!.translations ?? [])];
    for (const code of languages) {
      const html = editions.find((e) => e.language.code === code)!.blog.find((e) => e.file.endsWith(`${code === first ? '' : `${code}/`}blog/cooling.mdx`))!.rendered!.html;
      const label = message(path.join(dir, 'messages', `${code}.yaml`), 'mdx.headingLink', { heading: headings[code]! });
      expect(html).toContain(`aria-label="${label}"`);
      // The callout's title too.
      expect(html).toContain(`>${message(path.join(dir, 'messages', `${code}.yaml`), 'mdx.tip', {})}</p>`);
    }
    // No English label on the Marathi page.
    const english = message(path.join(dir, 'messages', `${first}.yaml`), 'mdx.headingLink', { heading: '' }).replace(/[“”"]/g, '').trim();
    const twin = editions.find((e) => e.language.code === second)!.blog.find((e) => e.file.includes(`${second}/blog/`))!.rendered!.html;
    expect(twin).not.toContain(english);
  });
});
