import { useT } from '../i18n/use-t.ts';

/**
 * The global loading indicator (spec §2, §4): a slim bar at the top and a faint overlay. Hidden in
 * the HTML; src/client/navigate.ts shows it while a page is on its way and during the
 * page-transition window after each path change.
 */
export function LoadingBar() {
  const t = useT();
  return (
    <div id="loading-bar" hidden>
      <div role="progressbar" aria-label={t('layout.loadingPage')} className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100">
        <div className="h-full w-1/3 animate-[loading_1s_ease-in-out_infinite] bg-accent-600" />
      </div>
      <div data-testid="loading-overlay" aria-hidden="true" className="pointer-events-none fixed inset-0 z-40 bg-white/30" />
    </div>
  );
}
