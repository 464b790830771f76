import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * After load, and whenever the URL's #fragment changes, scroll to the element it names, first
 * opening any closed <details> around it (the services that "View All" keeps folded). Browsers do
 * this for a fresh page load, but not all of them open <details>, and none scroll on a client-side
 * navigation to a hash of the same page.
 */
export function useHashTarget() {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (!target) return;
    for (let d = target.closest('details'); d; d = d.parentElement?.closest('details') ?? null) d.open = true;
    target.scrollIntoView();
  }, [hash]);
}
