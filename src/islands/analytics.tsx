import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Page as Dashboard, type DashboardProps } from '../pages/analytics-page.tsx';

/** Hydrates the dashboard rendered by src/pages/analytics-screen.tsx; returns how to stop it. */
export function mount(element: Element, props: DashboardProps): () => void {
  const root = hydrateRoot(
    element,
    <StrictMode>
      <Dashboard {...props} />
    </StrictMode>,
  );
  return () => root.unmount();
}
