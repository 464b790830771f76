// The message catalogues (content/messages/*.yaml, decision 080) and their wiring: the loader's
// problems, translate(), every key the code uses exists and every key is used, a page's shell in
// another language renders none of the default language's words, and the `site check` rule that
// says so on built pages. The catalogues are those of the project's content/ and of a second
// business in English and Marathi (tests/fixtures/languages); each expectation is read from them.

import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { LineCounter, parse, parseDocument, type Node as YamlNode } from 'yaml';
import { LoadContext } from '#core/content/context.ts';
import { readMessages, type Catalogues } from '#core/content/messages.ts';
import { formatProblems } from '#core/content/problems.ts';
import { checkShellLanguage, untranslatedShellText } from '#cli/lib/check/shell-language.ts';
import { readPage } from '#cli/lib/check/page.ts';
import { SourceLocator, type RuleContext } from '#cli/lib/check/site.ts';
import { SiteSchema } from '#schemas/site.ts';
import { CallBar, ContactWidget } from '#src/components/contact-widget.tsx';
import { Footer } from '#src/components/footer.tsx';
import { Header } from '#src/components/header.tsx';
import { NewsletterForm } from '#src/pages/blog-index-page.tsx';
import { QuoteDialog } from '#src/components/quote-dialog.tsx';
import { SiteContext } from '#src/components/site-context.tsx';
import type { Lang, Language, Messages, SiteData } from '#src/contract/site.ts';
import { translate } from '#src/i18n/translate.ts';
import { formatDate, hoursText } from '#src/i18n/translate.ts';

const temps: string[] = [];
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A content folder's languages (site.yaml lists them, the default first) and its catalogues, loaded. */
function cataloguesOf(dir: string) {
  const codes = SiteSchema.parse(parse(readFileSync(path.join(dir, 'site.yaml'), 'utf8'))).languages;
  const ctx = new LoadContext(dir, path.dirname(dir));
  const loaded = readMessages(ctx, codes);
  if (!loaded) throw new Error(formatProblems(ctx.problems, ctx.filesChecked));
  return { dir, codes, loaded, messages: loaded.messages as Record<Lang, Messages> };
}
const PROJECT = cataloguesOf(path.resolve('content'));
/** A second business whose other language is translated: its shell shows the rule at work. */
const FIXTURE = cataloguesOf(path.resolve('tests/fixtures/languages/content'));
const CODES = PROJECT.codes;
/** The project's default catalogue, which the code's keys are checked against. */
const catalogues = PROJECT.messages;

/** Every language after the default of the project's content and of the fixture: [label, its set, its code]. */
const OTHERS: [string, ReturnType<typeof cataloguesOf>, Lang][] = [
  ...PROJECT.codes.slice(1).map((code): [string, ReturnType<typeof cataloguesOf>, Lang] => [`content/messages/${code}.yaml`, PROJECT, code]),
  ...FIXTURE.codes.slice(1).map((code): [string, ReturnType<typeof cataloguesOf>, Lang] => [`the fixture's ${code}.yaml`, FIXTURE, code]),
];

/** A content/ holding only the default catalogue and `code`'s, `edit` applied to the latter; the loader's report. */
function report(set: ReturnType<typeof cataloguesOf>, code: Lang, edit: (text: string) => string): { text: string; edited: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'site-messages-'));
  temps.push(root);
  const dir = path.join(root, 'content');
  const [first] = set.codes as [Lang];
  mkdirSync(path.join(dir, 'messages'), { recursive: true });
  cpSync(path.join(set.dir, 'messages', `${first}.yaml`), path.join(dir, 'messages', `${first}.yaml`));
  const own = readFileSync(path.join(set.dir, 'messages', `${code}.yaml`), 'utf8');
  const edited = edit(own);
  expect(edited).not.toBe(own);
  writeFileSync(path.join(dir, 'messages', `${code}.yaml`), edited);
  const ctx = new LoadContext(dir, root);
  expect(readMessages(ctx, [first, code])).toBeUndefined();
  return { text: formatProblems(ctx.problems, ctx.filesChecked), edited };
}

/** line:column of the YAML node at `at` in `text`. */
function positionOf(text: string, at: string[]): { line: number; col: number } {
  const lines = new LineCounter();
  const node = parseDocument(text, { lineCounter: lines }).getIn(at, true) as YamlNode;
  return lines.linePos(node.range![0]);
}
/** The catalogue's messages by dotted key, as written, with their path. */
function leavesOf(text: string): [string, string, string[]][] {
  const out: [string, string, string[]][] = [];
  const walk = (v: unknown, at: string[]) => (typeof v === 'string' ? void out.push([at.join('.'), v, at]) : Object.entries(v as object).forEach(([k, c]) => walk(c, [...at, k])));
  walk(parse(text), []);
  return out;
}
const placeholders = (s: string) => [...new Set([...s.matchAll(/\{([\w.]+)\}/g)].map((m) => `{${m[1]!}}`))].sort().join(' ');

describe('the catalogue loader (core/content/messages.ts)', () => {
  it.each([['the project', PROJECT] as const, ['the fixture', FIXTURE] as const])('loads the catalogues of %s flat, with the same keys', (_, set) => {
    const [first, ...others] = set.codes as [Lang, ...Lang[]];
    const written = Object.fromEntries(leavesOf(readFileSync(path.join(set.dir, 'messages', `${first}.yaml`), 'utf8')).map(([k, v]) => [k, v]));
    expect(set.messages[first]).toEqual(written);
    for (const code of others) expect(Object.keys(set.messages[code]!).sort(), code).toEqual(Object.keys(set.messages[first]!).sort());
    expect(Object.keys(set.messages[first]!).length).toBeGreaterThan(50);
  });

  it.each(OTHERS)('reports a key missing from %s with the file and line, and where the default language has it', (_, set, code) => {
    const [first] = set.codes as [Lang];
    const def = readFileSync(path.join(set.dir, 'messages', `${first}.yaml`), 'utf8');
    const { text, edited } = report(set, code, (own) => own.replace(/^ {2}getAQuote: .*\n/m, ''));
    const at = positionOf(edited, ['nav']);
    const line = def.split('\n').findIndex((l) => /^ {2}getAQuote:/.test(l)) + 1;
    expect(text).toBe(
      `content/messages/${code}.yaml:${at.line}:${at.col}  messages › nav.getAQuote: missing\n` +
        `  expected  the key of content/messages/${first}.yaml:${line} (${JSON.stringify(set.messages[first]!['nav.getAQuote'])})\n` +
        '  got       nothing (the key is missing)\n✖ 1 problem in 1 file (2 files checked)',
    );
  });

  it.each(OTHERS)('reports a changed placeholder in %s', (_, set, code) => {
    const [first] = set.codes as [Lang];
    const own = readFileSync(path.join(set.dir, 'messages', `${code}.yaml`), 'utf8');
    // The first message of the catalogue with a placeholder: its first placeholder renamed.
    const [key, value, at] = leavesOf(own).find(([, v]) => /\{\w+\}/.test(v))!;
    const renamed = value.replace(/\{\w+\}/, '{town}');
    const { text } = report(set, code, (t) => {
      const doc = parseDocument(t);
      doc.setIn(at, renamed);
      return String(doc);
    });
    expect(text.startsWith(`content/messages/${code}.yaml:`)).toBe(true);
    expect(text).toContain(`  messages › ${key}: placeholders differ from content/messages/${first}.yaml\n  expected  ${placeholders(set.messages[first]![key]!)}\n  got       ${placeholders(renamed)} in `);
  });

  it.each(OTHERS)('reports a value that is not text, and a key the default language does not have, in %s', (_, set, code) => {
    const [first] = set.codes as [Lang];
    const { text } = report(set, code, (own) => own.replace(/^( {2}getAQuote:) .*$/m, '$1 42\n  extra: x'));
    expect(text).toContain('messages › nav.getAQuote\n  expected  text (a message)\n  got       42');
    expect(text).toMatch(new RegExp(`content/messages/${code}\\.yaml:\\d+:3 {2}messages › nav\\.extra: not in content/messages/${first}\\.yaml`));
    expect(text).toMatch(/^content\/messages\/[\w-]+\.yaml:\d+:\d+ /);
  });
});

describe('translate()', () => {
  const m: Messages = { 'a.b': 'Repairs in {city} since {founded}', plain: 'Home' };
  it('fills {placeholders} from vars', () => {
    expect(translate(m, 'a.b', { city: 'Old Town', founded: 2013 })).toBe('Repairs in Old Town since 2013');
    expect(translate(m, 'plain')).toBe('Home');
  });
  it('throws on a missing key, naming it, and on a placeholder without a value', () => {
    expect(() => translate(m, 'nav.qoute')).toThrow('Unknown message key "nav.qoute"');
    expect(() => translate(m, 'a.b', { city: 'Old Town' })).toThrow('needs a value for {founded}');
  });
  it('gives dates and hours in a catalogue’s words', () => {
    const words: Messages = {
      'format.date': '{day} {month} {year}', 'format.months.july': 'July', 'format.months.february': 'फ़रवरी',
      'format.time': '{period} {hour}:{minute} बजे', 'format.period.morning': 'सुबह', 'format.period.night': 'रात',
      'format.timeRange': '{opens} से {closes} तक', 'format.hours': '{label}, {range}',
    };
    expect(formatDate('2025-07-03', words)).toBe('3 July 2025');
    expect(formatDate('2025-02-13', words)).toBe('13 फ़रवरी 2025');
    expect(hoursText({ label: 'Monday to Sunday', opens: '08:00', closes: '21:00' }, words)).toBe('Monday to Sunday, सुबह 8:00 बजे से रात 9:00 बजे तक');
  });
  it.each(CODES.map((c) => [`content/messages/${c}.yaml`, catalogues[c]!] as const))(
    'a date and the hours in the words of %s',
    (_, words) => {
      const date = formatDate('2025-02-13', words);
      for (const part of ['13', '2025', words['format.months.february']!]) expect(date).toContain(part);
      const hours = hoursText({ label: 'L', opens: '08:00', closes: '21:00' }, words);
      for (const part of ['L', '8:00', '9:00', words['format.period.morning']!, words['format.period.night']!]) expect(hours).toContain(part);
    },
  );
});

/** Every .ts/.tsx file under `dir`, with its text. */
function sources(dir: string): { file: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) ? [{ file: p, text: readFileSync(p, 'utf8') }] : [];
  });
}

/**
 * Keys of en.yaml no code reads yet, each with the reason. The builders of core/page-data still
 * write these English strings themselves; the Hindi routes (issue 14, other hands) move them onto
 * the catalogue together with the Hindi SiteData.
 */
const NOT_YET_USED: Record<string, string> = {
  'forms.required': 'required fields show an aria-hidden "*" and the native required attribute; no word is written today',
  'forms.quote.loading': 'the quote form is in every page’s HTML since decision 090: nothing loads',
};

describe('the keys the code uses (a static scan of src/)', () => {
  // src/, the builders and steps of core/ that write words with translate() or say(),
  const en = catalogues[CODES[0]!]!;
  // and the loader, which reads the `language` keys each catalogue states its language with.
  const files = [
    ...sources('src'),
    ...[...sources('core/page-data'), ...sources('core/pipeline')].filter(({ text }) => /\b(?:translate|say)\(/.test(text)),
    ...sources('core/content').filter(({ file }) => /(?:messages|bodies)\.ts$/.test(file)),
    // The dashboard's files read dashboard.* without the prefix: scanned below.
  ].filter(({ file }) => !/analytics/.test(file));
  const code = files.map((f) => f.text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')).join('\n');
  /** t('a.b') and translate(messages, 'a.b'): literal keys. */
  const literal = [...code.matchAll(/\b(?:t|translate|say)\(\s*(?:\w+,\s*)?'([^']+)'/g)].map((m) => m[1]!);
  /** Keys built from a template: `about.values.${key}.title` → a pattern. */
  const templates = [...code.matchAll(/`([\w.]*\$\{[^`]*)`/g)]
    .map((m) => m[1]!)
    // A key starts with its group's name ("socialCards.${key}.headline"); "${file}.png" is a file name.
    .filter((s) => /^[a-z]\w*\.[\w.]*$/i.test(s.replace(/\$\{[^}]*\}/g, 'X')) && /^[a-z]/i.test(s))
    .map((s) => new RegExp(`^${s.split(/\$\{[^}]*\}/).map((p) => p.replace(/\./g, '\\.')).join('\\w+')}$`));
  /** Any quoted string naming a key (key tables such as the section titles). */
  const quoted = new Set([...code.matchAll(/'([a-z][\w]*(?:\.[\w]+)+)'/gi)].map((m) => m[1]!));

  it('every literal key passed to t() exists in en.yaml', () => {
    expect(literal.length).toBeGreaterThan(150);
    expect(literal.filter((k) => !(k in en))).toEqual([]);
  });

  it('every key built from a template matches a key of en.yaml', () => {
    expect(templates.filter((re) => !Object.keys(en).some((k) => re.test(k))).map(String)).toEqual([]);
  });

  it('every key of en.yaml is used, or listed with the reason it is not', () => {
    const used = (k: string) => quoted.has(k) || templates.some((re) => re.test(k));
    // The functions' words (functions.*) are read by supabase/functions/: scanned below.
    expect(Object.keys(en).filter((k) => !/^(?:functions|dashboard)\./.test(k) && !used(k) && !(k in NOT_YET_USED))).toEqual([]);
    // The list shrinks as keys are wired: a listed key that is used, or gone, must leave the list.
    expect(Object.keys(NOT_YET_USED).filter((k) => used(k) || !(k in en))).toEqual([]);
  });
});

describe('the keys the owner’s dashboard uses (a static scan of its files)', () => {
  // They read the catalogues' dashboard.* keys without the prefix (src/components/analytics/words.tsx):
  // t('cards.visitors'), and countOf(t, 'count.call', n) for .one and .many.
  const en = catalogues[CODES[0]!]!;
  const code = sources('src')
    .filter(({ file }) => /analytics/.test(file))
    .map((f) => f.text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, ''))
    .join('\n');
  const counted = [...code.matchAll(/\bcountOf\(\s*t,\s*'([^']+)'/g)].flatMap((m) => [`dashboard.${m[1]!}.one`, `dashboard.${m[1]!}.many`]);
  const literal = [...[...code.matchAll(/\bt\(\s*'([^']+)'/g)].map((m) => `dashboard.${m[1]!}`), ...counted];
  const templates = [...code.matchAll(/\bt\(\s*`([\w.]*\$\{[^`]*)`/g)]
    .map((m) => m[1]!)
    .map((t) => new RegExp(`^dashboard\\.${t.split(/\$\{[^}]*\}/).map((p) => p.replace(/\./g, '\\.')).join('\\w+')}$`));
  /** Keys named in tables and conditions: 'key.failed', and the words of a template's blank ('today', 'serviceRequest'). */
  const quoted = new Set([...code.matchAll(/'([a-z]\w*(?:\.\w+)+)'/gi)].map((m) => `dashboard.${m[1]!}`));
  const used = (k: string) => literal.includes(k) || quoted.has(k) || templates.some((re) => re.test(k));

  it('every key it reads exists in en.yaml, and every dashboard.* key of en.yaml is read', () => {
    expect(literal.length).toBeGreaterThan(50);
    expect(literal.filter((k) => !(k in en))).toEqual([]);
    expect(templates.filter((re) => !Object.keys(en).some((k) => re.test(k))).map(String)).toEqual([]);
    expect(Object.keys(en).filter((k) => k.startsWith('dashboard.') && !used(k))).toEqual([]);
  });
});

describe('the keys the functions use (a static scan of supabase/functions/_shared/)', () => {
  // They read the catalogues' functions.* keys without the prefix (FunctionsContent): say('digest.title').
  const en = catalogues[CODES[0]!]!;
  const code = sources('supabase/functions/_shared')
    .map((f) => f.text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, ''))
    .join('\n');
  const literal = [...code.matchAll(/\bsay\(\s*'([^']+)'/g)].map((m) => `functions.${m[1]!}`);
  const templates = [...code.matchAll(/`([\w.]*\$\{[^`]*)`/g)]
    .map((m) => m[1]!)
    .filter((t) => /^[a-z]\w*\.[\w.]*$/i.test(t.replace(/\$\{[^}]*\}/g, 'X')))
    .map((t) => new RegExp(`^functions\\.${t.split(/\$\{[^}]*\}/).map((p) => p.replace(/\./g, '\\.')).join('\\w+')}$`));
  const quoted = new Set([...code.matchAll(/'([a-z]\w*(?:\.\w+)+)'/gi)].map((m) => `functions.${m[1]!}`));
  const used = (k: string) => quoted.has(k) || templates.some((re) => re.test(k));

  it('every key they say exists in en.yaml, and every functions.* key of en.yaml is said', () => {
    expect(literal.length).toBeGreaterThan(10);
    expect(literal.filter((k) => !(k in en))).toEqual([]);
    expect(templates.filter((re) => !Object.keys(en).some((k) => re.test(k))).map(String)).toEqual([]);
    expect(Object.keys(en).filter((k) => k.startsWith('functions.') && !used(k))).toEqual([]);
  });
});

/** A SiteData for tests, in language `lang` of `set`; its link labels are the page names of the catalogue. */
function siteData(set: ReturnType<typeof cataloguesOf>, lang: Lang): SiteData {
  const site = SiteSchema.parse(parse(readFileSync(path.join(set.dir, 'site.yaml'), 'utf8')));
  const messages = set.messages[lang]!;
  const prefix = lang === set.codes[0] ? '' : `/${lang}`;
  return {
    site,
    nav: {
      services: [{ href: '/services#repair', label: translate(messages, 'nav.services') }],
      brands: [{ href: '/acme-repair', label: 'Acme' }],
      areas: [{ href: '/repair-old-town', label: 'Old Town' }],
    },
    contactServices: [{ value: 'Other', label: translate(messages, 'forms.contact.service.other') }],
    subjects: Object.fromEntries(Object.entries(set.messages[set.codes[0]!]!).filter(([k]) => k.startsWith('functions.subject.'))),
    feedTitle: translate(messages, 'blog.feed.title', { business: site.business.name }),
    buildDate: '2025-07-03',
    hrefs: prefix ? { '/about': `${prefix}/about`, '/services': `${prefix}/services`, '/contact': `${prefix}/contact` } : {},
    lang,
    languages: set.loaded.languages,
    messages,
  };
}

/** Render shell components inside the provider they need (the site data). */
function render(set: ReturnType<typeof cataloguesOf>, lang: Lang, children: ReactNode): string {
  return renderToStaticMarkup(createElement(SiteContext.Provider, { value: siteData(set, lang), children }));
}

/** Default-language catalogue text in `html`, read as the `site check` rule reads the shell of a page in `lang`. */
const untranslatedIn = (set: ReturnType<typeof cataloguesOf>, lang: Lang, html: string) =>
  untranslatedShellText(`<html lang="${lang}"><body><header>${html}</header></body></html>`, set.messages[set.codes[0]!]!, set.messages[lang]!);

const SHELL: [string, () => ReactNode][] = [
  ['Header', () => createElement(Header)],
  ['Footer', () => createElement(Footer)],
  ['ContactWidget', () => createElement(ContactWidget)],
  ['CallBar', () => createElement(CallBar)],
  ['QuoteDialog', () => createElement(QuoteDialog)],
  ['NewsletterForm', () => createElement(NewsletterForm)],
];

describe('a page’s shell in another language', () => {
  // The fixture has no blog, hence no newsletter form and none of its words.
  const shellOf = (set: ReturnType<typeof cataloguesOf>) => SHELL.filter(([name]) => set === PROJECT || name !== 'NewsletterForm');
  it.each(OTHERS.flatMap(([label, set, code]) => shellOf(set).map(([name, element]) => [name, label, set, code, element] as const)))(
    '%s renders no default-language catalogue value its own catalogue writes otherwise (%s)',
    (_, __, set, code, element) => {
      expect(untranslatedIn(set, code, render(set, code, element()))).toEqual([]);
    },
  );

  it('the same components in the default language are caught (the detector works)', () => {
    const [first, second] = FIXTURE.codes as [Lang, Lang];
    const found = untranslatedIn(FIXTURE, second, render(FIXTURE, first, shellOf(FIXTURE).map(([name, el]) => createElement('div', { key: name }, el()))));
    for (const key of ['nav.getAQuote', 'forms.quote.submit', 'contactWidget.title', 'footer.quickLinks']) {
      expect(FIXTURE.messages[second]![key], key).not.toBe(FIXTURE.messages[first]![key]);
      expect(found, key).toContainEqual({ text: FIXTURE.messages[first]![key], key });
    }
  });
});

describe('site check: default-language shell text on a page in another language', () => {
  const en = { 'nav.getAQuote': 'Get A Quote', 'nav.home': 'Home', 'forms.fields.name': 'Your name', 'cards.rated': 'Rated {rating} out of {max}', 'common.whatsApp': 'WhatsApp' };
  const hi = { 'nav.getAQuote': 'कोटेशन लें', 'nav.home': 'होम', 'forms.fields.name': 'आपका नाम', 'cards.rated': '{max} में से {rating}', 'common.whatsApp': 'WhatsApp' };
  const page = (lang: string, body: string) => `<!DOCTYPE html><html lang="${lang}"><head><title>x</title></head><body>${body}</body></html>`;
  const language = (code: string, prefix: string): Language => ({ code, prefix, name: code, tag: code, locale: `${code}_IN`, hreflang: `${code}-IN`, dir: 'ltr' });

  it('reports default-language text, labels and announced attributes in the shell of a page in another language', () => {
    const html = page(
      'hi',
      `<header><nav aria-label="Main"><a href="/hi">होम</a> <a role="button">Get A Quote</a></nav></header>
       <main><p>Get A Quote</p><p>Home</p></main>
       <footer><span aria-label="Rated 5 out of 5"></span><a>WhatsApp</a></footer>
       <form><label>Your<!-- --> name</label></form>`,
    );
    expect(untranslatedShellText(html, en, hi)).toEqual([
      { text: 'Get A Quote', key: 'nav.getAQuote' },
      { text: 'Rated 5 out of 5', key: 'cards.rated' },
      { text: 'Your name', key: 'forms.fields.name' },
    ]);
  });

  it('passes translated shells and content text in <main>', () => {
    expect(untranslatedShellText(page('hi', '<header><a>कोटेशन लें</a><a>WhatsApp</a></header><main>Get A Quote</main>'), en, hi)).toEqual([]);
  });

  it('reports against the page’s source file, with the key and the page language’s message; the default language’s pages are not read', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'site-shell-language-'));
    temps.push(dist);
    writeFileSync(path.join(dist, 'hi.html'), page('hi', '<header><a role="button">Get A Quote</a></header>'));
    writeFileSync(path.join(dist, 'index.html'), page('en-IN', '<header><a role="button">Get A Quote</a></header>'));
    // Each page with the facts site check read from it (its <html lang> among them).
    const at = (file: string, p: string, lang: string) => ({ path: p, file, lang, source: { file: 'content/hi/pages.yaml', line: 3 }, facts: readPage(readFileSync(path.join(dist, file))) });
    const ctx = { site: { dist, origin: 'https://x.example', all: [at('hi.html', '/hi', 'hi'), at('index.html', '/', 'en')] }, locate: new SourceLocator(dist) } as unknown as RuleContext;
    const catalogues: Catalogues = { messages: { en, hi }, languages: [language('en', ''), language('hi', '/hi')] } as Catalogues;
    expect(checkShellLanguage(ctx, catalogues)).toEqual([
      {
        file: 'content/hi/pages.yaml',
        line: 3,
        column: 1,
        rule: 'shell-language',
        message: 'shell text of the default language on a page in "hi": "Get A Quote" (key nav.getAQuote)',
        expected: 'its message "कोटेशन लें" (content/messages/hi.yaml)',
        received: '"Get A Quote"',
        hint: "render it with t('nav.getAQuote') and the page's catalogue",
        url: 'https://x.example/hi',
        severity: 'error',
      },
    ]);
  });
  // The built pages of every language pass the rule: `site check` runs it on the project's site in
  // `npm test`, and tests/unit/languages.test.ts on the built fixture.
});
