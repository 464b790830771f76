import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { Badge, Card, Table } from '../components/analytics/parts.tsx';
import { LeadsByList, TopList } from '../components/analytics/top-lists.tsx';
import { chartDays } from '../components/analytics/chart-days.ts';
import { formatIst, type DashboardData } from '../lib/analytics-dashboard.ts';
import { changeText, comparedWith, daysOf, downloadEventsCsv, type Range } from '../lib/leads-dashboard.ts';

// The chart's module (and uPlot, which it imports when it mounts) loads only here.
const VisitorsChart = lazy(() => import('../components/analytics/visitors-chart.tsx').then((m) => ({ default: m.VisitorsChart })));

const coord = (n: number | null) => (n == null ? '—' : n.toFixed(4));
const count = (n: number) => n.toLocaleString('en-IN');

/** Every figure of the chosen dates: cards against the period before, the chart, leads, top lists, the latest rows. */
export function DashboardFigures({ data, range, endpoint, dashboardKey, children }: { data: DashboardData; range: Range; endpoint: string; dashboardKey: string; children?: ReactNode }) {
  const { totals: t, previousTotals: b, topCountries, sessions, events, top } = data;
  const against = comparedWith(range);
  const days = useMemo(() => chartDays(daysOf(range), data.perDay), [range, data.perDay]);
  return (
    <>
      <div className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Card label="Visitors" value={count(t.visitors)} change={changeText(t.visitors, b.visitors, against)} />
        <Card label="Total Sessions" value={count(t.sessions)} change={changeText(t.sessions, b.sessions, against)} />
        <Card label="Total Events" value={count(t.events)} change={changeText(t.events, b.events, against)} />
        <Card label="Unique IPs" value={count(t.uniqueIps)} change={changeText(t.uniqueIps, b.uniqueIps, against)} />
        <Card label="Top Country" value={topCountries[0]?.country ?? 'N/A'} />
      </div>
      <p className="mt-2 text-sm text-muted">
        Visitors are people, each counted once a day without cookies; a session is one page load, so a visitor who reloads makes more sessions.
      </p>
      <Suspense fallback={<div className="mt-6 h-72 rounded-xl bg-slate-100" />}>
        <VisitorsChart days={days} />
      </Suspense>
      {children}
      <h2 className="mt-8 text-2xl font-bold text-brand-900">Pages, sources and devices</h2>
      <div className="grid gap-x-6 md:grid-cols-2">
        <TopList title="Most viewed pages" items={top.page} unit="views" />
        <TopList title="Pages people arrive on" items={top.entry} unit="visits" />
        <TopList title="Where visitors come from" items={top.source} unit="visits" />
        <TopList title="Ad and campaign tags (utm_source)" items={top.utm_source} unit="visits" empty="No tagged links in these dates." />
        <TopList title="Campaign medium (utm_medium)" items={top.utm_medium} unit="visits" empty="No tagged links in these dates." />
        <TopList title="Campaign name (utm_campaign)" items={top.utm_campaign} unit="visits" empty="No tagged links in these dates." />
        <TopList title="Phone, tablet or computer" items={top.device} unit="visits" />
        <TopList title="Countries" items={top.country} unit="visits" />
        <LeadsByList title="Leads by page" items={data.leadsByPage} />
        <LeadsByList title="Leads by where visitors came from" items={data.leadsBySource} />
      </div>
      <Table
        caption="Latest sessions"
        head={['IP', 'Country', 'City, region', 'Latitude, longitude', 'Created']}
        rows={sessions.slice(0, 10).map((s) => [
          s.ip_address ?? '—',
          <Badge tone="brand">{s.country ?? 'Unknown'}</Badge>,
          [s.city, s.region].filter(Boolean).join(', ') || '—',
          `${coord(s.latitude)}, ${coord(s.longitude)}`,
          formatIst(s.created_at),
        ])}
      />
      <Table
        caption="Latest events"
        head={['Type', 'IP', 'Element', 'Time']}
        rows={events.slice(0, 10).map((e) => [
          <Badge tone={e.event_type === 'click' ? 'accent' : 'plain'}>{e.event_type}</Badge>,
          e.ip_address ?? '—',
          e.element_clicked ?? '—',
          formatIst(e.timestamp),
        ])}
      />
      <button
        type="button"
        onClick={() => void downloadEventsCsv(endpoint, dashboardKey, range).catch((error: unknown) => console.error('Events CSV download failed', error))}
        className="mt-4 min-h-11 rounded-lg border border-line bg-white px-3 text-sm font-semibold text-ink"
      >
        Download every event of these dates (CSV)
      </button>
      <div className="mt-8 rounded-xl border border-line p-4">
        <h2 className="text-lg font-bold text-brand-900">Top countries</h2>
        {topCountries.length === 0 ? (
          <p className="mt-2 text-muted">No countries yet.</p>
        ) : (
          <ol className="mt-2 space-y-1">
            {topCountries.map((c) => (
              <li key={c.country} className="flex justify-between gap-4">
                <Badge tone="brand">{c.country}</Badge>
                <span>
                  {count(c.count)} {c.count === 1 ? 'session' : 'sessions'}
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </>
  );
}
