// The content of each language after the default (decision 110): every file of content/<code>/ is
// the twin of the default language's file at the same path, valid under the same schema, with the
// same structure and {placeholders}; content/<code>/site.yaml is a text-only overlay; the catalogues
// have the same keys; and a language written in another script than the default's is written in it,
// unless `site check --go-live` already names the file as not yet translated. Run on the project's
// content/ and on a second business in English and Marathi (tests/fixtures/languages).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { checkGoLive } from '#cli/lib/check/go-live.ts';
import type { Problem } from '#core/content/problems.ts';
import { splitMdx } from '#core/content/front-matter.ts';
import { parseYamlSource } from '#core/content/yaml-source.ts';
import { fileCollections, folderCollections } from '#schemas/collections.ts';
import { SiteSchema } from '#schemas/site.ts';

const root = path.resolve(import.meta.dirname, '../..');
const PROJECT = path.join(root, 'content');
const FIXTURE = path.join(root, 'tests/fixtures/languages/content');

/** A content folder's languages, the default first, from its site.yaml. */
const languagesOf = (dir: string) => SiteSchema.parse(parseYamlSource('site.yaml', readFileSync(path.join(dir, 'site.yaml'), 'utf8')).value).languages;
/** Each language after the default of the project's content/ and of the fixture: [label, content folder, default code, code]. */
const OTHERS: [string, string, string, string][] = [PROJECT, FIXTURE].flatMap((dir) => {
  const [first, ...others] = languagesOf(dir);
  return others.map((code): [string, string, string, string] => [`${path.relative(root, dir)}/${code}`, dir, first!, code]);
});

type Json = unknown;
type Obj = Record<string, Json>;
const isObj = (v: Json): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every file under `dir`, relative to it, "/"-separated, sorted. */
function listFiles(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]))
    .sort();
}

/** A content file read the way the loader reads it: YAML, or front matter + MDX body. */
function readContent(abs: string): { value: Json; body: string; problems: string[] } {
  const file = path.relative(root, abs);
  const text = readFileSync(abs, 'utf8');
  const split = abs.endsWith('.mdx') ? splitMdx(file, text) : { source: parseYamlSource(file, text), body: '' };
  return { value: split.source.value, body: split.body, problems: split.source.problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.message}`) };
}

/** The schema of the English file at `rel` (relative to content/), as the loader picks it. */
function schemaOf(rel: string): z.ZodType | undefined {
  for (const c of Object.values(fileCollections)) if (c.file === rel) return c.schema;
  const dir = path.posix.dirname(rel);
  for (const c of Object.values(folderCollections)) {
    if (c.dir === dir && (c.ext as readonly string[]).includes(path.posix.extname(rel))) return c.schema;
  }
  return undefined;
}

const placeholders = (s: string) => [...new Set([...s.matchAll(/\{([\w.]+)\}/g)].map((m) => m[1]!))].sort();

// ─── Written in its own script ────────────────────────────────────────────────────────────────

/** Scripts a language's name may be written in; a language is written in the script of its own name. */
const SCRIPTS = ['Latin', 'Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Arabic', 'Cyrillic', 'Greek', 'Han', 'Thai'];
const scriptOf = (name: string) => SCRIPTS.find((s) => new RegExp(`\\p{Script=${s}}`, 'u').test(name));
const letters = (s: string, script: string) => (s.match(new RegExp(`\\p{Script=${script}}`, 'gu')) ?? []).length;

/**
 * The words a translation keeps in Latin letters because that is how they are written on the
 * product, the app or the sign: those with a capital letter that the default language's text uses
 * inside a sentence (names: "Samsung", "WhatsApp", "webOS"), the words it only ever writes right
 * after one (a model line's "evo" in "OLED evo"), and the names of the site's brands.
 */
function namesIn(text: string, extra: string[] = []): Set<string> {
  const out = new Set(extra.flatMap((n) => n.split(/\s+/)));
  const afterName = new Map<string, boolean>();
  for (const sentence of text.split(/(?<=[.?!:;।])\s+|\n+/)) {
    const words = sentence.match(/[A-Za-z][\w'’-]*/g) ?? [];
    words.forEach((w, i) => {
      if (/[A-Z]/.test(w)) {
        if (i > 0) out.add(w);
      } else afterName.set(w, (afterName.get(w) ?? true) && i > 0 && /[A-Z]/.test(words[i - 1]!));
    });
  }
  for (const [w, always] of afterName) if (always) out.add(w);
  return out;
}

/**
 * The Latin letters of `s` that are not a placeholder, a link target, a kept name, an acronym or
 * model number (capitals and digits: LED, QN85, UA55, 4K), or an e-mail address; and the letters
 * of `script`.
 */
function stray(s: string, script: string, names: Set<string>): { latin: number; own: number } {
  const stripped = s
    .replace(/\{[\w.]+\}/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[\w.+-]+@[\w.-]+/g, ' ')
    .replace(/[A-Za-z][\w'’-]*/g, (w) => (names.has(w) ? ' ' : w))
    .replace(/\b[A-Z0-9][A-Z0-9-]*s?\b/g, ' ') // LED, QLEDs, QN85, AU, 4K, T-CON
    .replace(/\b\w*\d\w*\b/g, ' '); // 32-inch → 32, Q60, mAh
  return { latin: letters(stripped, 'Latin'), own: letters(stripped, script) };
}
/** True when any sentence of `s` has at least as many stray Latin letters as letters of `script`. */
const mostlyLatin = (s: string, script: string, names: Set<string>) =>
  s.split(/(?<=[।.?!:;])\s+|\n\s*\n/).some((sentence) => {
    const { latin, own } = stray(sentence, script, names);
    return latin > 0 && latin >= own;
  });

describe('mostlyLatin (the check itself)', () => {
  const names = namesIn('Experts in Samsung Crystal UHD, QLED and Neo QLED. We repair the Mi TV 4X and chat on WhatsApp.');
  const hindi = (s: string) => mostlyLatin(s, 'Devanagari', names);
  it('lets kept names, model numbers, acronyms and placeholders through, and catches English', () => {
    for (const w of ['Samsung', 'Crystal', 'Neo', 'Mi', 'WhatsApp']) expect(names.has(w), w).toBe(true);
    expect(names.has('Experts')).toBe(false); // the first word of a sentence is not a name for being capitalised
    expect(hindi('Samsung Crystal UHD, QLED और Neo QLED के विशेषज्ञ')).toBe(false);
    expect(hindi('Samsung')).toBe(false);
    expect(hindi('QLED (Q60 से Q80 सीरीज़)')).toBe(false);
    expect(hindi('{price.powerSupply} से शुरू')).toBe(false);
    expect(hindi('Our technicians repair Samsung TVs')).toBe(true);
    expect(hindi('Backlight रिपेयर')).toBe(true);
    expect(hindi('Get A Quote')).toBe(true);
    expect(hindi('हमारी वर्कशॉप मानसरोवर में है। We come the same day to your home.')).toBe(true);
    expect(hindi('रेटिंग 4.9 है। Mi TV 4X, 5X और 5A आए।')).toBe(false);
    expect(scriptOf('हिन्दी')).toBe('Devanagari');
    expect(scriptOf('English')).toBe('Latin');
  });
});

// ─── Twins ─────────────────────────────────────────────────────────────────────────────────────

/** Keys whose string values are visitor text (translated); every other string must equal the twin's. */
const TEXT_KEYS = new Set([
  'title', 'description', 'name', 'heading', 'lead', 'eyebrow', 'text', 'question', 'answer', 'quote', 'location',
  'service', 'features', 'detail', 'value', 'label', 'address', 'areaServed',
]);

interface Finding {
  at: string;
  problem: string;
}

/** Compare a twin's value with the default language's: same shape; non-text equal; text with the same placeholders. */
function compareTwin(def: Json, own: Json, at: string, textKey: boolean, out: Finding[], texts: [string, string][]) {
  if (Array.isArray(def)) {
    if (!Array.isArray(own) || own.length !== def.length) return void out.push({ at, problem: `a list of ${def.length} like the default language's` });
    def.forEach((v, i) => compareTwin(v, own[i], `${at}[${i}]`, textKey, out, texts));
    return;
  }
  if (isObj(def)) {
    if (!isObj(own)) return void out.push({ at, problem: "an object like the default language's" });
    const keys = [...new Set([...Object.keys(def), ...Object.keys(own)])];
    for (const k of keys) {
      const sub = at ? `${at}.${k}` : k;
      if (!(k in own)) out.push({ at: sub, problem: "missing (the default language's file has it)" });
      else if (!(k in def)) out.push({ at: sub, problem: "not in the default language's file" });
      else compareTwin(def[k], own[k], sub, TEXT_KEYS.has(k), out, texts);
    }
    return;
  }
  if (typeof def === 'string' && textKey && typeof own === 'string') {
    if (JSON.stringify(placeholders(def)) !== JSON.stringify(placeholders(own))) {
      out.push({ at, problem: `placeholders ${JSON.stringify(placeholders(own))}, the default language's ${JSON.stringify(placeholders(def))}` });
    }
    texts.push([at, own]);
    return;
  }
  if (JSON.stringify(def) !== JSON.stringify(own)) out.push({ at, problem: `${JSON.stringify(own)}, the default language's file has ${JSON.stringify(def)}` });
}

/** The files of content/<code>/ but its site.yaml: the twins. */
const twinsOf = (dir: string, code: string) => listFiles(path.join(dir, code)).filter((f) => f !== 'site.yaml' && !f.startsWith('.'));
const TWINS = OTHERS.flatMap(([label, dir, first, code]) => twinsOf(dir, code).map((rel) => [`${label}/${rel}`, dir, first, code, rel] as const));

/** The default-language URL of every page that has a twin in `code`, with its #fragments allowed. */
function pagesWithTwins(dir: string, code: string): Set<string> {
  const paths = new Set<string>();
  for (const rel of twinsOf(dir, code)) {
    const { value } = readContent(path.join(dir, code, rel));
    if (rel === 'pages.yaml' && Array.isArray(value)) for (const p of value) paths.add((p as { path: string }).path);
    const folder = path.posix.dirname(rel);
    const c = Object.values(folderCollections).find((x) => x.dir === folder);
    if (c && isObj(value)) paths.add(`/${String(value.slug)}`);
  }
  return paths;
}

/** The twin at `rel` compared with its file in the default language: findings, and its texts by place. */
function twin(dir: string, code: string, rel: string) {
  const own = readContent(path.join(dir, code, rel));
  const def = readContent(path.join(dir, rel));
  // pages.yaml: only some pages have a twin; each is compared with the entry of its path.
  const defValue = rel === 'pages.yaml' ? (own.value as { path: string }[]).map((p) => (def.value as { path: string }[]).find((e) => e.path === p.path)) : def.value;
  const findings: Finding[] = [];
  const texts: [string, string][] = [];
  compareTwin(defValue, own.value, '', false, findings, texts);
  return { own, def, findings, texts };
}

describe('twins (content/<code>/ of each language after the default)', () => {
  it('there are twins to check: the fixture has some', () => {
    expect(TWINS.filter(([, dir]) => dir === FIXTURE).length).toBeGreaterThan(2);
  });

  it.each(TWINS)('%s: valid under its default-language file’s schema, with its structure and placeholders', (_, dir, __, code, rel) => {
    expect(existsSync(path.join(dir, rel)), `${rel} (the default language's file) exists`).toBe(true);
    const schema = schemaOf(rel);
    expect(schema, `a collection of schemas/collections.ts reads ${rel}`).toBeDefined();
    const { own, def, findings } = twin(dir, code, rel);
    expect(own.problems).toEqual([]);

    const parsed = schema!.safeParse(own.value);
    const issues = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues, `${code}/${rel} against the schema of ${rel}`).toEqual([]);
    expect(findings.map((f) => `${f.at}: ${f.problem}`), `${code}/${rel} against ${rel}`).toEqual([]);

    // Customer names stay as the customers gave them.
    if (rel === 'testimonials.yaml') {
      expect((own.value as Obj[]).map((t) => t.name)).toEqual((def.value as Obj[]).map((t) => t.name));
    }

    // The MDX body: same headings, same placeholders, the same link targets (to the twin for pages that have one).
    if (rel.endsWith('.mdx')) {
      const headings = (b: string) => [...b.matchAll(/^(#{1,6}) /gm)].map((m) => m[1]!.length);
      expect(headings(own.body), 'heading levels of the body').toEqual(headings(def.body));
      expect(placeholders(own.body), 'placeholders of the body').toEqual(placeholders(def.body));
      const withTwin = pagesWithTwins(dir, code);
      const links = (b: string) => [...b.matchAll(/\]\((\/[^)\s]*)\)/g)].map((m) => m[1]!);
      const localised = links(def.body).map((href) => (withTwin.has(href.split('#')[0]!) ? (href === '/' ? `/${code}` : `/${code}${href}`) : href));
      expect(links(own.body), 'links of the body').toEqual(localised);
    }
  });

  it.each(OTHERS)('%s: spells each area in a list as its page does (areas-served, area lists of any order)', (_, dir, __, code) => {
    const twins = twinsOf(dir, code);
    // Each area's name in the language, from the twin of its page.
    const spelling = new Map(
      twins.filter((f) => f.startsWith('areas/')).map((rel) => [(readContent(path.join(dir, rel)).value as { name: string }).name, (readContent(path.join(dir, code, rel)).value as { name: string }).name]),
    );
    // Lists of names in the default language and in the language, in whatever order each is written.
    const lists: [string, { name: string }[], { name: string }[]][] = [];
    if (twins.includes('areas-served.yaml')) lists.push(['areas-served.yaml', readContent(path.join(dir, 'areas-served.yaml')).value as { name: string }[], readContent(path.join(dir, code, 'areas-served.yaml')).value as { name: string }[]]);
    for (const rel of twins.filter((f) => f.startsWith('areas/') || f.startsWith('brands/'))) {
      const def = readContent(path.join(dir, rel)).value as { sections: Obj[] };
      const own = readContent(path.join(dir, code, rel)).value as { sections: Obj[] };
      def.sections.forEach((s, i) => {
        if (s.type === 'areas') lists.push([`${rel} sections[${i}]`, s.items as { name: string }[], own.sections[i]!.items as { name: string }[]]);
      });
    }
    const misspelt = lists.flatMap(([at, def, own]) =>
      def.filter((it) => spelling.has(it.name) && !own.some((o) => o.name === spelling.get(it.name))).map((it) => `${at}: ${it.name} is not listed as ${spelling.get(it.name)!}`),
    );
    expect(misspelt).toEqual([]);
    if (dir === FIXTURE) expect(lists.length * spelling.size).toBeGreaterThan(0);
  });
});

// ─── The site overlay ──────────────────────────────────────────────────────────────────────────

/** Paths of site.yaml whose values are text a visitor reads (labels and prose). */
const OVERLAY_KEYS = [
  /^business\.(description|founder\.role|founder\.bio)$/,
  /^contact\.whatsappText$/,
  /^address\.(street|locality|city|region)$/,
  /^hours\.(primary|alternatives\.\w+)\.label$/,
  /^warranty\.(primary|alternatives\.\w+)\.(label|badge)$/,
  /^socialImage\.alt$/,
];
/** Facts: written once, in content/site.yaml. */
const FACT_KEYS = [
  /^business\.(name|title|sample|founder\.name)$/, /^origin$/, /^contact\.(phone|whatsapp|email)$/, /^address\.(country|postalCode)$/,
  /^geo\./, /^(mapEmbedUrl|reviewUrl|founded|priceRange|version|serviceArea)/, /^hours\..*\.(days|opens|closes)$/, /^hours\.structuredData$/,
  /^warranty\..*\.days$/, /^prices\./, /^stats\./, /^socialImage\.(path|width|height)$/, /^forms\./, /^analytics\./, /^ads\./, /\.usedOn$/,
];

function leaves(v: Json, at = ''): [string, Json][] {
  if (isObj(v)) return Object.entries(v).flatMap(([k, x]) => leaves(x, at ? `${at}.${k}` : k));
  return [[at, v]];
}
function get(v: Json, at: string): Json {
  return at.split('.').reduce<Json>((o, k) => (isObj(o) ? o[k] : undefined), v);
}
function merge(base: Json, over: Json): Json {
  if (!isObj(base) || !isObj(over)) return over;
  return Object.fromEntries([...new Set([...Object.keys(base), ...Object.keys(over)])].map((k) => [k, k in over ? merge(base[k], over[k]) : base[k]]));
}

/** Each overlay content/<code>/site.yaml there is. */
const OVERLAYS = OTHERS.filter(([, dir, , code]) => existsSync(path.join(dir, code, 'site.yaml')));

describe('content/<code>/site.yaml, a text-only overlay', () => {
  const read = (dir: string, code: string) => {
    const own = readContent(path.join(dir, code, 'site.yaml'));
    return { def: readContent(path.join(dir, 'site.yaml')).value, own, entries: leaves(own.value) };
  };

  it('the fixture has one', () => {
    expect(OVERLAYS.some(([, dir]) => dir === FIXTURE)).toBe(true);
  });

  it.each(OVERLAYS)('%s/site.yaml only has text keys of site.yaml, as strings, and no fact', (_, dir, __, code) => {
    const { def, own, entries } = read(dir, code);
    expect(own.problems).toEqual([]);
    const bad = entries.flatMap(([at, v]) => {
      const defValue = get(def, at);
      if (defValue === undefined) return [`${at}: not a key of content/site.yaml`];
      if (typeof v !== 'string' || typeof defValue !== 'string') return [`${at}: not a string in both files`];
      if (FACT_KEYS.some((r) => r.test(at))) return [`${at}: a fact (it stays in content/site.yaml only)`];
      if (!OVERLAY_KEYS.some((r) => r.test(at))) return [`${at}: not a label or prose key`];
      if (JSON.stringify(placeholders(v)) !== JSON.stringify(placeholders(defValue))) return [`${at}: placeholders differ`];
      return [];
    });
    expect(bad).toEqual([]);
    expect(entries.length).toBeGreaterThan(0);
  });

  it.each(OVERLAYS)('%s/site.yaml laid over content/site.yaml still satisfies SiteSchema', (_, dir, __, code) => {
    const { def, own } = read(dir, code);
    const result = SiteSchema.safeParse(merge(def, own.value));
    expect(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
  });
});

// ─── Message catalogues ────────────────────────────────────────────────────────────────────────

describe('message catalogues content/messages/<code>.yaml', () => {
  const read = (dir: string, code: string) => readContent(path.join(dir, 'messages', `${code}.yaml`));
  const both = (dir: string, first: string, code: string) => {
    const def = read(dir, first);
    const own = read(dir, code);
    return { def, own, defLeaves: new Map(leaves(def.value)), ownLeaves: new Map(leaves(own.value)) };
  };

  it.each(OTHERS)('%s: both parse, and hold only non-empty strings under nested keys', (_, dir, first, code) => {
    const { def, own, defLeaves, ownLeaves } = both(dir, first, code);
    expect([...def.problems, ...own.problems]).toEqual([]);
    for (const m of [defLeaves, ownLeaves]) {
      expect([...m].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k)).toEqual([]);
    }
    expect(defLeaves.size).toBeGreaterThan(50);
  });

  it.each(OTHERS)('%s: exactly the default language’s keys', (_, dir, first, code) => {
    const { defLeaves, ownLeaves } = both(dir, first, code);
    expect([...ownLeaves.keys()].filter((k) => !defLeaves.has(k)), `keys only in ${code}.yaml`).toEqual([]);
    expect([...defLeaves.keys()].filter((k) => !ownLeaves.has(k)), `keys only in ${first}.yaml`).toEqual([]);
  });

  it.each(OTHERS)('%s: the same {placeholders} per key', (_, dir, first, code) => {
    const { defLeaves, ownLeaves } = both(dir, first, code);
    const differ = [...defLeaves].filter(([k, v]) => JSON.stringify(placeholders(String(v))) !== JSON.stringify(placeholders(String(ownLeaves.get(k) ?? ''))));
    expect(differ.map(([k]) => k)).toEqual([]);
  });

  it('say at the top of the default catalogue which files the keys come from', () => {
    const head = readFileSync(path.join(PROJECT, 'messages', `${languagesOf(PROJECT)[0]}.yaml`), 'utf8').split('\n').slice(0, 15).join('\n');
    expect(head).toMatch(/^#/);
    expect(head).toContain('src/components');
    expect(head).toContain('core/page-data');
  });
});

// ─── In its own script ─────────────────────────────────────────────────────────────────────────

/** Each language after the default written in another script than the default language: [label, folder, default, code, its script]. */
const OTHER_SCRIPTS = OTHERS.flatMap(([label, dir, first, code]) => {
  const name = (c: string) => String((parseYamlSource('x', readFileSync(path.join(dir, 'messages', `${c}.yaml`), 'utf8')).value as { language: { name: string } }).language.name);
  const [own, def] = [scriptOf(name(code)), scriptOf(name(first))];
  return own && def === 'Latin' && own !== def ? [[label, dir, first, code, own] as const] : [];
});

describe('a language written in another script is written in it', () => {
  it('the fixture’s Marathi is one', () => {
    expect(OTHER_SCRIPTS.some(([, dir]) => dir === FIXTURE)).toBe(true);
  });

  /** The files of `code` that `site check --go-live` names as not yet translated: they are held back there. */
  const untranslated = (dir: string, code: string) =>
    new Set(checkGoLive(dir, path.dirname(dir), {}).problems.filter((p) => p.rule === 'go-live-untranslated').map((p) => path.relative(path.join(path.dirname(dir), path.basename(dir)), path.join(path.dirname(dir), p.file)).split(path.sep).join('/')).filter((f) => f.startsWith(`${code}/`) || f === `messages/${code}.yaml`));
  /** The names of the site's brands: kept as they are written. */
  const brandNames = (dir: string) =>
    existsSync(path.join(dir, 'brands')) ? readdirSync(path.join(dir, 'brands')).map((f) => String((readContent(path.join(dir, 'brands', f)).value as { name?: unknown }).name ?? '')) : [];
  const textOf = (v: Json): string => (typeof v === 'string' ? v : Array.isArray(v) ? v.map(textOf).join('\n') : isObj(v) ? Object.values(v).map(textOf).join('\n') : '');
  /** The kept names of a content folder: read from all its default-language text. */
  const namesOf = (dir: string) => {
    const others = new Set(languagesOf(dir).slice(1));
    const files = listFiles(dir).filter((f) => /\.(ya?ml|mdx)$/.test(f) && !others.has(f.split('/')[0]!) && !f.startsWith('_') && !/^messages\//.test(f));
    const text = files.map((f) => {
      const { value, body } = readContent(path.join(dir, f));
      return `${textOf(value)}\n${body}`;
    });
    return namesIn(text.join('\n'), brandNames(dir));
  };

  it.each(OTHER_SCRIPTS)('%s: no text of a translated twin is mostly Latin letters', (_, dir, __, code, script) => {
    const held = untranslated(dir, code);
    const names = namesOf(dir);
    const found = twinsOf(dir, code)
      .filter((rel) => !held.has(`${code}/${rel}`))
      .flatMap((rel) => {
        const { own, texts } = twin(dir, code, rel);
        // Customer names stay as the customers gave them, in Latin letters.
        const person = (at: string) => (rel === 'testimonials.yaml' && /^\[\d+\]\.name$/.test(at)) || /^sections\[\d+\]\.items\[\d+\]\.name$/.test(at);
        const values = texts.filter(([at, v]) => !person(at) && mostlyLatin(v, script, names)).map(([at, v]) => `${rel} ${at}: ${JSON.stringify(v)}`);
        const paragraphs = own.body.split(/\n\s*\n/).map((p) => p.trim()).filter((p) => p && mostlyLatin(p, script, names)).map((p) => `${rel} body: ${JSON.stringify(p.slice(0, 80))}`);
        return [...values, ...paragraphs];
      });
    expect(found).toEqual([]);
  });

  it.each(OTHER_SCRIPTS)('%s: the catalogue is in it unless go-live holds it back as untranslated (but for the `language` keys other than its name: a tag, a locale, a direction)', (_, dir, first, code, script) => {
    const held = untranslated(dir, code);
    const own = new Map(leaves(readContent(path.join(dir, 'messages', `${code}.yaml`)).value));
    const def = readContent(path.join(dir, 'messages', `${first}.yaml`)).value;
    const names = namesIn(textOf(def), [...namesOf(dir)]);
    const facts = (k: string) => k.startsWith('language.') && k !== 'language.name';
    const latin = [...own].filter(([k, v]) => !facts(k) && mostlyLatin(String(v), script, names)).map(([k, v]) => `${k}: ${String(v)}`);
    // Either the go-live check holds it back as the default language's text, or it is in its script.
    expect(held.has(`messages/${code}.yaml`) || latin.length === 0, latin.slice(0, 10).join('\n')).toBe(true);
  });
});

// ─── The rest of the tooling ───────────────────────────────────────────────────────────────────

describe('the other languages’ content and catalogues under `site check --go-live`', () => {
  it.each(OTHERS)('%s adds to its report only what is untranslated, or what its default-language file holds too', (_, dir, first, code) => {
    const problems = checkGoLive(dir, path.dirname(dir), {}).problems;
    const base = path.basename(dir);
    const theirs = (file: string) => (file.startsWith(`${base}/${code}/`) ? file.replace(`${base}/${code}/`, `${base}/`) : file.replace(`/messages/${code}.yaml`, `/messages/${first}.yaml`));
    const ours = problems.filter((p) => p.file.startsWith(`${base}/${code}/`) || p.file === `${base}/messages/${code}.yaml`);
    const copied = (p: Problem) => problems.some((q) => q.file === theirs(p.file) && q.rule === p.rule);
    expect(ours.filter((p) => p.rule !== 'go-live-untranslated' && !copied(p)).map((p) => `${p.file}:${p.line} ${p.rule} ${p.received ?? ''}`)).toEqual([]);
  });
});
