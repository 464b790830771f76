import { createContext, useContext } from 'react';
import type { SiteData } from '../contract/site.ts';

/**
 * Hands the business facts and link lists of content/ to every component: the shell provides them
 * on the server (from the root route's data), an island provides them in the browser.
 */
export const SiteContext = createContext<SiteData | null>(null);
/** The path of the page being rendered (the shell marks the link to it as the current page). */
export const PathContext = createContext<string>('/');

/** The business facts and link lists of content/. */
export function useSiteData(): SiteData {
  const data = useContext(SiteContext);
  if (!data) throw new Error('useSiteData() used outside <SiteContext.Provider>');
  return data;
}

/** The language's href map (SiteData.hrefs); none outside a page (a post card rendered on its own into an index's HTML). */
export function useHrefs(): SiteData['hrefs'] {
  return useContext(SiteContext)?.hrefs ?? {};
}

export function useSite() {
  return useSiteData().site;
}

/** The path of the page being rendered ("/" outside a page). */
export function useCurrentPath(): string {
  return useContext(PathContext);
}
