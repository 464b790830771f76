import type { RouteObject } from 'react-router';
import { Layout } from './components/layout.tsx';
import { pageLoader, siteLoader } from './lib/loaders.ts';
import { PageRoute } from './pages/page-route.tsx';

/**
 * Two routes serve every URL: the shell, and one page route whose data says which screen to show.
 * The list of URLs comes from content/ (core/pipeline/), never from this file.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Layout,
    loader: siteLoader,
    shouldRevalidate: () => false,
    children: [{ id: 'page', path: '*', Component: PageRoute, loader: pageLoader }],
  },
];
