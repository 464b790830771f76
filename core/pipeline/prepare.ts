import path from 'node:path';
import { loadContent } from '../content/load.ts';
import { buildSiteIndex } from '../page-data/site-index.ts';
import { imageEncoder, processImages } from './images.ts';
import { logoOf, socialCards, withSocialImages } from './social-images.ts';

export interface PrepareOptions {
  /** The project root (public/ for images). */
  root: string;
  contentDir: string;
  /** The build caches: content/ (core/content/cache.ts), bundles/, pages/. Pictures are kept with the content (mediaDirOf). */
  cacheDir: string;
  /** YYYY-MM-DD written into pages. */
  buildDate: string;
  /** Keep `draft: true` pages (site dev). */
  includeDrafts?: boolean;
}

/** Everything a page is made from, ready to render: the same for `site build`, `site dev` and `site check`. */
export type PreparedSite = Extract<Awaited<ReturnType<typeof prepareSite>>, { ok: true }>['site'];

/**
 * content/ → the site's data, as a chain of functions from data to new data: load and validate,
 * process images, build the page index, point pages at their social cards. Nothing is changed in
 * place, and every command calls this one function, so they all show the same pages.
 */
export async function prepareSite(opts: PrepareOptions, step: <T>(name: string, fn: () => Promise<T> | T) => Promise<T> = async (_, fn) => fn()) {
  const loaded = await step('content', () => loadContent(opts.contentDir, opts.root, { cacheDir: path.join(opts.cacheDir, 'content'), includeDrafts: opts.includeDrafts }));
  if (!loaded.content) return { ok: false as const, problems: loaded.problems, filesChecked: loaded.filesChecked };
  // Kept with the content (decision 064), one folder per encoder setting: a variant is made once
  // per source and settings, not per build nor per machine.
  const pictures = await step('pictures', async () => {
    const imageCacheDir = path.join(mediaDirOf(opts.contentDir), 'pictures', imageEncoder());
    return { imageCacheDir, ...(await processImages(loaded.content!, path.join(opts.root, 'public'), imageCacheDir)) };
  });
  const index = await step('index', () => buildSiteIndex(pictures.content, loaded.ctx, opts.buildDate));
  const logo = logoOf(pictures.content.site, opts.contentDir, opts.root);
  const cards = socialCards(pictures.content.site, index.site.messages, logo.file);
  return {
    ok: true as const,
    site: {
      content: pictures.content,
      index: withSocialImages(index, cards),
      /** Image variants the pages use, in `imageCacheDir`: served or copied at /_img/<name>. */
      images: pictures.files,
      imageCacheDir: pictures.imageCacheDir,
      /** Where the social cards' PNGs are kept (`renderSocialCard`). */
      cardDir: path.join(mediaDirOf(opts.contentDir), 'cards'),
      /** The social cards by page kind, served or written at /og/<file>. */
      cards,
      /** The logo's file, served or copied at its URL (the header and the favicon show it). */
      logo,
    },
    filesChecked: loaded.filesChecked,
    bodies: loaded.bodies,
  };
}

/**
 * The pictures and social cards made from the content, kept beside it to be committed with it
 * (decision 064): a clean checkout or a CI run builds without encoding them again.
 */
export function mediaDirOf(contentDir: string): string {
  return path.join(contentDir, '_media');
}

/** The build caches: .cache/ of the project, or SITE_CACHE_DIR. */
export function cacheDirOf(root: string): string {
  return process.env.SITE_CACHE_DIR ? path.resolve(process.env.SITE_CACHE_DIR) : path.join(root, '.cache');
}
