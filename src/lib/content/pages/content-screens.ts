import type { PageEntry } from '../../../../schemas/index.ts';
import type { PageData, PageMeta } from '../../page-data.ts';
import { blogIndexPages } from './blog-index.ts';
import { serviceCenterTiles, type ServiceCenterData } from './service-center.ts';
import type { StaticArgs } from './static.ts';

type Builder = (entry: PageEntry, meta: PageMeta, args: StaticArgs) => PageData;

/** Builders of the fixed pages of issue 3 (the blog index and the service centre), used by static.ts. */
export const contentBuilders: Partial<Record<PageEntry['kind'], Builder>> = {
  'blog-index': (entry, meta, { content }) => blogIndexPages(content, { title: entry.title, description: entry.description, meta })[0]!,
  'service-center': (entry, meta, { content }) => ({ kind: entry.kind, meta, brands: serviceCenterTiles(content) }) as ServiceCenterData,
};
