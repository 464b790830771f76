import { createContext, useContext, type ReactNode } from 'react';
import type { SiteData } from '../contract/site.ts';

const SiteContext = createContext<SiteData | null>(null);
const PathContext = createContext<string>('/');

/**
 * Hands the business facts and link lists of content/ to every component: the shell provides them
 * on the server (from the root route's data), an island provides them in the browser.
 */
export function SiteProvider({ value, children }: { value: SiteData; children: ReactNode }) {
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

/** The business facts and link lists of content/. */
export function useSiteData(): SiteData {
  const data = useContext(SiteContext);
  if (!data) throw new Error('useSiteData() used outside <SiteProvider>');
  return data;
}

/** The language's href map (SiteData.hrefs); none outside a page (a post card rendered on its own into an index's HTML). */
export function useHrefs(): SiteData['hrefs'] {
  return useContext(SiteContext)?.hrefs ?? {};
}

export function useSite() {
  return useSiteData().site;
}

/** The path of the page being rendered (the shell marks the link to it as the current page). */
export function PathProvider({ value, children }: { value: string; children: ReactNode }) {
  return <PathContext.Provider value={value}>{children}</PathContext.Provider>;
}

/** The path of the page being rendered ("/" outside a page). */
export function useCurrentPath(): string {
  return useContext(PathContext);
}
