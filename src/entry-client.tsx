import './styles.css';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { startAdTag } from './lib/ad-tag.ts';
import type { SiteData } from './contract/site.ts';
import type { PageData } from './contract/pages.ts';
import { loadPage } from './pages/registry.ts';
import { routes } from './routes.tsx';
import { startTracker } from './tracker/index.ts';

async function start() {
  const script = document.getElementById('__site_data');
  const root = document.getElementById('root');
  if (!script?.textContent || !root) throw new Error('The page has no hydration data');
  const data = JSON.parse(script.textContent) as { root: SiteData; page: PageData };
  // The page's screen must be loaded before hydrating, or the first render would not match the HTML.
  await loadPage(data.page.kind);
  const router = createBrowserRouter(routes, {
    hydrationData: { loaderData: { root: data.root, page: data.page } },
  });
  hydrateRoot(
    root,
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  startAdTag(data.root.site.ads);
  startTracker({ endpoint: data.root.site.analytics.endpoint });
}

void start();
