import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { SiteProvider } from '../components/site-context.tsx';
import type { PageData } from '../contract/pages.ts';
import type { SiteData } from '../contract/site.ts';
import { Page as Dashboard } from '../pages/analytics-page.tsx';

/** Hydrates the dashboard rendered by src/pages/analytics-screen.tsx; returns how to stop it. */
export function mount(element: Element, props: { site: SiteData; data: PageData<'analytics'> }): () => void {
  const root = hydrateRoot(
    element,
    <StrictMode>
      <SiteProvider value={props.site}>
        <Dashboard data={props.data} />
      </SiteProvider>
    </StrictMode>,
  );
  return () => root.unmount();
}
