import type { ResolvedSection } from '../../contract/pages.ts';

/** The props of one section component: its data and its anchor id. */
export type SectionProps<T extends ResolvedSection['type']> = { section: Extract<ResolvedSection, { type: T }>; id: string };
