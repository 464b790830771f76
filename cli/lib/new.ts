import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isMap, isSeq, parseDocument, type YAMLSeq } from 'yaml';
import { fileCollections, folderCollections, routeOf, type Archetype, type FolderCollectionName } from '#schemas/index.ts';
import { fillArchetype, readNewEntry, routesInUse } from '#core/content/archetype.ts';
import type { Problem } from '#core/content/problems.ts';
import { parseYamlSource } from '#core/content/yaml-source.ts';
import { nameKey } from '#core/page-data/landing.ts';
import { pathIn } from '#src/i18n/href.ts';
import { listedLanguages } from './check/go-live.ts';

export type NewKind = Archetype['command'];

/** The collection `site new <kind>` adds to: declared by each collection's archetype (schemas/collections.ts). */
export const COLLECTION_OF = Object.fromEntries(
  (Object.keys(folderCollections) as FolderCollectionName[]).map((name) => [folderCollections[name].archetype.command, name]),
) as Record<NewKind, FolderCollectionName>;

export const NEW_KINDS = Object.keys(COLLECTION_OF) as NewKind[];

/** What `site new <kind>` makes ("brand page"). */
export const whatOf = (kind: NewKind) => folderCollections[COLLECTION_OF[kind]].archetype.what;

export interface NewInput {
  kind: NewKind;
  /** "haier", "Vaishali Nagar", "brands/haier" or "content/brands/haier.mdx" (a twin's: "content/<lang>/brands/haier.mdx"); a post's title. */
  target: string;
  /** Overrides the slug made from the target. */
  slug?: string;
  contentDir: string;
  /** The project root, for file names in messages. */
  root: string;
  /** YYYY-MM-DD for {{date}}. */
  date: string;
}

export interface NewPlan {
  ok: boolean;
  problems: Problem[];
  /** Absolute path of the file to write. */
  file: string;
  /** The file as the project shows it ("content/brands/haier.mdx"). */
  display: string;
  route: string;
  name: string;
  text: string;
  exists: boolean;
  /** A new area's entry for the areas-served list: the list's new text; none when it names the area already. */
  listing?: { file: string; display: string; text: string };
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Characters a name may have: it is written inside YAML strings and in the MDX body. */
const SAFE_NAME = /^[\p{L}\p{N}][\p{L}\p{N} .&'’()-]*$/u;
const UNSAFE_TITLE = /[{}<>"\\\n]/;

/** "Vaishali Nagar" → "vaishali-nagar"; "Mi & Redmi" → "mi-redmi". */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** "bani-park" → "Bani Park"; a name typed with capitals ("LG") keeps them. */
export function nameOf(words: string): string {
  return words
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

/**
 * Understand the target: "haier", "brands/haier" and "content/brands/haier.mdx" are the same file;
 * anything else is a name (or a post title) to make the slug from.
 */
function readTarget(kind: NewKind, target: string): { slug: string; name: string; problem?: string } {
  const { dir, archetype } = folderCollections[COLLECTION_OF[kind]];
  const ext = path.extname(archetype.file);
  const t = target.trim().replace(/\\/g, '/');
  const asPath = /^(?:\.\/)?(?:content\/)?([\w-]+)\/([^/]+?)(\.[a-z]+)?$/.exec(t);
  if (asPath && (t.includes('/') || asPath[3])) {
    const [, folder, base, givenExt] = asPath;
    if (folder !== dir) return { slug: base!, name: nameOf(base!), problem: `${t} is not in content/${dir}/, where ${archetype.what}s go` };
    if (givenExt && givenExt !== ext) return { slug: base!, name: nameOf(base!), problem: `${archetype.what}s are ${ext} files, not ${givenExt}` };
    return { slug: base!, name: nameOf(base!) };
  }
  if (kind === 'post') return { slug: slugify(t), name: t };
  return { slug: slugify(t), name: SLUG.test(t) ? nameOf(t) : t };
}

/** Everything `site new` will do, checked, without writing anything. */
export function planNew(input: NewInput): NewPlan {
  const { kind, contentDir, root } = input;
  const collection = folderCollections[COLLECTION_OF[kind]];
  const { archetype } = collection;
  const archetypeFile = path.join(contentDir, '_archetypes', archetype.file);
  const read = readTarget(kind, input.target);
  const slug = input.slug ?? read.slug;
  const name = read.name;
  const file = path.join(contentDir, collection.dir, `${slug}${path.extname(archetype.file)}`);
  const display = path.relative(root, file).split(path.sep).join('/');
  const problems: Problem[] = [];
  const fail = (rule: string, message: string, extra: Partial<Problem> = {}) =>
    problems.push({ file: display, line: 1, column: 1, rule, message, severity: 'error', ...extra });

  if (read.problem) fail('new-target', read.problem);
  if (!SLUG.test(slug)) {
    fail('new-slug', input.slug ? `--slug "${input.slug}" is not a usable slug` : `"${input.target}" does not make a usable slug`, {
      expected: 'lower-case letters, digits and single hyphens, such as "bani-park" (or pass --slug)',
      received: JSON.stringify(slug),
    });
  }
  if (kind === 'post' ? UNSAFE_TITLE.test(name) || !name.trim() : !SAFE_NAME.test(name)) {
    fail('new-name', `the ${kind === 'post' ? 'title' : 'name'} has characters that cannot go into the page as they are`, {
      expected: kind === 'post' ? 'a title without { } < > " \\ or line breaks' : 'letters, digits, spaces and . & \' ( ) -',
      received: JSON.stringify(name),
    });
  }
  if (!existsSync(archetypeFile)) fail('new-archetype', `the archetype ${path.relative(root, archetypeFile)} is missing`);
  const exists = existsSync(file);
  const none = { ok: false, problems, file, display, route: '', name, text: '', exists };
  if (problems.length) return none;

  // The new file is read as the loader will read it, and its URL comes from its collection.
  const text = fillArchetype(readFileSync(archetypeFile, 'utf8'), { slug, name, title: name, date: input.date });
  const entry = readNewEntry(COLLECTION_OF[kind], display, text);
  problems.push(...entry.problems);
  if (entry.data === undefined) return none;
  const route = routeOf(COLLECTION_OF[kind], entry.data);
  const owner = routesInUse(contentDir, root).get(route);
  if (owner && owner !== display) {
    fail('new-duplicate', `${route} is already the page of ${owner}`, {
      expected: 'a URL no other page has (pass --slug to choose another)',
      received: route,
    });
  }
  const listing = COLLECTION_OF[kind] === 'areas' ? planListing(contentDir, root, (entry.data as { name: string }).name, problems) : undefined;
  return { ok: problems.length === 0, problems, file, display, route, name, text: problems.length ? '' : text, exists, ...(listing && { listing }) };
}

/**
 * The areas-served list (the contact page's grid) with `name` added at its end, comments, order and
 * style kept (docs/decisions/116); undefined when there is no list or it names the area already.
 * An entry links the area page of its name once that page is built: a draft's shows as plain text.
 */
function planListing(contentDir: string, root: string, name: string, problems: Problem[]): NewPlan['listing'] {
  const file = path.join(contentDir, fileCollections.areasServed.file);
  if (!existsSync(file)) return undefined;
  const display = path.relative(root, file).split(path.sep).join('/');
  const before = readFileSync(file, 'utf8');
  const source = parseYamlSource(display, before);
  const doc = parseDocument(before);
  // A list with no entry yet (comments only) is an empty list.
  doc.contents ??= doc.createNode([]) as unknown as YAMLSeq.Parsed;
  const list = doc.contents;
  if (source.problems.length || !isSeq(list)) {
    problems.push(...source.problems);
    if (!source.problems.length) {
      problems.push({
        file: display,
        ...source.locate([]),
        rule: 'new-listing',
        message: 'the areas served are not a list: the new area cannot be added to it',
        expected: 'a list of `- { name: … }` entries',
        received: 'another YAML value',
        severity: 'error',
      });
    }
    return undefined;
  }
  const named = (source.value as { name?: unknown }[] | null) ?? [];
  if (named.some((a) => typeof a?.name === 'string' && nameKey(a.name) === nameKey(name))) return undefined;
  // In the style of the entries before it: `- { name: … }` after those.
  const entry = doc.createNode({ name });
  const last = list.items.at(-1);
  entry.flow = isMap(last) ? !!last.flow : false;
  list.items.push(entry as (typeof list.items)[number]);
  return { file, display, text: doc.toString() };
}

/**
 * The text of a twin: the default language's file as it is (a translator replaces only the text,
 * decision 080), with a first comment saying so and `draft: true`, so the untranslated page never ships.
 */
function twinText(original: string, originalDisplay: string, lang: string): string {
  const note = `# The "${lang}" twin of ${originalDisplay}: translate the text only; keep slugs, hrefs, ids, icons, numbers and {placeholders} (docs/decisions/080). Set draft: false to publish it.`;
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(original);
  const isMdx = !!front;
  const head = isMdx ? front[1]! : original;
  const rest = isMdx ? original.slice(front[0].length) : '';
  const drafted = /^draft:.*$/m.test(head) ? head.replace(/^draft:.*$/m, 'draft: true') : `${head.replace(/\s*$/, '')}\ndraft: true`;
  return isMdx ? `---\n${note}\n${drafted}\n---${rest}` : `${note}\n${drafted}\n`;
}

/** Everything `site new <kind> <name> --lang <code>` will do, checked, without writing anything. */
export function planTwin(input: Omit<NewInput, 'slug' | 'date'> & { lang: string }): NewPlan {
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
  const none = (): NewPlan => ({ ok: false, problems, file, display, route: '', name: base, text: '', exists: existsSync(file) });

  const others = languages.slice(1);
  if (!others.includes(lang)) {
    fail('new-twin', languages[0] === lang ? `"${lang}" is the default language: its pages are the files of content/ themselves` : `content/site.yaml lists no language "${lang}"`, {
      file: show(siteFile),
      expected: others.length ? `a language after the first of \`languages\`: ${others.join(', ')}` : 'a second language in `languages` of content/site.yaml, with its content/messages/<code>.yaml',
      received: JSON.stringify(lang),
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
  const route = pathIn({ prefix: `/${lang}` }, routeOf(COLLECTION_OF[kind], entry.data));
  return { ok: problems.length === 0, problems, file, display, route, name: (entry.data as { name?: string }).name ?? base, text, exists: existsSync(file) };
}

/**
 * Write the planned file atomically: a temporary file in the same folder, then a link (which
 * fails if the file appeared meanwhile) or, with `force`, a rename over the old file. Then the
 * areas-served list the same way (renamed over it), so each file is either as it was or complete.
 */
export function writeNew(plan: NewPlan, force: boolean): void {
  const write = (file: string, text: string, replace: boolean) => {
    mkdirSync(path.dirname(file), { recursive: true });
    const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
    writeFileSync(tmp, text, { flag: 'wx' });
    try {
      if (replace) renameSync(tmp, file);
      else linkSync(tmp, file);
    } finally {
      rmSync(tmp, { force: true });
    }
  };
  write(plan.file, plan.text, force);
  if (plan.listing) write(plan.listing.file, plan.listing.text, true);
}
