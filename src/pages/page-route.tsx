import { createElement } from 'react';
import { useLoaderData } from 'react-router';
import type { PageData } from '../contract/pages.ts';
import { loadedPage } from './registry.ts';

/** Renders the screen that the page's data names (its module was loaded once, by the loader: registry.ts). */
export function PageRoute() {
  const data = useLoaderData() as PageData;
  return createElement(loadedPage(data.kind), { data });
}
