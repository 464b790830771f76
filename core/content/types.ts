import type { z } from 'zod';
import type { FileCollections, folderCollections } from '#schemas/index.ts';
import type { Lang, Language, Messages } from '#src/contract/site.ts';
import type { RenderedBody } from './mdx/render.ts';
import type { MdxFile } from './front-matter.ts';

/** One file of a folder collection, validated (its body empty for a .yaml file). */
export interface Entry<T> extends MdxFile {
  /** The file as messages show it, e.g. "content/brands/acme.mdx". */
  file: string;
  data: T;
  /** The body rendered, with its headings and links (set by renderBodies: made now or taken from the content cache). */
  rendered?: RenderedBody;
}

type Collections = typeof folderCollections;
export type FolderContent = { [K in keyof Collections]: Entry<z.output<Collections[K]['schema']>>[] };

/** Everything in content/, validated: the site in one language. */
export interface Content extends FileCollections, FolderContent {
  /** Absolute path of the content folder: content/, or content/<code>/ for a language after the first. */
  dir: string;
  /** The catalogue of this content's language (content/messages/<code>.yaml), flattened to dotted keys ("nav.home"). */
  messages: Messages;
  /** The language of this content. */
  language: Language;
  /** The site's languages and the pages each has: shared by the content of every language. */
  languages: SiteLanguages;
  /** The site in each other language (core/content/languages.ts); on the default language's content only. */
  translations?: Content[];
}

/** The languages of the site (site.yaml `languages`, the default first) and the pages each one has. */
export interface SiteLanguages {
  list: Language[];
  /**
   * Per language code: a page's path in the default language → the path of its twin in that
   * language, for each page the language has; empty for the default language (every page is its own).
   */
  hrefs: Record<Lang, Record<string, string>>;
}
