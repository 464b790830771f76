import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Page as Dashboard, type DashboardProps } from '../pages/analytics-page.tsx';

/** Hydrates the dashboard rendered by src/pages/analytics-screen.tsx. */
export function mount(element: Element, props: DashboardProps): void {
  hydrateRoot(
    element,
    <StrictMode>
      <Dashboard {...props} />
    </StrictMode>,
  );
}
