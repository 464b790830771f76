import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Parser } from 'htmlparser2';
import type { Problem } from '#core/content/problems.ts';
import type { Lang, Messages } from '#src/contract/site.ts';
import { pageProblem, type RuleContext } from './site.ts';

/** English shell text found on a Hindi page, and the catalogue key it is the English value of. */
export interface EnglishText {
  text: string;
  key: string;
}

/** Elements whose content is the shell: the same on every page, written in the code, not in content/. */
const SHELL = new Set(['header', 'footer', 'nav', 'dialog', 'form']);
/** Announced attributes of shell elements, checked like text. */
const ATTRS = ['aria-label', 'title', 'placeholder'];
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const HIDDEN = new Set(['script', 'style', 'template', 'svg']);

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** "hi" or "hi-IN": a Hindi page (its <html lang>, read with the page's other facts). */
const isHindi = (lang: string | undefined) => /^hi(?:-[a-z]+)?$/i.test(lang ?? '');

const valuesOf = new WeakMap<Messages, WeakMap<Messages, ReturnType<typeof englishValues>>>();

/** englishValues, made once per pair of catalogues (not once per page). */
function englishValuesOnce(en: Messages, hi: Messages) {
  let byHindi = valuesOf.get(en);
  if (!byHindi) valuesOf.set(en, (byHindi = new WeakMap()));
  let values = byHindi.get(hi);
  if (!values) byHindi.set(hi, (values = englishValues(en, hi)));
  return values;
}

/** English values to look for: those that differ from the Hindi value of the same key; placeholders match anything. */
function englishValues(en: Messages, hi: Messages) {
  const hindi = new Set(Object.values(hi).map(squash));
  const exact = new Map<string, string>();
  const patterns: { re: RegExp; key: string }[] = [];
  for (const [key, raw] of Object.entries(en)) {
    const value = squash(raw);
    if (!value || value === squash(hi[key] ?? '') || hindi.has(value) || !/[A-Za-z]{2}/.test(value.replace(/\{[\w.]+\}/g, ''))) continue;
    if (!value.includes('{')) {
      if (!exact.has(value)) exact.set(value, key);
      continue;
    }
    const parts = value.split(/\{[\w.]+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    patterns.push({ re: new RegExp(`^${parts.join('.+?')}$`), key });
  }
  return { exact, patterns, hindi };
}

/**
 * The English catalogue values in the shell (header, footer, nav, dialog, forms, the widget, the
 * skip link) of one page whose <html lang> is "hi" (or "hi-IN"). Empty for pages in any other language.
 */
export function englishShellText(html: string, en: Messages, hi: Messages): EnglishText[] {
  if (!isHindi(/<html\b[^>]*\blang="([^"]*)"/i.exec(html.slice(0, 2048))?.[1])) return [];
  const { exact, patterns, hindi } = englishValuesOnce(en, hi);
  const found: EnglishText[] = [];
  const match = (raw: string) => {
    const text = squash(raw);
    if (!text || hindi.has(text)) return;
    const key = exact.get(text) ?? patterns.find((p) => p.re.test(text))?.key;
    if (key) found.push({ text, key });
  };
  // A stack of open elements: whether each is (inside) the shell, or hidden.
  const stack: { name: string; shell: boolean; hidden: boolean }[] = [];
  let text = '';
  const flush = () => {
    const top = stack.at(-1);
    if (top?.shell && !top.hidden) match(text);
    text = '';
  };
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        flush();
        const parent = stack.at(-1);
        const shell =
          (parent?.shell ?? false) ||
          SHELL.has(name) ||
          'data-disclosure' in attrs ||
          attrs.id === 'loading-bar' ||
          (name === 'a' && attrs.href === '#main');
        const hidden = (parent?.hidden ?? false) || HIDDEN.has(name);
        if (shell && !hidden) for (const a of ATTRS) if (attrs[a]) match(attrs[a]);
        if (!VOID.has(name)) stack.push({ name, shell, hidden });
      },
      ontext(data) {
        text += data;
      },
      oncomment() {
        // React's text separators (<!-- -->) split one visible string in two: keep it whole.
      },
      onclosetag(name) {
        if (VOID.has(name)) return;
        flush();
        const i = stack.map((e) => e.name).lastIndexOf(name);
        if (i >= 0) stack.length = i;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

/** `site check`: English shell text on Hindi pages, reported against each page's source file. */
export function checkShellLanguage(ctx: RuleContext, catalogues: Record<Lang, Messages> | undefined): Problem[] {
  if (!catalogues) return [];
  const problems: Problem[] = [];
  for (const page of ctx.site.all) {
    if (!isHindi(page.facts.lang)) continue;
    const html = readFileSync(path.join(ctx.site.dist, page.file), 'utf8');
    for (const { text, key } of englishShellText(html, catalogues.en, catalogues.hi)) {
      problems.push(
        pageProblem(ctx, page, {
          rule: 'shell-language',
          message: `English shell text on a Hindi page: ${JSON.stringify(text)} (key ${key})`,
          expected: `the Hindi message ${JSON.stringify(catalogues.hi[key])} (content/messages/hi.yaml)`,
          received: JSON.stringify(text),
          hint: `render it with t('${key}') and the page's catalogue`,
        }),
      );
    }
  }
  return problems;
}
