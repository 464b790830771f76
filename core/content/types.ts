// The shapes of loaded content: types only.

import type { z } from 'zod';
import type { FileCollections, folderCollections } from '#schemas/index.ts';
import type { Lang, Messages } from '#src/contract/site.ts';
import type { RenderedBody } from './mdx/render.ts';
import type { YamlSource } from './yaml-source.ts';

/** One file of a folder collection, validated. */
export interface Entry<T> {
  /** The file as messages show it, e.g. "content/brands/samsung.mdx". */
  file: string;
  data: T;
  source: YamlSource;
  /** The MDX body (empty for .yaml files). */
  body: string;
  /** Lines before the body in its file. */
  bodyLineOffset: number;
  /** The body rendered, with its headings and links (set by renderBodies: made now or taken from the content cache). */
  rendered?: RenderedBody;
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
