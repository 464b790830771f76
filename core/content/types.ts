// The shapes of loaded content: types only.

import type { z } from 'zod';
import type { FileCollections, folderCollections } from '#schemas/index.ts';
import type { Lang, Messages } from '#src/contract/site.ts';
import type { CachedHtml } from './cache.ts';
import type { RenderedBody } from './mdx/render.ts';
import type { YamlSource } from './yaml-source.ts';

/** One file of a folder collection, validated. */
export interface Entry<T> {
  /** The file as messages show it, e.g. "content/brands/samsung.mdx". */
  file: string;
  data: T;
  source: YamlSource;
  /** The MDX body (empty for .yaml files). */
  body: BodyText;
  /** Lines before the body in its file. */
  bodyLineOffset: number;
  /** The body rendered, with its headings and links (set by renderBodies). */
  rendered?: LoadedBody;
}

/**
 * An MDX body's text, as its file's bytes: decoded only when asked for (to render it), so a file
 * whose data and body the content cache has is read and hashed, never decoded.
 */
export interface BodyText {
  /** Its UTF-8 bytes: what its cache key hashes. */
  readonly bytes: Uint8Array;
  /** Nothing but white space (or nothing). */
  readonly blank: boolean;
  text(): string;
  /** The text: a load compared as JSON compares the bodies. */
  toJSON(): string;
}

/** An MDX body as loading hands it on: rendered now or taken from the content cache. */
export interface LoadedBody extends Omit<RenderedBody, 'html'> {
  /** Its content-cache key: a hash of the body's text and the facts it may use. */
  key: string;
  /** Its HTML, decoded from the cache file only when a page or the feed asks for it. */
  html: CachedHtml;
}

type Collections = typeof folderCollections;
export type FolderContent = { [K in keyof Collections]: Entry<z.output<Collections[K]['schema']>>[] };

/** Everything in content/, validated. */
export interface Content extends FileCollections, FolderContent {
  /** Absolute path of the content folder. */
  dir: string;
  /** The Hindi edition (content/hi/, core/content/twins.ts): its twins, the English service-centre brands, no posts. */
  hi?: Content;
  /** content/messages/<lang>.yaml, flattened to dotted keys ("nav.home"). */
  messages: Record<Lang, Messages>;
  /** The language of this content: the Hindi twins (core/content/twins.ts) say 'hi'; English leaves it out. */
  lang?: Lang;
}
