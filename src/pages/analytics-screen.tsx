import { Island } from '../components/island.tsx';
import { useSiteData } from '../components/site-context.tsx';
import type { PageData } from '../contract/pages.ts';
import { Page as Dashboard, type DashboardProps } from './analytics-page.tsx';

/** /analytics: the owner's dashboard is the one screen React runs in the browser (src/islands/analytics.tsx). */
export function Page({ data }: { data: PageData<'analytics'> }) {
  const { site, messages } = useSiteData();
  // Public props (JSON in the page): the catalogue's dashboard.* words only (DashboardProps).
  const words = Object.fromEntries(Object.entries(messages).filter(([key]) => key.startsWith('dashboard.')));
  const props: DashboardProps = { title: data.meta.name, words, endpoints: { analytics: site.analytics.endpoint, leads: site.forms.contactEndpoint } };
  return (
    <Island name="analytics" props={props}>
      <Dashboard {...props} />
    </Island>
  );
}
