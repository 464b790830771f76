// `site init <dir>`: a new project for another business. The generator's files are the files git
// keeps in the project `site init` runs in, except content/ (the business's own); the new content/
// is starter/, its {{placeholders}} filled from the flags. Everything is made in a folder beside the
// target, validated, committed, and only then moved in: a refused or failed init writes nothing.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { Slug } from '#schemas/common.ts';
import { SiteSchema } from '#schemas/index.ts';
import { fillArchetype, type ArchetypeValues } from '#core/content/archetype.ts';
import type { Problem } from '#core/content/problems.ts';
import { slugify } from './new.ts';

/** Words written into YAML strings and MDX text as they are: no quotes, braces, colons or line breaks. */
const Words = z.string().regex(/^[\p{L}\p{N}][\p{L}\p{N} .,&'’()-]*$/u, { error: 'letters, digits, spaces and . , & \' ( ) -' });
const site = SiteSchema.shape;
/** The language starter/'s words are written in (starter/messages/<code>.yaml): the sample of --languages. */
const STARTER_LANGUAGE = path.parse(readdirSync(path.join(import.meta.dirname, '../../starter/messages'))[0] ?? '').name;

/**
 * The flags, in the order they are asked. `sample` is what `--yes` writes for a flag left out; the
 * starter marks the lines that hold it `# sample`, so `site check --go-live` names them.
 */
export const INIT_FIELDS = [
  { key: 'business', flag: 'name', question: 'Business name', schema: Words, sample: 'Sample Business' },
  { key: 'trade', flag: 'trade', question: 'Trade, as a customer says it (e.g. "AC and refrigerator repair")', schema: Words, sample: 'repair service' },
  { key: 'tradeSlug', flag: 'trade-slug', question: 'The trade as a URL word (e.g. "ac-repair")', schema: Slug, sample: 'repair' },
  { key: 'city', flag: 'city', question: 'City', schema: Words, sample: 'Sample City' },
  { key: 'region', flag: 'region', question: 'State', schema: Words, sample: 'Sample State' },
  { key: 'postalCode', flag: 'postal-code', question: 'PIN code', schema: site.address.shape.postalCode, sample: '100001' },
  { key: 'phone', flag: 'phone', question: 'Phone (+91…)', schema: site.contact.shape.phone, sample: '+919000000001' },
  { key: 'whatsapp', flag: 'whatsapp', question: 'WhatsApp number (+91…)', schema: site.contact.shape.whatsapp, sample: '+919000000001' },
  { key: 'email', flag: 'email', question: 'E-mail', schema: site.contact.shape.email, sample: 'owner@example.com' },
  { key: 'origin', flag: 'origin', question: 'The site\'s address (https://…)', schema: site.origin, sample: 'https://sample-business.example' },
  { key: 'languages', flag: 'languages', question: 'Languages, the default first (e.g. "en,mr")', schema: site.languages, sample: STARTER_LANGUAGE },
] as const;

export type InitKey = (typeof INIT_FIELDS)[number]['key'];
export type InitValues = Partial<Record<InitKey, string>>;

export interface InitReport {
  ok: boolean;
  /** Bad flag values; nothing was written. */
  flagProblems: NonNullable<ReturnType<typeof checkFlag>>[];
  /** The filled starter did not load (file:line problems); nothing was written. */
  problems: Problem[];
  /** Why nothing could be done (a non-empty folder, no git checkout). */
  refused?: string;
  dir: string;
  files: number;
  /** The flags written as marked samples. */
  samples: string[];
}

const splitLanguages = (v: string) => v.split(',').map((c) => c.trim());

/** Check one flag's value: the flag, what it takes and what it got when it cannot be used. */
export function checkFlag(key: InitKey, value: string) {
  const field = INIT_FIELDS.find((f) => f.key === key)!;
  const parsed = field.schema.safeParse(key === 'languages' ? splitLanguages(value) : value);
  if (parsed.success) return undefined;
  return { flag: `--${field.flag}`, expected: parsed.error.issues[0]!.message, received: JSON.stringify(value) };
}

/** The files of the generator: what git keeps in `root` (tracked, or new and not ignored), less the business's own content/. */
export function generatorFiles(root: string): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return listed.split('\0').filter((f) => f && !f.startsWith('content/') && existsSync(path.join(root, f)));
}

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(path.join(dir, f)).isFile());
}

/**
 * Fill the starter's text: a line marked `# sample` loses the mark when every flag it holds was
 * given; then each {{key}} becomes its value. `site new`'s own {{slug}}, {{name}} … stay.
 */
export function fillStarter(text: string, values: Record<InitKey, string>, given: Set<string>): string {
  const unmarked = text.replace(/^(.*\{\{\w+\}\}.*?) # sample\b.*$/gm, (line, body: string) =>
    [...body.matchAll(/\{\{(\w+)\}\}/g)].every((m) => given.has(m[1]!) || !(m[1]! in values)) ? body : line,
  );
  return fillArchetype(unmarked, values as unknown as ArchetypeValues);
}

/**
 * The `language` keys of a new language's catalogue (decision 110): its own name as Intl writes it
 * in that language, its code as <html lang>, its locale in the business's country, its direction.
 */
function fillLanguage(text: string, code: string, country: string): string {
  const locale = new Intl.Locale(code) as Intl.Locale & { getTextInfo?: () => { direction?: string }; textInfo?: { direction?: string } };
  const direction = (locale.getTextInfo?.() ?? locale.textInfo)?.direction === 'rtl' ? 'rtl' : 'ltr';
  const facts: Record<string, string> = {
    languageName: new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code,
    languageTag: code,
    languageLocale: `${locale.language}_${country}`,
    languageDir: direction,
  };
  return text.replace(/\{\{(language\w+)\}\}/g, (all, key: string) => facts[key] ?? all);
}

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** Make the project in `target` from the generator in `root`. */
export async function initProject(input: { root: string; target: string; values: InitValues; force?: boolean }): Promise<InitReport> {
  const target = path.resolve(input.target);
  const report: InitReport = { ok: false, flagProblems: [], problems: [], dir: target, files: 0, samples: [] };
  for (const { key } of INIT_FIELDS) {
    const value = input.values[key];
    const problem = value === undefined ? undefined : checkFlag(key, value);
    if (problem) report.flagProblems.push(problem);
  }
  if (report.flagProblems.length) return report;
  if (existsSync(target) && (!statSync(target).isDirectory() || readdirSync(target).length) && !input.force) {
    report.refused = `${target} is not an empty folder; pass --force to write the new project's files into it (replacing those of the same name)`;
    return report;
  }
  if (!existsSync(path.join(input.root, 'starter')) || !existsSync(path.join(input.root, '.git'))) {
    report.refused = `${input.root} is not a git checkout of the generator (with starter/): site init copies the files git tracks there`;
    return report;
  }

  const given = new Set(INIT_FIELDS.filter((f) => input.values[f.key] !== undefined).map((f) => f.key as string));
  report.samples = INIT_FIELDS.filter((f) => !given.has(f.key)).map((f) => `--${f.flag}`);
  const values = Object.fromEntries(INIT_FIELDS.map((f) => [f.key, input.values[f.key] ?? f.sample])) as Record<InitKey, string>;
  const languages = splitLanguages(values.languages);
  values.languages = languages.join(', ');

  mkdirSync(path.dirname(target), { recursive: true });
  const work = mkdtempSync(path.join(path.dirname(target), `.${path.basename(target)}.init-`));
  try {
    const files = generatorFiles(input.root);
    for (const f of files) {
      mkdirSync(path.dirname(path.join(work, f)), { recursive: true });
      copyFileSync(path.join(input.root, f), path.join(work, f));
    }
    // content/ is the starter, filled; every language gets the starter's words until translated.
    const starter = path.join(input.root, 'starter');
    const [starterMessages] = readdirSync(path.join(starter, 'messages'));
    const country = (parse(fillStarter(readFileSync(path.join(starter, 'site.yaml'), 'utf8'), values, given)) as { address: { country: string } }).address.country;
    for (const f of filesUnder(starter)) {
      const text = fillStarter(readFileSync(path.join(starter, f), 'utf8'), values, given);
      const outs = f === path.join('messages', starterMessages!) ? languages.map((l) => [path.join('messages', `${l}.yaml`), fillLanguage(text, l, country)]) : [[f, text]];
      for (const [out, body] of outs) {
        mkdirSync(path.dirname(path.join(work, 'content', out!)), { recursive: true });
        writeFileSync(path.join(work, 'content', out!), body!);
      }
    }
    for (const file of ['package.json', 'package-lock.json']) {
      const json = JSON.parse(readFileSync(path.join(work, file), 'utf8'));
      json.name = slugify(values.business) || 'site';
      if (json.packages?.['']) json.packages[''].name = json.name;
      if (file === 'package.json') json.description = `The website of ${values.business}, ${values.trade} in ${values.city}`;
      writeFileSync(path.join(work, file), `${JSON.stringify(json, null, 2)}\n`);
    }
    report.files = files.length + filesUnder(path.join(work, 'content')).length;

    // The loader is imported here, not at the top: every `site` command loads this module (its flags).
    const { loadContent } = await import('#core/content/load.ts');
    const loaded = await loadContent(path.join(work, 'content'), work);
    report.problems = loaded.problems.filter((p) => p.severity === 'error');
    if (report.problems.length) return report;

    git(work, 'init', '-q', '-b', 'main');
    git(work, 'add', '-A');
    const who = (k: string) => { try { return execFileSync('git', ['config', k], { cwd: work, encoding: 'utf8' }).trim(); } catch { return ''; } };
    const identity = who('user.email') ? [] : ['-c', 'user.name=site init', '-c', 'user.email=site-init@localhost'];
    git(work, ...identity, 'commit', '-q', '-m', `site init: ${values.business}, ${values.trade} in ${values.city}`);

    // Into place: the whole folder at once, or (--force into a non-empty folder) entry by entry.
    if (!existsSync(target)) renameSync(work, target);
    else {
      for (const entry of readdirSync(work)) {
        rmSync(path.join(target, entry), { recursive: true, force: true });
        renameSync(path.join(work, entry), path.join(target, entry));
      }
    }
    report.ok = true;
    return report;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
