import { useT } from './site-context.tsx';

/**
 * The global loading indicator (spec §2, §4): a slim bar at the top and a faint overlay, shown by
 * the stylesheet (styles.css, #loading-bar) from 100 ms to 350 ms after each page appears: the
 * spec's page-transition state. It works without JavaScript; the client entry replays it for a page
 * shown again from the back/forward cache or activated from a prerender.
 */
export function LoadingBar() {
  const t = useT();
  return (
    <div id="loading-bar">
      <div role="progressbar" aria-label={t('layout.loadingPage')} className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100">
        <div className="h-full w-1/3 bg-accent-600" />
      </div>
      <div data-testid="loading-overlay" aria-hidden="true" className="pointer-events-none fixed inset-0 z-40 bg-white/30" />
    </div>
  );
}
