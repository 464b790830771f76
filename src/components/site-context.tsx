import { createContext, useContext } from 'react';
import type { SiteData } from '../contract/site.ts';
import { translate, type MessageVars } from '../i18n/translate.ts';
import { formatPhone } from '../lib/format.ts';

/**
 * Hands the business facts and link lists of content/ to every component: the shell provides them
 * on the server (from the root route's data), an island provides them in the browser.
 */
export const SiteContext = createContext<SiteData | null>(null);
/** The path of the page being rendered ("/" outside a page): the header marks the link to it as the current page. */
export const PathContext = createContext<string>('/');

/** The business facts and link lists of content/. */
export function useSiteData(): SiteData {
  const data = useContext(SiteContext);
  if (!data) throw new Error('useSiteData() used outside <SiteContext.Provider>');
  return data;
}

export function useSite() {
  return useSiteData().site;
}

/** The business facts the catalogue's sentences name: {business}, {city}, {years}, {warranty}, … */
export function useFacts() {
  const { business, address, founded, stats, warranty, contact } = useSite();
  return { business: business.name, city: address.city, locality: address.locality, region: address.region, founded, years: stats.years, jobs: stats.jobs, warranty: warranty.primary.label, phone: formatPhone(contact.phone) };
}

/** `t(key, vars)` in the catalogue of the page's language. */
export function useT(): (key: string, vars?: MessageVars) => string {
  const { messages } = useSiteData();
  return (key, vars) => translate(messages, key, vars);
}
