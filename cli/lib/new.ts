import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Problem } from '#core/content/problems.ts';

/** What `site new` can make, where it goes, and the URL it gets (content/_archetypes/README.md). */
export const KINDS = {
  brand: { archetype: 'brand.mdx', dir: 'brands', route: (slug: string) => `/${slug}-tv-repair`, what: 'brand page' },
  area: { archetype: 'area.mdx', dir: 'areas', route: (slug: string) => `/tv-repair-${slug}`, what: 'area page' },
  post: { archetype: 'post.mdx', dir: 'blog', route: (slug: string) => `/blog/${slug}`, what: 'blog post' },
  'service-center': { archetype: 'service-center.yaml', dir: 'service-center', route: (slug: string) => `/service-center/${slug}`, what: 'service-centre brand' },
} as const;
export type NewKind = keyof typeof KINDS;

export interface NewInput {
  kind: NewKind;
  /** "haier", "Vaishali Nagar", "brands/haier" or "content/brands/haier.mdx"; a post's title. */
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
  checked: number;
  problems: Problem[];
  /** Absolute path of the file to write. */
  file: string;
  /** The file as the project shows it ("content/brands/haier.mdx"). */
  display: string;
  route: string;
  slug: string;
  name: string;
  text: string;
  exists: boolean;
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
  const { dir, archetype } = KINDS[kind];
  const ext = path.extname(archetype);
  const t = target.trim().replace(/\\/g, '/');
  const asPath = /^(?:\.\/)?(?:content\/)?([\w-]+)\/([^/]+?)(\.[a-z]+)?$/.exec(t);
  if (asPath && (t.includes('/') || asPath[3])) {
    const [, folder, base, givenExt] = asPath;
    if (folder !== dir) return { slug: base!, name: nameOf(base!), problem: `${t} is not in content/${dir}/, where ${KINDS[kind].what}s go` };
    if (givenExt && givenExt !== ext) return { slug: base!, name: nameOf(base!), problem: `${KINDS[kind].what}s are ${ext} files, not ${givenExt}` };
    return { slug: base!, name: nameOf(base!) };
  }
  if (kind === 'post') return { slug: slugify(t), name: t };
  return { slug: slugify(t), name: SLUG.test(t) ? nameOf(t) : t };
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (all, key: string) => values[key] ?? all);
}

/** The slugs (URL paths) the other files of the folder already use, from their `slug:`/`id:` lines. */
function takenRoutes(folder: string, kind: NewKind, except: string): Map<string, string> {
  const taken = new Map<string, string>();
  if (!existsSync(folder)) return taken;
  for (const f of readdirSync(folder)) {
    if (f === except || f.startsWith('.')) continue;
    const text = readFileSync(path.join(folder, f), 'utf8');
    const base = f.replace(/\.[^.]+$/, '');
    const field = kind === 'service-center' ? 'id' : 'slug';
    const m = new RegExp(`^${field}:\\s*["']?([^"'\\s#]+)`, 'm').exec(text);
    const own = m?.[1] ?? (kind === 'brand' ? `${base}-tv-repair` : kind === 'area' ? `tv-repair-${base}` : base);
    taken.set(kind === 'post' || kind === 'service-center' ? KINDS[kind].route(own) : `/${own}`, f);
  }
  return taken;
}

/** Everything `site new` will do, checked, without writing anything. */
export function planNew(input: NewInput): NewPlan {
  const { kind, contentDir, root } = input;
  const spec = KINDS[kind];
  const archetypeFile = path.join(contentDir, '_archetypes', spec.archetype);
  const read = readTarget(kind, input.target);
  const slug = input.slug ?? read.slug;
  const name = read.name;
  const ext = path.extname(spec.archetype);
  const file = path.join(contentDir, spec.dir, `${slug}${ext}`);
  const display = path.relative(root, file).split(path.sep).join('/');
  const route = spec.route(slug);
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
  const clash = SLUG.test(slug) ? takenRoutes(path.join(contentDir, spec.dir), kind, path.basename(file)).get(route) : undefined;
  if (clash) {
    fail('new-duplicate', `${route} is already the page of content/${spec.dir}/${clash}`, {
      expected: 'a URL no other page has (pass --slug to choose another)',
      received: route,
    });
  }
  const text =
    problems.length === 0
      ? fill(readFileSync(archetypeFile, 'utf8'), { slug, name, title: name, date: input.date })
      : '';
  return { ok: problems.length === 0, checked: 1, problems, file, display, route, slug, name, text, exists };
}

/**
 * Write the planned file atomically: a temporary file in the same folder, then a link (which
 * fails if the file appeared meanwhile) or, with `force`, a rename over the old file.
 */
export function writeNew(plan: NewPlan, force: boolean): void {
  mkdirSync(path.dirname(plan.file), { recursive: true });
  const tmp = path.join(path.dirname(plan.file), `.${path.basename(plan.file)}.${process.pid}.tmp`);
  writeFileSync(tmp, plan.text, { flag: 'wx' });
  try {
    if (force) renameSync(tmp, plan.file);
    else linkSync(tmp, plan.file);
  } finally {
    rmSync(tmp, { force: true });
  }
}
