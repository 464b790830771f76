import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { PageFacts } from '#core/content/facts.ts';
import { mayBeFast, parseFast } from '#core/content/mdx/parse-fast.ts';
import { renderMdx } from '#core/content/mdx/render.ts';
import { escapeHeadingIds } from '#core/content/mdx/remark-headings.ts';
import { longPost } from '../../bench/long-posts.mjs';

const facts: PageFacts = {
  prices: { powerSupply: 1499, motherboard: 2499, audio: 999 },
  warranty: '90-day warranty',
  hours: 'Mon–Sat 10:00–19:00',
  phone: '+91 98765 43210',
  years: '12+',
  founded: '2012',
  business: 'Sample TV Care',
  city: 'Jaipur',
};

/** A small deterministic random source (mulberry32), so a failure names a text that comes back. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T,>(xs: readonly T[]): T => xs[int(xs.length)]!;
  return { next, int, pick };
}

const WORDS = ['TV', 'panel', 'Jaipur', 'repair', 'board', 'मरम्मत', 'टीवी', '₹399', 'it’s', '"quoted"', "don't", 'a_b', '(note)', 'end.', 'Q&A', '100%', '#5', 'a|b', 'C++', '!', '?'];
const INLINE = [
  (w: () => string) => `*${w()}*`,
  (w: () => string) => `**${w()} ${w()}**`,
  (w: () => string) => `_${w()}_`,
  (w: () => string) => `__${w()}__`,
  (w: () => string) => `***${w()}***`,
  (w: () => string) => `*${w()} **${w()}** ${w()}*`,
  (w: () => string) => `\`${w()}\``,
  () => `\`\` a\`b \`\``,
  () => '` `',
  () => '`  two  `',
  (w: () => string) => `[${w()} ${w()}](/blog/post-${w().length}#section-${w().length})`,
  (w: () => string) => `[${w()}](/services "The ${w()}")`,
  (w: () => string) => `[*${w()}* \`code\`](/contact)`,
  (w: () => string) => `![${w()} *pic*](/images/a.png)`,
  (w: () => string) => `![${w()}](/images/b.png 'title')`,
  () => '[not a link]',
  () => '[ab] (cd)',
  () => '[empty]()',
  () => '\\*not emphasis\\*',
  () => '\\_ \\[ \\# \\\\ \\{ \\}',
  () => '&amp; &copy; &#35; &#x41; &nope; &ne',
  () => '{phone}',
  () => '{ hours }',
  () => '{price.powerSupply}',
  () => '{warranty}',
  () => '*',
  () => '**',
  () => '_',
  () => '__a',
  () => 'a**b**c x*y',
  () => 'snake_case_word',
  () => '*a _b* c_',
  () => '**a*',
  () => '#',
  () => '|',
  () => '!',
  () => ']',
  () => '[',
  () => '[link with {city}](/areas)',
  () => '[xy](/a\\)b)',
  () => '[xy](/a(b)c)',
  () => '[xy](/a?b=1&amp;c=2)',
  () => '[xx][yy]',
  () => '[foo][]',
  (w: () => string) => `[![${w()}](/images/a.png)](/blog)`,
  (w: () => string) => `**[${w()}](/services)**`,
  (w: () => string) => `[${w()}](/x "a &amp; \\"b\\"")`,
  () => '&#0; &#1234567; &#xFFFFFF; &#x1F4FA;',
  () => '_"quoted"_',
  () => '``a`',
  () => '\\',
  () => '***a** b*',
  () => '*a **b***',
  () => '**a *b***',
];

/** A Markdown text made of the blocks and inline pieces the fast parser takes, in random arrangements. */
function generate(seed: number): string {
  const r = random(seed);
  const word = () => r.pick(WORDS);
  const inlineText = () => {
    const parts: string[] = [];
    const n = 1 + r.int(7);
    // Mostly a word first: a line that starts with `{` is MDX's flow expression, which the fast parser leaves to MDX.
    for (let i = 0; i < n; i++) parts.push(r.next() < (i === 0 ? 0.05 : 0.4) ? r.pick(INLINE)(word) : word());
    let s = parts.join(r.next() < 0.9 ? ' ' : '');
    if (r.next() < 0.1) s += r.pick(['  ', ' ', '\\']);
    return s;
  };
  const lines = (n: number) => Array.from({ length: n }, (_, i) => (i < n - 1 && r.next() < 0.15 ? `${inlineText()}  ` : inlineText())).join('\n');
  const block = (depth: number): string => {
    switch (r.int(depth > 1 ? 6 : 10)) {
      case 0:
      case 1:
        return lines(1 + r.int(3));
      case 2:
        return `${'#'.repeat(1 + r.int(6))} ${inlineText()}${r.next() < 0.2 ? ' ##' : ''}`;
      case 3:
        return `${inlineText()}\n${r.pick(['===', '---', '-'])}`;
      case 4:
        return list(depth);
      case 5:
        return r.pick(['***', '---', '___', '* * *', '- - -']);
      case 6:
        return block(depth + 1)
          .split('\n')
          .map((l, i) => (i > 0 && r.next() < 0.2 ? l : `> ${l}`))
          .join('\n');
      case 7: {
        const info = r.pick(['', 'js', 'text title="a b"', 'sh  ', '\\`x']);
        const body = Array.from({ length: r.int(4) }, () => r.pick(['let a = {b: 1};', '  indented', '', '<p>html</p>', '# not a heading', '{phone}'])).join('\n');
        return `\`\`\`${info}\n${body}${r.next() < 0.9 ? '\n```' : ''}`;
      }
      case 8: {
        const cols = 1 + r.int(4);
        const cell = () => r.pick([word(), `{price.motherboard}`, `**${word()}**`, `a \\| b`, '`x`', '', `[${word()}](/blog)`]);
        const row = (n: number) => {
          const cells = Array.from({ length: n }, cell);
          const edge = r.next() < 0.9;
          return edge ? `| ${cells.join(' | ')} |` : cells.join(' | ');
        };
        const delim = Array.from({ length: cols }, () => r.pick(['---', ':--', '--:', ':-:', '-'])).join(' | ');
        const rows = Array.from({ length: r.int(4) }, () => row(Math.max(1, cols + r.int(3) - 1)));
        return [r.next() < 0.2 ? inlineText() : '', row(cols), r.next() < 0.9 ? `| ${delim} |` : delim, ...rows].filter(Boolean).join('\n');
      }
      default:
        return `${inlineText()}\n${inlineText()}`;
    }
  };
  const list = (depth: number): string => {
    const ordered = r.next() < 0.5;
    const start = r.pick([1, 1, 2, 0, 9]);
    const bullet = r.pick(['-', '*', '+']);
    const delim = r.pick(['.', ')']);
    const items: string[] = [];
    const n = 1 + r.int(4);
    const loose = r.next() < 0.3;
    for (let i = 0; i < n; i++) {
      const marker = ordered ? `${start + i}${r.next() < 0.05 ? ')' : delim} ` : `${r.next() < 0.05 ? '*' : bullet} `;
      const pad = ' '.repeat(marker.length);
      let item = `${marker}${r.next() < 0.1 ? '' : inlineText()}`;
      if (r.next() < 0.25) item += `\n${r.next() < 0.5 ? pad : ''}${inlineText()}`;
      if (depth < 3 && r.next() < 0.25) item += `\n${r.next() < 0.3 ? '\n' : ''}${list(depth + 1).replace(/^/gm, pad)}`;
      if (r.next() < 0.15) item += `\n\n${pad}${inlineText()}`;
      items.push(item);
    }
    return items.join(loose ? '\n\n' : '\n');
  };
  const blocks = Array.from({ length: 1 + r.int(6) }, () => block(0));
  return blocks.reduce((text, b) => text + (text ? r.pick(['\n\n', '\n\n', '\n', '\n\n\n']) : '') + b, '');
}

/** What a reader and the link checker get from a body: its HTML, headings, links and problems. */
function rendered(text: string, exact: boolean) {
  const out = renderMdx(text, facts, exact);
  return { html: out.html, headings: out.headings, links: out.links.map((l) => l.url), issues: out.issues };
}

function bodies(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.mdx'))
    .map((f) => readFileSync(path.join(dir, f), 'utf8'));
}

describe('the fast parser makes the HTML MDX makes', () => {
  // PARSE_FAST_TEXTS=100000 (and PARSE_FAST_SEED) for a longer search by hand.
  const first = Number(process.env.PARSE_FAST_SEED ?? 1);
  const generated = Array.from({ length: Number(process.env.PARSE_FAST_TEXTS ?? 6000) }, (_, i) => generate(first + i));

  test('generated Markdown: the same HTML, headings and links as MDX makes', () => {
    let fast = 0;
    for (const [i, text] of generated.entries()) {
      const source = escapeHeadingIds(text);
      // A text the fast parser leaves to MDX is rendered by MDX either way: nothing to compare.
      if (!parseFast(source)) continue;
      fast++;
      expect(rendered(source, false), `seed ${first + i}:\n${text}`).toEqual(rendered(source, true));
    }
    // The comparison means something only if many texts took the fast parser.
    expect(fast).toBeGreaterThan(generated.length / 3);
  }, 120_000);

  test('long posts with Markdown characters put in and taken out at random places', () => {
    const r = random(7);
    const pieces = ['*', '_', '**', '[', ']', '(', ')', '#', '> ', '- ', '1. ', '|', '!', '\\', '`', '```', '\n', '\n\n', '  \n', ' ', '&amp;', '&', ':', '---', '===', '"', '₹'];
    const posts = Array.from({ length: 40 }, (_, i) => longPost(i + 1, 40).body);
    let fast = 0;
    for (let n = 0; n < 1500; n++) {
      let text = posts[n % posts.length]!;
      for (let k = 0, m = 1 + r.int(6); k < m; k++) {
        const at = r.int(text.length);
        text = r.next() < 0.8 ? text.slice(0, at) + r.pick(pieces) + text.slice(at) : text.slice(0, at) + text.slice(at + 1 + r.int(5));
      }
      const source = escapeHeadingIds(text);
      if (!parseFast(source)) continue;
      fast++;
      expect(rendered(source, false), `mutation ${n}:\n${text}`).toEqual(rendered(source, true));
    }
    expect(fast).toBeGreaterThan(750);
  }, 120_000);

  test('long posts and the site\'s bodies', () => {
    const texts = [...bodies(path.resolve('content')), ...Array.from({ length: 20 }, (_, i) => longPost(i + 1, 20).body)];
    for (const text of texts) expect(rendered(escapeHeadingIds(text), false)).toEqual(rendered(escapeHeadingIds(text), true));
    expect(Array.from({ length: 20 }, (_, i) => parseFast(longPost(i + 1, 20).body)).every(Boolean)).toBe(true);
  });
});

describe('what the fast parser leaves to MDX', () => {
  test.each([
    ['JSX', '<Tip>A tip</Tip>'],
    ['a comparison', 'a < b'],
    ['an unknown placeholder', 'Call {phon}.'],
    ['an expression', 'Sum {1 + 1}'],
    ['a flow expression', 'Call\n{phone}\nnow'],
    ['ESM', 'import x from "y"'],
    ['indented lines', 'para\n\n    not code in MDX'],
    ['an autolink literal', 'See www.example.com'],
    ['an e-mail address', 'Mail shop@example.com'],
    ['strikethrough', '~~old~~ new'],
    ['a footnote', 'Note[^1]\n\n[^1]: text'],
    ['a definition', '[a]\n\n[a]: /x'],
    ['a task list', '- [ ] to do'],
    ['a tab', '-\tone'],
    ['a code span across lines', 'Run `npm\nstart` now'],
    ['an empty list item', '- one\n-\n- three'],
    ['very many backticks', `${'a ` '.repeat(500)}`],
  ])('%s', (_, text) => {
    expect(mayBeFast(text) && parseFast(text)).toBeFalsy();
  });
});
