import { Island } from '../components/island.tsx';
import { useSiteData } from '../components/site-context.tsx';
import type { PageData } from '../contract/pages.ts';
import { Page as Dashboard, type DashboardProps } from './analytics-page.tsx';

/** /analytics: the owner's dashboard is the one screen React runs in the browser (src/islands/analytics.tsx). */
export function Page({ data }: { data: PageData<'analytics'> }) {
  const { site, messages } = useSiteData();
  // The island's props are public (JSON in the page): only what the dashboard reads, never the
  // site's settings or the catalogue as a whole (issue 38, N3; the page's weight).
  const words = Object.fromEntries(Object.entries(messages).filter(([key]) => key.startsWith('dashboard.')));
  const props: DashboardProps = { title: data.meta.name, words, endpoints: { analytics: site.analytics.endpoint, leads: site.forms.contactEndpoint } };
  return (
    <Island name="analytics" props={props}>
      <Dashboard {...props} />
    </Island>
  );
}
