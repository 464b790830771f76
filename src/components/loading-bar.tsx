import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';

/** Spec §2: on every path change, loading is marked after a 100 ms delay and ends about 250 ms later. */
const TRANSITION_DELAY_MS = 100;
const TRANSITION_LENGTH_MS = 250;

/** The global loading flag: a router navigation in flight, or the page-transition window. */
export function useGlobalLoading(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const [transition, setTransition] = useState(false);
  // The path last seen: the first render (and StrictMode's second effect run) is no path change.
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const start = setTimeout(() => setTransition(true), TRANSITION_DELAY_MS);
    const end = setTimeout(() => setTransition(false), TRANSITION_DELAY_MS + TRANSITION_LENGTH_MS);
    return () => {
      clearTimeout(start);
      clearTimeout(end);
    };
  }, [pathname]);
  return navigation.state !== 'idle' || transition;
}

/** A slim bar at the top and a faint overlay while the global loading flag is true. */
export function LoadingBar() {
  const loading = useGlobalLoading();
  if (!loading) return null;
  return (
    <>
      <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100">
        <div className="h-full w-1/3 animate-[loading_1s_ease-in-out_infinite] bg-accent-600" />
      </div>
      <div data-testid="loading-overlay" aria-hidden="true" className="pointer-events-none fixed inset-0 z-40 bg-white/30" />
    </>
  );
}
