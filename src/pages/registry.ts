import type { ComponentType } from 'react';
import type { PageData } from '../lib/page-data.ts';

// biome-ignore lint: each screen types its own data
type PageComponent = ComponentType<{ data: any }>;
interface PageModule {
  Page: PageComponent;
}

/**
 * One lazily loaded module per screen: a page loads only its own screen's chunk. A new page kind
 * gets a line here and a builder in src/lib/content/pages/.
 */
const modules: Record<string, () => Promise<PageModule>> = {
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
  landing: () => import('./landing-page.tsx'),
  analytics: () => import('./analytics-page.tsx'),
  'thank-you': () => import('./thank-you-page.tsx'),
};

const loaded = new Map<string, PageComponent>();

export function pageKinds(): string[] {
  return Object.keys(modules);
}

export async function loadPage(kind: string): Promise<PageComponent> {
  const cached = loaded.get(kind);
  if (cached) return cached;
  const load = modules[kind];
  if (!load) throw new Error(`No screen for page kind "${kind}" in src/pages/registry.ts`);
  const { Page } = await load();
  loaded.set(kind, Page);
  return Page;
}

export function loadedPage(kind: PageData['kind']): PageComponent {
  const Page = loaded.get(kind);
  if (!Page) throw new Error(`The screen for "${kind}" was rendered before it was loaded`);
  return Page;
}
