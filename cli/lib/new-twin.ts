import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { folderCollections } from '#schemas/index.ts';
import { readNewEntry } from '#core/content/archetype.ts';
import type { Problem } from '#core/content/problems.ts';
import { twinPath } from '#src/i18n/href.ts';
import { COLLECTION_OF, type NewKind, type NewPlan } from './new.ts';

/** The languages `site new --lang` makes twins in. */
export const TWIN_LANGS = ['hi'] as const;
export type TwinLang = (typeof TWIN_LANGS)[number];

/** The kinds of page that can have a Hindi twin made by `site new` (decision 080: no posts, no service-centre pages). */
const TWIN_KINDS: readonly NewKind[] = ['brand', 'area'];

export interface TwinInput {
  kind: NewKind;
  /** "samsung", "brands/samsung", "content/brands/samsung.mdx" or "content/hi/brands/samsung.mdx". */
  target: string;
  lang: TwinLang;
  contentDir: string;
  root: string;
}

/**
 * The text of a twin: the English file as it is (a translator replaces only the text, decision
 * 080), with a first comment saying so and `draft: true`, so the untranslated page never ships.
 */
export function twinText(english: string, englishDisplay: string): string {
  const note = `# Hindi twin of ${englishDisplay}: translate the text only; keep slugs, hrefs, ids, icons, numbers and {placeholders} (docs/decisions/080). Set draft: false to publish it.`;
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(english);
  const isMdx = !!front;
  const head = isMdx ? front[1]! : english;
  const rest = isMdx ? english.slice(front[0].length) : '';
  const drafted = /^draft:.*$/m.test(head) ? head.replace(/^draft:.*$/m, 'draft: true') : `${head.replace(/\s*$/, '')}\ndraft: true`;
  return isMdx ? `---\n${note}\n${drafted}\n---${rest}` : `${note}\n${drafted}\n`;
}

/** Everything `site new <kind> <name> --lang hi` will do, checked, without writing anything. */
export function planTwin(input: TwinInput): NewPlan {
  const { kind, contentDir, root, lang } = input;
  const collection = folderCollections[COLLECTION_OF[kind]];
  const show = (abs: string) => path.relative(root, abs).split(path.sep).join('/');
  const t = input.target.trim().replace(/\\/g, '/');
  const m = /^(?:\.\/)?(?:content\/)?(?:hi\/)?(?:([\w-]+)\/)?([^/]+?)(\.[a-z]+)?$/.exec(t);
  const base = m?.[2] ?? t;
  const ext = m?.[3] ?? '';
  const englishFile = [...collection.ext].map((e) => path.join(contentDir, collection.dir, `${base}${e}`)).find((f) => existsSync(f));
  const file = path.join(contentDir, lang, collection.dir, englishFile ? path.basename(englishFile) : `${base}${ext || collection.ext[0]}`);
  const display = show(file);
  const problems: Problem[] = [];
  const fail = (rule: string, message: string, extra: Partial<Problem> = {}) =>
    problems.push({ file: display, line: 1, column: 1, rule, message, severity: 'error', ...extra });
  const none = (): NewPlan => ({ ok: false, checked: 1, problems, file, display, route: '', slug: base, name: base, text: '', exists: existsSync(file) });

  if (!TWIN_KINDS.includes(kind)) {
    fail('new-twin', `the ${lang === 'hi' ? 'Hindi' : lang} edition has no ${collection.archetype.what}s`, { expected: `a twin of a ${TWIN_KINDS.map((k) => folderCollections[COLLECTION_OF[k]].archetype.what).join(' or ')}` });
    return none();
  }
  if (m?.[1] && m[1] !== collection.dir) {
    fail('new-target', `${t} is not in content/${collection.dir}/, where ${collection.archetype.what}s go`);
    return none();
  }
  if (!englishFile) {
    fail('new-twin', `there is no English ${collection.archetype.what} to make a twin of`, {
      expected: `the English page ${show(path.join(contentDir, collection.dir, `${base}${collection.ext[0]}`))} (make it first: \`site new ${kind} ${base}\`)`,
      received: 'no such file',
    });
    return none();
  }

  const englishDisplay = path.relative(path.dirname(contentDir), englishFile).split(path.sep).join('/');
  const text = twinText(readFileSync(englishFile, 'utf8'), englishDisplay);
  const entry = readNewEntry(COLLECTION_OF[kind], display, text);
  problems.push(...entry.problems);
  if (entry.data === undefined) return none();
  const data = entry.data as { name?: string; slug?: string };
  const route = twinPath(lang, (collection.route as (d: unknown) => string)(entry.data));
  return { ok: problems.length === 0, checked: 1, problems, file, display, route, slug: data.slug ?? base, name: data.name ?? base, text, exists: existsSync(file) };
}
