import { Island } from '../components/island.tsx';
import { useSiteData } from '../components/site-context.tsx';
import type { PageData } from '../contract/pages.ts';
import { Page as Dashboard } from './analytics-page.tsx';

/** /analytics: the owner's dashboard is the one screen React runs in the browser (src/islands/analytics.tsx). */
export function Page({ data }: { data: PageData<'analytics'> }) {
  // The dashboard is English and translates nothing: the page's catalogue stays out of its props.
  const site = { ...useSiteData(), messages: {} };
  return (
    <Island name="analytics" props={{ site, data }}>
      <Dashboard data={data} />
    </Island>
  );
}
