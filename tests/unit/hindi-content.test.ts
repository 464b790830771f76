// The Hindi edition's content (docs/decisions/080-hindi-content-layout.md): every file of content/hi/
// is the twin of the English file at the same path, valid under the same schema, with the same
// structure and {placeholders}; content/hi/site.yaml is a text-only overlay; the two message
// catalogues have the same keys. And the Hindi is Hindi: no value is mostly Latin letters.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { checkGoLive } from '#cli/lib/check/go-live.ts';
import { splitMdx } from '#core/content/front-matter.ts';
import { parseYamlSource } from '#core/content/yaml-source.ts';
import { fileCollections, folderCollections } from '#schemas/collections.ts';
import { SiteSchema } from '#schemas/site.ts';

const root = path.resolve(import.meta.dirname, '../..');
const content = path.join(root, 'content');
const hiDir = path.join(content, 'hi');

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

// ─── Hindi, not English ────────────────────────────────────────────────────────────────────────

/** Words kept in Latin letters because that is how they are printed on the product or the app. */
const LATIN_WORDS = [
  // brands and the business name
  'Jaipur TV Care', 'Samsung', 'Sony', 'Bravia', 'Mi', 'Xiaomi', 'Redmi', 'Vu', 'Televisions', 'OnePlus', 'Panasonic', 'Philips',
  'Videocon', 'Realme', 'Kodak', 'Thomson', 'iFFalcon', 'Intex', 'Motorola', 'Sansui', 'WhatsApp', 'Google Maps',
  'Netflix', 'YouTube', 'Prime Video',
  // product lines, platforms and features as printed
  'Crystal', 'Neo', 'The Frame', 'The Serif', 'One Connect', 'Tizen', 'webOS', 'Android', 'Google', 'PatchWall', 'NanoCell',
  'Magic Remote', 'evo', 'Premium', 'GloLED', 'Masterpiece', 'Cinema', 'Series', 'Full HD', 'HD Ready', 'Mini LED', 'mini-LED',
  'Acoustic Surface Audio', 'Pixel Refresher', 'T-con', 'eMMC',
];
const LATIN_RE = new RegExp(`(?<![A-Za-z])(${LATIN_WORDS.map((w) => w.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')).sort((a, b) => b.length - a.length).join('|')})(?![A-Za-z])`, 'g');

/**
 * The Latin letters of `s` that are not a placeholder, a link target, an allowed product word, an
 * acronym or model number (capitals and digits: LED, QN85, UA55, 4K), or an e-mail address.
 */
function strayLatin(s: string): { latin: number; devanagari: number } {
  const stripped = s
    .replace(/\{[\w.]+\}/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[\w.+-]+@[\w.-]+/g, ' ')
    .replace(LATIN_RE, ' ')
    .replace(/\b[A-Z0-9][A-Z0-9-]*s?\b/g, ' ') // LED, QLEDs, QN85, AU, 4K, T-CON
    .replace(/\b\w*\d\w*\b/g, ' '); // 32-inch → 32, Q60, mAh
  return { latin: (stripped.match(/[A-Za-z]/g) ?? []).length, devanagari: (stripped.match(/[\u0900-\u097F]/g) ?? []).length };
}
/** True when any sentence of `s` has at least as many stray Latin letters as Devanagari ones. */
const mostlyLatin = (s: string) =>
  s.split(/(?<=[।.?!:;])\s+|\n\s*\n/).some((sentence) => {
    const { latin, devanagari } = strayLatin(sentence);
    return latin > 0 && latin >= devanagari;
  });

describe('strayLatin (the check itself)', () => {
  it('lets brand names, model numbers, acronyms and placeholders through, and catches English', () => {
    expect(mostlyLatin('Samsung Crystal UHD, QLED और Neo QLED के विशेषज्ञ')).toBe(false);
    expect(mostlyLatin('Samsung')).toBe(false);
    expect(mostlyLatin('QLED (Q60 से Q80 सीरीज़)')).toBe(false);
    expect(mostlyLatin('{price.powerSupply} से शुरू')).toBe(false);
    expect(mostlyLatin('Our technicians repair Samsung TVs')).toBe(true);
    expect(mostlyLatin('Backlight रिपेयर')).toBe(true);
    expect(mostlyLatin('Get A Quote')).toBe(true);
    expect(mostlyLatin('हमारी वर्कशॉप मानसरोवर में है। We come the same day to your home.')).toBe(true);
    expect(mostlyLatin('रेटिंग 4.9 है। Mi TV 4X, 5X और 5A आए।')).toBe(false);
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

/** Compare a Hindi value with its English twin: same shape; non-text equal; text with the same placeholders, and Hindi. */
function compareTwin(en: Json, hi: Json, at: string, textKey: boolean, out: Finding[], personName: (at: string) => boolean) {
  if (Array.isArray(en)) {
    if (!Array.isArray(hi) || hi.length !== en.length) return void out.push({ at, problem: `a list of ${en.length} like the English twin` });
    en.forEach((v, i) => compareTwin(v, hi[i], `${at}[${i}]`, textKey, out, personName));
    return;
  }
  if (isObj(en)) {
    if (!isObj(hi)) return void out.push({ at, problem: 'an object like the English twin' });
    const keys = [...new Set([...Object.keys(en), ...Object.keys(hi)])];
    for (const k of keys) {
      const sub = at ? `${at}.${k}` : k;
      if (!(k in hi)) out.push({ at: sub, problem: 'missing (the English twin has it)' });
      else if (!(k in en)) out.push({ at: sub, problem: 'not in the English twin' });
      else compareTwin(en[k], hi[k], sub, TEXT_KEYS.has(k), out, personName);
    }
    return;
  }
  if (typeof en === 'string' && textKey && typeof hi === 'string') {
    if (JSON.stringify(placeholders(en)) !== JSON.stringify(placeholders(hi))) {
      out.push({ at, problem: `placeholders ${JSON.stringify(placeholders(hi))}, English ${JSON.stringify(placeholders(en))}` });
    }
    if (!personName(at) && mostlyLatin(hi)) out.push({ at, problem: `mostly Latin letters: ${JSON.stringify(hi)}` });
    return;
  }
  if (JSON.stringify(en) !== JSON.stringify(hi)) out.push({ at, problem: `${JSON.stringify(hi)}, the English twin has ${JSON.stringify(en)}` });
}

const hiFiles = listFiles(hiDir);
const twins = hiFiles.filter((f) => f !== 'site.yaml');

/** The English URL of every page that has a Hindi twin, with its #fragments allowed. */
function pagesWithTwins(): Set<string> {
  const paths = new Set<string>();
  for (const rel of twins) {
    const { value } = readContent(path.join(hiDir, rel));
    if (rel === 'pages.yaml' && Array.isArray(value)) for (const p of value) paths.add((p as { path: string }).path);
    const dir = path.posix.dirname(rel);
    const c = Object.values(folderCollections).find((x) => x.dir === dir);
    if (c && isObj(value)) paths.add(`/${String(value.slug)}`);
  }
  return paths;
}

describe('Hindi twins (content/hi/)', () => {
  it('has the twins the Hindi edition needs', () => {
    const areas = listFiles(path.join(content, 'areas')).filter((f) => f.endsWith('.mdx')).map((f) => `areas/${f}`);
    const brands = ['samsung', 'lg', 'sony', 'mi', 'vu'].map((b) => `brands/${b}.mdx`);
    const files = ['pages.yaml', 'services.yaml', 'testimonials.yaml', 'faqs.yaml', 'areas-served.yaml', 'site.yaml'];
    expect(hiFiles.filter((f) => !f.startsWith('.'))).toEqual([...files, ...areas, ...brands].sort());
  });

  it.each(twins)('%s: valid under its English twin’s schema, with its structure and placeholders', (rel) => {
    const enAbs = path.join(content, rel);
    expect(existsSync(enAbs), `content/${rel} (the English twin) exists`).toBe(true);
    const schema = schemaOf(rel);
    expect(schema, `a collection of schemas/collections.ts reads content/${rel}`).toBeDefined();
    const hi = readContent(path.join(hiDir, rel));
    const en = readContent(enAbs);
    expect(hi.problems).toEqual([]);

    const parsed = schema!.safeParse(hi.value);
    const issues = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues, `content/hi/${rel} against the schema of content/${rel}`).toEqual([]);

    // pages.yaml: only some pages have a Hindi twin; each is compared with the English entry of its path.
    let enValue = en.value;
    if (rel === 'pages.yaml') {
      const hiPaths = (hi.value as { path: string }[]).map((p) => p.path);
      expect(hiPaths).toEqual(['/', '/services', '/about', '/contact', '/testimonials', '/privacy-policy']);
      enValue = hiPaths.map((p) => (en.value as { path: string }[]).find((e) => e.path === p));
    }
    // Customer names stay as the customers gave them, in Latin letters: the `name` of a review.
    const reviews = isObj(hi.value) && Array.isArray(hi.value.sections) ? (hi.value.sections as Obj[]) : [];
    const personName = (at: string) =>
      (rel === 'testimonials.yaml' && /^\[\d+\]\.name$/.test(at)) ||
      reviews.some((s, i) => s.type === 'testimonials' && new RegExp(`^sections\\[${i}\\]\\.items\\[\\d+\\]\\.name$`).test(at));
    const findings: Finding[] = [];
    compareTwin(enValue, hi.value, '', false, findings, personName);
    expect(findings.map((f) => `${f.at}: ${f.problem}`), `content/hi/${rel} against content/${rel}`).toEqual([]);

    // Customer names stay as they are.
    if (rel === 'testimonials.yaml') {
      expect((hi.value as Obj[]).map((t) => t.name)).toEqual((en.value as Obj[]).map((t) => t.name));
    }

    // The MDX body: same headings, same placeholders, the same link targets (with /hi for pages that have a twin), Hindi text.
    if (rel.endsWith('.mdx')) {
      const headings = (b: string) => [...b.matchAll(/^(#{1,6}) /gm)].map((m) => m[1]!.length);
      expect(headings(hi.body), 'heading levels of the body').toEqual(headings(en.body));
      expect(placeholders(hi.body), 'placeholders of the body').toEqual(placeholders(en.body));
      const withTwin = pagesWithTwins();
      const links = (b: string) => [...b.matchAll(/\]\((\/[^)\s]*)\)/g)].map((m) => m[1]!);
      const localised = links(en.body).map((href) => (withTwin.has(href.split('#')[0]!) ? (href === '/' ? '/hi' : `/hi${href}`) : href));
      expect(links(hi.body), 'links of the body').toEqual(localised);
      const paragraphs = hi.body.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
      expect(paragraphs.filter(mostlyLatin), 'paragraphs of the body in Latin letters').toEqual([]);
    }
  });

  it('spells each area the same way everywhere (areas-served, area pages, area lists)', () => {
    const pairs = new Map<string, Set<string>>();
    const add = (en: string, hi: string) => pairs.set(en, (pairs.get(en) ?? new Set()).add(hi));
    const served = (f: string) => readContent(path.join(f, 'areas-served.yaml')).value as { name: string }[];
    served(content).forEach((a, i) => add(a.name, served(hiDir)[i]!.name));
    for (const rel of twins.filter((f) => f.startsWith('areas/') || f.startsWith('brands/'))) {
      const en = readContent(path.join(content, rel)).value as { name: string; sections: Obj[] };
      const hi = readContent(path.join(hiDir, rel)).value as { name: string; sections: Obj[] };
      if (rel.startsWith('areas/')) add(en.name, hi.name);
      en.sections.forEach((s, i) => {
        if (s.type !== 'areas') return;
        (s.items as { name: string }[]).forEach((it, j) => add(it.name, (hi.sections[i]!.items as { name: string }[])[j]!.name));
      });
    }
    const twoSpellings = [...pairs].filter(([, his]) => his.size > 1).map(([en, his]) => `${en}: ${[...his].join(' / ')}`);
    expect(twoSpellings).toEqual([]);
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

describe('content/hi/site.yaml, a text-only overlay', () => {
  const read = () => {
    const hi = readContent(path.join(hiDir, 'site.yaml'));
    return { en: readContent(path.join(content, 'site.yaml')).value, hi, entries: leaves(hi.value) };
  };

  it('only has text keys of site.yaml, as strings, and no fact', () => {
    const { en, hi, entries } = read();
    expect(hi.problems).toEqual([]);
    const bad = entries.flatMap(([at, v]) => {
      const enValue = get(en, at);
      if (enValue === undefined) return [`${at}: not a key of content/site.yaml`];
      if (typeof v !== 'string' || typeof enValue !== 'string') return [`${at}: not a string in both files`];
      if (FACT_KEYS.some((r) => r.test(at))) return [`${at}: a fact (it stays in content/site.yaml only)`];
      if (!OVERLAY_KEYS.some((r) => r.test(at))) return [`${at}: not a label or prose key`];
      if (JSON.stringify(placeholders(v)) !== JSON.stringify(placeholders(enValue))) return [`${at}: placeholders differ`];
      if (mostlyLatin(v)) return [`${at}: mostly Latin letters`];
      return [];
    });
    expect(bad).toEqual([]);
    expect(entries.length).toBeGreaterThan(10);
  });

  it('laid over content/site.yaml, still satisfies SiteSchema', () => {
    const { en, hi } = read();
    const result = SiteSchema.safeParse(merge(en, hi.value));
    expect(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
  });
});

// ─── Message catalogues ────────────────────────────────────────────────────────────────────────

describe('message catalogues content/messages/{en,hi}.yaml', () => {
  const read = (lang: string) => readContent(path.join(content, 'messages', `${lang}.yaml`));
  const en = read('en');
  const hi = read('hi');
  const enLeaves = new Map(leaves(en.value));
  const hiLeaves = new Map(leaves(hi.value));

  it('parse, and hold only non-empty strings under nested keys', () => {
    expect([...en.problems, ...hi.problems]).toEqual([]);
    for (const m of [enLeaves, hiLeaves]) {
      expect([...m].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k)).toEqual([]);
    }
    expect(enLeaves.size).toBeGreaterThan(200);
  });

  it('have exactly the same keys', () => {
    expect([...hiLeaves.keys()].filter((k) => !enLeaves.has(k)), 'keys only in hi.yaml').toEqual([]);
    expect([...enLeaves.keys()].filter((k) => !hiLeaves.has(k)), 'keys only in en.yaml').toEqual([]);
  });

  it('have the same {placeholders} per key', () => {
    const differ = [...enLeaves].filter(([k, v]) => JSON.stringify(placeholders(String(v))) !== JSON.stringify(placeholders(String(hiLeaves.get(k) ?? ''))));
    expect(differ.map(([k]) => k)).toEqual([]);
  });

  it('keep the lead subjects (data for the owner) out', () => {
    expect([...enLeaves.values()].filter((v) => /from Website|Form Submission/i.test(String(v)))).toEqual([]);
  });

  it('are Hindi in hi.yaml (but for the `language` keys other than its name: a language tag, a locale, a direction)', () => {
    const facts = (k: string) => k.startsWith('language.') && k !== 'language.name';
    expect([...hiLeaves].filter(([k, v]) => !facts(k) && mostlyLatin(String(v))).map(([k, v]) => `${k}: ${String(v)}`)).toEqual([]);
  });

  it('say at the top of en.yaml which files the keys come from', () => {
    const head = readFileSync(path.join(content, 'messages', 'en.yaml'), 'utf8').split('\n').slice(0, 15).join('\n');
    expect(head).toMatch(/^#/);
    expect(head).toContain('src/components');
    expect(head).toContain('core/page-data');
  });
});

// ─── The rest of the tooling ───────────────────────────────────────────────────────────────────

describe('the Hindi content and the catalogues under `site check --go-live`', () => {
  it('add nothing to its report (it reads every file of content/)', () => {
    const ours = checkGoLive(content, root).problems.filter((p) => /^content\/(hi|messages)\//.test(p.file));
    expect(ours.map((p) => `${p.file}:${p.line} ${p.rule} ${p.received ?? ''}`)).toEqual([]);
  });
});
