import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileCollections, folderCollections, routeOf } from '#schemas/index.ts';
import { readNewEntry } from '#core/content/archetype.ts';
import type { Problem } from '#core/content/problems.ts';
import { parseYamlSource } from '#core/content/yaml-source.ts';
import { pathIn } from '#src/i18n/href.ts';
import { listedLanguages } from './check/go-live.ts';
import { COLLECTION_OF, type NewKind, type NewPlan } from './new.ts';

export interface TwinInput {
  kind: NewKind;
  /** "acme", "brands/acme", "content/brands/acme.mdx" or "content/<lang>/brands/acme.mdx". */
  target: string;
  /** The code of a language content/site.yaml lists after the first. */
  lang: string;
  contentDir: string;
  root: string;
}

/**
 * The text of a twin: the default language's file as it is (a translator replaces only the text,
 * decision 080), with a first comment saying so and `draft: true`, so the untranslated page never ships.
 */
export function twinText(original: string, originalDisplay: string, lang: string): string {
  const note = `# The "${lang}" twin of ${originalDisplay}: translate the text only; keep slugs, hrefs, ids, icons, numbers and {placeholders} (docs/decisions/080). Set draft: false to publish it.`;
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(original);
  const isMdx = !!front;
  const head = isMdx ? front[1]! : original;
  const rest = isMdx ? original.slice(front[0].length) : '';
  const drafted = /^draft:.*$/m.test(head) ? head.replace(/^draft:.*$/m, 'draft: true') : `${head.replace(/\s*$/, '')}\ndraft: true`;
  return isMdx ? `---\n${note}\n${drafted}\n---${rest}` : `${note}\n${drafted}\n`;
}

/** Everything `site new <kind> <name> --lang <code>` will do, checked, without writing anything. */
export function planTwin(input: TwinInput): NewPlan {
  const { kind, contentDir, root, lang } = input;
  const collection = folderCollections[COLLECTION_OF[kind]];
  const show = (abs: string) => path.relative(root, abs).split(path.sep).join('/');
  const t = input.target.trim().replace(/\\/g, '/');
  // The languages content/site.yaml lists (the default first), as written; none when it cannot be read.
  const siteFile = path.join(contentDir, fileCollections.site.file);
  const languages = existsSync(siteFile) ? listedLanguages(parseYamlSource(siteFile, readFileSync(siteFile, 'utf8')).value) : [];
  const own = lang.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`^(?:\\./)?(?:content/)?(?:${own}/)?(?:([\\w-]+)/)?([^/]+?)(\\.[a-z]+)?$`).exec(t);
  const base = m?.[2] ?? t;
  const ext = m?.[3] ?? '';
  const originalFile = [...collection.ext].map((e) => path.join(contentDir, collection.dir, `${base}${e}`)).find((f) => existsSync(f));
  const file = path.join(contentDir, lang, collection.dir, originalFile ? path.basename(originalFile) : `${base}${ext || collection.ext[0]}`);
  const display = show(file);
  const problems: Problem[] = [];
  const fail = (rule: string, message: string, extra: Partial<Problem> = {}) =>
    problems.push({ file: display, line: 1, column: 1, rule, message, severity: 'error', ...extra });
  const none = (): NewPlan => ({ ok: false, problems, file, display, route: '', slug: base, name: base, text: '', exists: existsSync(file) });

  const others = languages.slice(1);
  if (!others.includes(lang)) {
    problems.push({
      file: show(siteFile),
      line: 1,
      column: 1,
      rule: 'new-twin',
      message: languages[0] === lang ? `"${lang}" is the default language: its pages are the files of content/ themselves` : `content/site.yaml lists no language "${lang}"`,
      expected: others.length ? `a language after the first of \`languages\`: ${others.join(', ')}` : 'a second language in `languages` of content/site.yaml, with its content/messages/<code>.yaml',
      received: JSON.stringify(lang),
      severity: 'error',
    });
    return none();
  }
  if (m?.[1] && m[1] !== collection.dir) {
    fail('new-target', `${t} is not in content/${collection.dir}/, where ${collection.archetype.what}s go`);
    return none();
  }
  if (!originalFile) {
    fail('new-twin', `there is no ${collection.archetype.what} in the default language to make a twin of`, {
      expected: `the page ${show(path.join(contentDir, collection.dir, `${base}${collection.ext[0]}`))} (make it first: \`site new ${kind} ${base}\`)`,
      received: 'no such file',
    });
    return none();
  }

  const originalDisplay = path.relative(path.dirname(contentDir), originalFile).split(path.sep).join('/');
  const text = twinText(readFileSync(originalFile, 'utf8'), originalDisplay, lang);
  const entry = readNewEntry(COLLECTION_OF[kind], display, text);
  problems.push(...entry.problems);
  if (entry.data === undefined) return none();
  const data = entry.data as { name?: string; slug?: string };
  const route = pathIn({ prefix: `/${lang}` }, routeOf(COLLECTION_OF[kind], entry.data));
  return { ok: problems.length === 0, problems, file, display, route, slug: data.slug ?? base, name: data.name ?? base, text, exists: existsSync(file) };
}
