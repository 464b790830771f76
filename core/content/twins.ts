// The Hindi edition's content (decision 080): content/hi/ mirrors content/, each file validated by
// its English twin's schema; content/hi/site.yaml is a text-only overlay of content/site.yaml.
// Read into `Content.hi`, a Content whose twins are Hindi, with the English service-centre brands and no posts.

import { existsSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { fileCollections, folderCollections, SiteSchema, type FolderCollectionName } from '#schemas/index.ts';
import { twinPath } from '#src/i18n/href.ts';
import { renderBodies } from './bodies.ts';
import { LoadContext } from './context.ts';
import { didYouMean } from './did-you-mean.ts';
import { readFolders } from './folders.ts';
import { checkReferences } from './references.ts';
import type { Content, Entry, FolderContent } from './types.ts';
import type { PathKey, YamlSource } from './yaml-source.ts';
import { fieldPath } from './zod-problems.ts';

/** The folder of the Hindi edition, relative to content/. */
export const HINDI_DIR = 'hi';
/** The file collections that may have a Hindi twin; site.yaml is an overlay, not a twin. */
const TWIN_FILES = ['pages', 'services', 'testimonials', 'faqs', 'areasServed'] as const;
/** The folder collections that may have Hindi twins (no blog, no service-centre pages: decision 080). */
const TWIN_FOLDERS: readonly FolderCollectionName[] = ['brands', 'areas'];

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `over` laid onto `base`: objects merge key by key, anything else in `over` replaces. */
export function deepMerge(base: unknown, over: unknown): unknown {
  if (!isObject(base) || !isObject(over)) return over;
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = k in base ? deepMerge(base[k], v) : v;
  return out;
}

/** Every key path of the overlay that is not text, or that the English file does not have. */
function checkOverlay(hi: LoadContext, source: YamlSource, english: unknown) {
  const walk = (value: unknown, base: unknown, at: PathKey[]) => {
    if (isObject(value)) {
      for (const [k, v] of Object.entries(value)) {
        if (!isObject(base) || !(k in base)) {
          const guess = isObject(base) ? didYouMean(k, Object.keys(base)) : undefined;
          hi.error(source.file, source.locate([...at, k], { key: true }), 'overlay-key', fieldPath('site', [...at, k]), {
            expected: 'a key of content/site.yaml (the overlay only translates its text)',
            received: JSON.stringify(k),
            hint: guess ? `did you mean "${guess}"?` : undefined,
          });
        } else walk(v, base[k], [...at, k]);
      }
    } else if (typeof value !== 'string' || typeof base !== 'string') {
      hi.error(source.file, source.locate(at), 'overlay-text', fieldPath('site', at), {
        expected: 'text that translates the English value (facts are written once, in content/site.yaml)',
        received: JSON.stringify(value),
      });
    }
  };
  walk(source.value, english, []);
}

/** content/hi/site.yaml merged onto content/site.yaml and validated; problems located in the overlay. */
function readSiteOverlay(hi: LoadContext, englishValue: unknown): z.output<typeof SiteSchema> | undefined {
  const abs = path.join(hi.dir, 'site.yaml');
  if (!existsSync(abs) || englishValue === undefined) return undefined;
  hi.filesChecked++;
  const source = hi.readYamlValue(abs);
  if (source.problems.length) {
    hi.problems.push(...source.problems);
    return undefined;
  }
  const before = hi.problems.length;
  checkOverlay(hi, source, englishValue);
  if (hi.problems.length > before) return undefined;
  return hi.validate({ ...source, value: deepMerge(englishValue, source.value) }, SiteSchema, 'site');
}

export interface TwinsOptions {
  includeDrafts: boolean;
}

/**
 * Read content/hi/ (nothing when it does not exist). Every problem goes to `ctx`, located in the
 * Hindi file. `english` is the English content when it loaded without problems in its file
 * collections: only then are the twins' references and bodies checked and `Content.hi` made.
 */
export async function loadTwins(ctx: LoadContext, english: Content | undefined, targets: Map<string, Set<string>> | undefined, opts: TwinsOptions): Promise<Content | undefined> {
  const dir = path.join(ctx.dir, HINDI_DIR);
  if (!existsSync(dir)) return undefined;
  const hi = new LoadContext(dir, ctx.root);
  hi.includeDrafts = opts.includeDrafts;
  hi.cache = ctx.cache;

  const files: Partial<Record<(typeof TWIN_FILES)[number], unknown>> = {};
  for (const name of TWIN_FILES) {
    const { file, schema } = fileCollections[name];
    if (existsSync(path.join(dir, file))) files[name] = hi.readYaml(file, schema, name) ?? null;
  }
  // The overlay is validated merged onto a valid English file only: the English file's own problems are reported once, there.
  const englishSiteFile = ctx.display(path.join(ctx.dir, fileCollections.site.file));
  const englishSite = ctx.problems.some((p) => p.file === englishSiteFile) ? undefined : ctx.sources.get(englishSiteFile)?.value;
  const site = readSiteOverlay(hi, englishSite);
  const folders = readFolders(hi);
  checkTwinFiles(ctx, hi, folders, files.pages as Content['pages'] | null | undefined);

  let content: Content | undefined;
  if (english && targets) {
    const twins = {
      dir,
      site: site ?? english.site,
      pages: (files.pages as Content['pages'] | undefined) ?? [],
      services: (files.services as Content['services'] | undefined) ?? english.services,
      testimonials: (files.testimonials as Content['testimonials'] | undefined) ?? english.testimonials,
      faqs: (files.faqs as Content['faqs'] | undefined) ?? english.faqs,
      areasServed: (files.areasServed as Content['areasServed'] | undefined) ?? english.areasServed,
      brands: publishedTwins(english, folders, 'brands', hi) as Content['brands'],
      areas: publishedTwins(english, folders, 'areas', hi) as Content['areas'],
      blog: [],
      serviceCenter: [],
      messages: english.messages,
      lang: 'hi',
    } satisfies Content;
    const rendered = { ...twins, ...(await renderBodies(hi, twins, hindiTargets(twins, targets))) };
    checkReferences(hi, rendered, targets);
    // The home page's service-centre tiles are the English pages (they have no twins). Its latest
    // posts are left out: English titles on a Hindi page, and every post's data built twice.
    content = { ...rendered, serviceCenter: english.serviceCenter };
  }

  ctx.problems.push(...hi.problems);
  for (const [file, source] of hi.sources) ctx.sources.set(file, source);
  for (const [route, file] of hi.drafts) ctx.drafts.set(twinPath('hi', route), file);
  ctx.filesChecked += hi.filesChecked;
  ctx.bodies.rendered += hi.bodies.rendered;
  ctx.bodies.cached += hi.bodies.cached;
  return hi.problems.length ? undefined : content;
}

/** The English file a Hindi file is the twin of: the same path under content/. */
const englishFileOf = (ctx: LoadContext, hi: LoadContext, file: string) =>
  path.join(ctx.dir, path.relative(hi.dir, path.join(ctx.root, file)));

/** A twin needs its English file, the same URL, and a collection that has twins. */
function checkTwinFiles(ctx: LoadContext, hi: LoadContext, folders: FolderContent, pages: Content['pages'] | null | undefined) {
  for (const name of Object.keys(folders) as FolderCollectionName[]) {
    for (const e of folders[name] as Entry<unknown>[]) {
      const englishFile = englishFileOf(ctx, hi, e.file);
      if (!TWIN_FOLDERS.includes(name)) {
        hi.error(e.file, { line: 1, column: 1 }, 'twin-collection', `${name}: the Hindi edition has no ${folderCollections[name].dir}/ pages`, {
          expected: `twins of ${TWIN_FOLDERS.map((f) => `content/${folderCollections[f].dir}/`).join(' or ')} only (docs/decisions/080)`,
          received: e.file,
        });
      } else if (!existsSync(englishFile)) {
        hi.error(e.file, { line: 1, column: 1 }, 'twin-orphan', `${name}: a Hindi twin without an English file`, {
          expected: `the English page ${ctx.display(englishFile)}`,
          received: 'no such file',
        });
      }
    }
  }
  if (!pages) return;
  const pagesFile = ctx.display(path.join(hi.dir, fileCollections.pages.file));
  const source = hi.sources.get(pagesFile);
  const englishPages = ctx.sources.get(ctx.display(path.join(ctx.dir, fileCollections.pages.file)))?.value;
  const english = new Map((Array.isArray(englishPages) ? (englishPages as Json[]) : []).map((p) => [p.path as string, p.kind as string]));
  pages.forEach((page, i) => {
    const kind = english.get(page.path);
    if (kind === undefined) {
      const guess = didYouMean(page.path, english.keys());
      hi.error(pagesFile, source?.locate([i, 'path']) ?? { line: 1, column: 1 }, 'twin-orphan', fieldPath('pages', [i, 'path']), {
        expected: 'the path of a page in content/pages.yaml (a twin has its English page)',
        received: JSON.stringify(page.path),
        hint: guess ? `did you mean "${guess}"?` : undefined,
      });
    } else if (kind !== page.kind) {
      hi.error(pagesFile, source?.locate([i, 'kind']) ?? { line: 1, column: 1 }, 'twin-structure', fieldPath('pages', [i, 'kind']), {
        expected: `${JSON.stringify(kind)}, the kind of ${page.path} in content/pages.yaml`,
        received: JSON.stringify(page.kind),
      });
    }
  });
}

/**
 * The twins of a folder collection whose English page is published, with the same URL: a twin of
 * an English draft is left out with it, a twin at another URL is a problem.
 */
function publishedTwins(english: Content, folders: FolderContent, name: 'brands' | 'areas', hi: LoadContext): Entry<unknown>[] {
  const { route } = folderCollections[name] as { route: (d: unknown) => string };
  const englishByFile = new Map((english[name] as Entry<unknown>[]).map((e) => [path.relative(english.dir, path.join(hi.root, e.file)), e]));
  const out: Entry<unknown>[] = [];
  for (const e of folders[name] as Entry<unknown>[]) {
    const rel = path.relative(hi.dir, path.join(hi.root, e.file));
    const twin = englishByFile.get(rel);
    if (!twin) continue; // no English file (reported), or an English draft
    if (route(twin.data) !== route(e.data)) {
      hi.error(e.file, e.source.locate(['slug']), 'twin-structure', fieldPath(name, ['slug']), {
        expected: `${JSON.stringify((twin.data as { slug: string }).slug)}, the slug of ${twin.file} (a twin's URL is /hi + the English URL)`,
        received: JSON.stringify((e.data as { slug: string }).slug),
      });
      continue;
    }
    out.push(e);
  }
  return out;
}

/**
 * The link targets as Hindi bodies see them: every English page, and each twin at /hi + its path
 * sharing the section ids of its page (a body's headings are added to both as it renders).
 */
function hindiTargets(twins: Content, english: Map<string, Set<string>>): Map<string, Set<string>> {
  const targets = new Map([...english].map(([p, ids]) => [p, new Set(ids)]));
  const paths = [
    ...twins.pages.map((p) => p.path),
    ...twins.brands.map((e) => folderCollections.brands.route(e.data)),
    ...twins.areas.map((e) => folderCollections.areas.route(e.data)),
  ];
  for (const p of paths) {
    const ids = targets.get(p) ?? new Set<string>();
    targets.set(p, ids);
    targets.set(twinPath('hi', p), ids);
  }
  return targets;
}
