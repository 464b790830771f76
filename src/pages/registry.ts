import type { ComponentType } from 'react';
import type { PageData, PageKind } from '../contract/pages.ts';

/** A screen: renders the data of its page kind (src/contract/pages.ts). */
type Screen<K extends PageKind> = ComponentType<{ data: PageData<K> }>;
type Screens = { [K in PageKind]: () => Promise<{ Page: Screen<K> }> };

/**
 * One lazily loaded module per page kind: a page loads only its own screen's chunk. A new page
 * kind gets its data in src/contract/pages.ts, a line here (a type error until it has one) and a
 * builder in core/page-data/.
 */
const screens: Screens = {
  home: () => import('./home-page.tsx'),
  'privacy-policy': () => import('./privacy-policy-page.tsx'),
  'not-found': () => import('./not-found-page.tsx'),
  services: () => import('./services-page.tsx'),
  about: () => import('./about-page.tsx'),
  contact: () => import('./contact-page.tsx'),
  testimonials: () => import('./testimonials-page.tsx'),
  'blog-index': () => import('./blog-index-page.tsx'),
  post: () => import('./post-page.tsx'),
  'post-not-found': () => import('./section-not-found-page.tsx'),
  'service-center': () => import('./service-center-page.tsx'),
  'service-center-brand': () => import('./service-center-brand-page.tsx'),
  'brand-not-found': () => import('./section-not-found-page.tsx'),
  brand: () => import('./landing-page.tsx'),
  area: () => import('./landing-page.tsx'),
  analytics: () => import('./analytics-screen.tsx'),
  'thank-you': () => import('./thank-you-page.tsx'),
};

const loaded = new Map<PageKind, Screen<PageKind>>();

export async function loadPage(kind: PageKind): Promise<void> {
  if (loaded.has(kind)) return;
  const load = screens[kind] as (() => Promise<{ Page: Screen<PageKind> }>) | undefined;
  if (!load) throw new Error(`No screen for page kind "${kind}" in src/pages/registry.ts`);
  loaded.set(kind, (await load()).Page);
}

/** The screen of a page whose module `loadPage` has loaded. */
export function loadedPage<K extends PageKind>(kind: K): Screen<K> {
  const Page = loaded.get(kind);
  if (!Page) throw new Error(`The screen for "${kind}" was rendered before it was loaded`);
  return Page as Screen<K>;
}
