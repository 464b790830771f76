import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Parser } from 'htmlparser2';
import type { Problem } from '#core/content/problems.ts';
import type { Catalogues } from '#core/content/messages.ts';
import type { Messages } from '#src/contract/site.ts';
import { VOID } from './page.ts';
import { pageProblem, type RuleContext } from './site.ts';

/** Elements whose content is the shell: the same on every page, written in the code, not in content/. */
const SHELL = new Set(['header', 'footer', 'nav', 'dialog', 'form']);
/** Announced attributes of shell elements, checked like text. */
const ATTRS = ['aria-label', 'title', 'placeholder'];
const HIDDEN = new Set(['script', 'style', 'template', 'svg']);

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

const valuesOf = new WeakMap<Messages, { def: Messages; exact: Map<string, string>; patterns: { re: RegExp; key: string }[]; ownValues: Set<string> }>();

/**
 * The default language's values to look for: those that differ from the page language's value of
 * the same key and are words (two letters or more, outside placeholders); placeholders match anything.
 * Made once per catalogue of a page's language (not once per page), again if the default's changes.
 */
function defaultValues(def: Messages, own: Messages) {
  const made = valuesOf.get(own);
  if (made?.def === def) return made;
  const ownValues = new Set(Object.values(own).map(squash));
  const exact = new Map<string, string>();
  const patterns: { re: RegExp; key: string }[] = [];
  for (const [key, raw] of Object.entries(def)) {
    // The `language` keys state the language; the language switch names each language in its own words on purpose.
    if (key.startsWith('language.')) continue;
    const value = squash(raw);
    if (!value || value === squash(own[key] ?? '') || ownValues.has(value) || !/\p{L}{2}/u.test(value.replace(/\{[\w.]+\}/g, ''))) continue;
    if (!value.includes('{')) {
      if (!exact.has(value)) exact.set(value, key);
      continue;
    }
    const parts = value.split(/\{[\w.]+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    patterns.push({ re: new RegExp(`^${parts.join('.+?')}$`), key });
  }
  const values = { exact, patterns, ownValues, def };
  valuesOf.set(own, values);
  return values;
}

/**
 * The default language's catalogue values (`def`) in the shell (header, footer, nav, dialog, forms,
 * the widget, the skip link) of one page of another language, whose catalogue is `own`: each text
 * found, with the catalogue key it is the value of.
 */
export function untranslatedShellText(html: string, def: Messages, own: Messages) {
  const { exact, patterns, ownValues } = defaultValues(def, own);
  const found: { text: string; key: string }[] = [];
  const match = (raw: string) => {
    const text = squash(raw);
    if (!text || ownValues.has(text)) return;
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

/** `site check`: the default language's shell text on pages of another language, reported against each page's source file. */
export function checkShellLanguage(ctx: RuleContext, catalogues: Catalogues | undefined): Problem[] {
  if (!catalogues) return [];
  const [first] = catalogues.languages;
  const problems: Problem[] = [];
  for (const page of ctx.site.all) {
    const own = page.lang === undefined || page.lang === first?.code ? undefined : catalogues.messages[page.lang];
    if (!first || !own) continue;
    const html = readFileSync(path.join(ctx.site.dist, page.file), 'utf8');
    for (const { text, key } of untranslatedShellText(html, catalogues.messages[first.code]!, own)) {
      problems.push(
        pageProblem(ctx, page, {
          rule: 'shell-language',
          message: `shell text of the default language on a page in "${page.lang}": ${JSON.stringify(text)} (key ${key})`,
          expected: `its message ${JSON.stringify(own[key])} (content/messages/${page.lang}.yaml)`,
          received: JSON.stringify(text),
          hint: `render it with t('${key}') and the page's catalogue`,
        }),
      );
    }
  }
  return problems;
}
