import { useRouteLoaderData } from 'react-router';
import type { SiteData } from '../contract/site.ts';

/** The business facts and link lists of content/, from the root route's loader. */
export function useSiteData(): SiteData {
  const data = useRouteLoaderData('root') as SiteData | undefined;
  if (!data) throw new Error('useSiteData() used outside the root route');
  return data;
}

export function useSite() {
  return useSiteData().site;
}
