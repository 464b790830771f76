// The site in its other languages (decision 110): each language after the first of site.yaml's
// `languages` has its translated pages in content/<code>/, a mirror of content/ read with the same
// readers and validated by the same schemas, each file the twin of the default language's file at
// the same path (decision 080). Its content is the site as a reader of that language sees it: its
// twins where it has them, the default language's pages where it has none (they are listed and
// linked, never built as its pages), and its own site.yaml overlay, messages and language.

import { existsSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { fileCollections, folderCollections, routeOf, SiteSchema, type FolderCollectionName } from '#schemas/index.ts';
import type { Lang, Language, Messages } from '#src/contract/site.ts';
import { pathIn } from '#src/i18n/href.ts';
import { laterIndexPaths } from '../page-data/blog-index.ts';
import type { LoadContext } from './context.ts';
import { readFolders } from './folders.ts';
import type { Content, Entry, FolderContent } from './types.ts';
import type { PathKey, YamlSource } from './yaml-source.ts';

/** The file collections a language may translate; site.yaml is an overlay, not a twin. */
const TWIN_FILES = ['pages', 'services', 'testimonials', 'faqs', 'areasServed'] as const;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `over` laid onto `base`: objects merge key by key, anything else in `over` replaces. */
export function deepMerge(base: unknown, over: unknown): unknown {
  if (!isObject(base) || !isObject(over)) return over;
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = k in base ? deepMerge(base[k], v) : v;
  return out;
}

/** Every key path of the overlay that is not text, or that the default language's site.yaml does not have. */
function checkOverlay(lctx: LoadContext, source: YamlSource, base: unknown) {
  const walk = (value: unknown, under: unknown, at: PathKey[]) => {
    if (isObject(value)) {
      for (const [k, v] of Object.entries(value)) {
        if (!isObject(under) || !(k in under)) {
          lctx.fieldError(source, 'site', [...at, k], 'overlay-key', {
            expected: 'a key of content/site.yaml (the overlay only translates its text)',
            received: JSON.stringify(k),
            near: [k, isObject(under) ? Object.keys(under) : []],
          }, { key: true });
        } else walk(v, under[k], [...at, k]);
      }
    } else if (typeof value !== 'string' || typeof under !== 'string') {
      lctx.fieldError(source, 'site', at, 'overlay-text', {
        expected: 'text that translates the value of content/site.yaml (facts are written once, there)',
        received: JSON.stringify(value),
      });
    }
  };
  walk(source.value, base, []);
}

/** content/<code>/site.yaml merged onto content/site.yaml and validated; problems located in the overlay. */
function readSiteOverlay(lctx: LoadContext, baseValue: unknown): z.output<typeof SiteSchema> | undefined {
  const abs = path.join(lctx.dir, fileCollections.site.file);
  if (!existsSync(abs) || baseValue === undefined) return undefined;
  const source = lctx.readYamlValue(abs);
  if (!source) return undefined;
  const before = lctx.problems.length;
  checkOverlay(lctx, source, baseValue);
  if (lctx.problems.length > before) return undefined;
  return lctx.validate({ ...source, value: deepMerge(baseValue, source.value) }, SiteSchema, 'site');
}

/**
 * Read content/<code>/ for one language (nothing when the folder does not exist): every twin, each
 * checked against its default-language file. Its own context (its problems located in its files),
 * its twin files (each file collection it translates: its data, null when it has problems), overlay
 * and folders.
 */
export function readTwins(ctx: LoadContext, code: Lang) {
  const lctx = ctx.child(path.join(ctx.dir, code));
  const files: Partial<Record<(typeof TWIN_FILES)[number], unknown>> = {};
  for (const name of TWIN_FILES) {
    const { file, schema } = fileCollections[name];
    if (existsSync(path.join(lctx.dir, file))) files[name] = lctx.readYaml(file, schema, name) ?? null;
  }
  // The overlay is validated merged onto a valid site.yaml only: that file's own problems are reported once, there.
  const baseSiteFile = ctx.display(path.join(ctx.dir, fileCollections.site.file));
  const site = readSiteOverlay(lctx, ctx.problems.some((p) => p.file === baseSiteFile) ? undefined : ctx.sources.get(baseSiteFile)?.value);
  const folders = readFolders(lctx);
  checkTwinFiles(ctx, lctx, folders, files.pages as Content['pages'] | null | undefined);
  return { code, lctx, files, site, folders };
}

/** A language after the first as read from content/<code>/. */
type Twins = ReturnType<typeof readTwins>;

/**
 * A language's content, made from its twins and the default language's content `def`: its twins
 * where it has them, the default language's files where it has none. Its pages go into
 * `def.languages.hrefs`: default-language path → the twin's path.
 */
export function translation({ lctx, files, site, folders }: Twins, def: Content, language: Language, catalogues: Record<Lang, Messages>): Content {
  const own = Object.fromEntries(
    (Object.keys(folderCollections) as FolderCollectionName[]).map((name) => [name, publishedTwins(def, folders, name, lctx)]),
  ) as unknown as FolderContent;
  const pages = (files.pages as Content['pages'] | undefined) ?? [];
  const hrefs: Record<string, string> = (def.languages.hrefs[language.code] = {});
  for (const p of pathsOf(pages, own)) hrefs[p] = pathIn(language, p);
  return {
    dir: lctx.dir,
    site: site ?? def.site,
    ...(Object.fromEntries(TWIN_FILES.map((name) => [name, files[name] ?? def[name]])) as Pick<Content, (typeof TWIN_FILES)[number]>),
    pages,
    ...own,
    messages: catalogues[language.code]!,
    language,
    languages: def.languages,
  };
}

/** The paths of a language's own pages (pages.yaml and the folders' twins), as in the default language. */
export const pathsOf = (pages: Content['pages'], folders: FolderContent) => [
  ...pages.map((page) => page.path),
  ...(pages.some((page) => page.kind === 'blog-index') ? laterIndexPaths(folders.blog.length) : []),
  ...(Object.keys(folderCollections) as FolderCollectionName[]).flatMap((name) => (folders[name] as Entry<unknown>[]).map((e) => routeOf(name, e.data))),
];

/** A twin needs its default language's file, and a page of pages.yaml the same path and kind as there. */
function checkTwinFiles(ctx: LoadContext, lctx: LoadContext, folders: FolderContent, pages: Content['pages'] | null | undefined) {
  for (const name of Object.keys(folders) as FolderCollectionName[]) {
    for (const e of folders[name] as Entry<unknown>[]) {
      // The default language's file it is the twin of: the same path under content/.
      const baseFile = path.join(ctx.dir, path.relative(lctx.dir, path.join(ctx.root, e.file)));
      if (!existsSync(baseFile)) {
        lctx.error(e.file, { line: 1, column: 1 }, 'twin-orphan', `${name}: a twin without its page in the default language`, {
          expected: `the page ${ctx.display(baseFile)}`,
          received: 'no such file',
        });
      }
    }
  }
  if (!pages) return;
  // Valid pages were read, so their source is kept.
  const source = lctx.sources.get(ctx.display(path.join(lctx.dir, fileCollections.pages.file)))!;
  const basePages = ctx.sources.get(ctx.display(path.join(ctx.dir, fileCollections.pages.file)))?.value;
  const kinds = new Map((Array.isArray(basePages) ? (basePages as Json[]) : []).map((p) => [p.path as string, p.kind as string]));
  pages.forEach((page, i) => {
    const kind = kinds.get(page.path);
    if (kind === undefined) {
      lctx.fieldError(source, 'pages', [i, 'path'], 'twin-orphan', {
        expected: 'the path of a page in content/pages.yaml (a twin has its page in the default language)',
        received: JSON.stringify(page.path),
        near: [page.path, kinds.keys()],
      });
    } else if (kind !== page.kind) {
      lctx.fieldError(source, 'pages', [i, 'kind'], 'twin-structure', {
        expected: `${JSON.stringify(kind)}, the kind of ${page.path} in content/pages.yaml`,
        received: JSON.stringify(page.kind),
      });
    }
  });
}

/**
 * The twins of a folder collection whose default-language page is published, with the same URL:
 * a twin of a draft is left out with it, a twin at another URL is a problem.
 */
function publishedTwins(def: Content, folders: FolderContent, name: FolderCollectionName, lctx: LoadContext): Entry<unknown>[] {
  const byFile = new Map((def[name] as Entry<unknown>[]).map((e) => [path.relative(def.dir, path.join(lctx.root, e.file)), e]));
  const out: Entry<unknown>[] = [];
  for (const e of folders[name] as Entry<unknown>[]) {
    const twin = byFile.get(path.relative(lctx.dir, path.join(lctx.root, e.file)));
    if (!twin) continue; // no page in the default language (reported), or a draft
    if (routeOf(name, twin.data) !== routeOf(name, e.data)) {
      lctx.fieldError(e.source, name, ['slug'], 'twin-structure', {
        expected: `${JSON.stringify((twin.data as { slug: string }).slug)}, the slug of ${twin.file} (a twin's URL is the language's prefix + the default language's URL)`,
        received: JSON.stringify((e.data as { slug: string }).slug),
      });
      continue;
    }
    out.push(e);
  }
  return out;
}
