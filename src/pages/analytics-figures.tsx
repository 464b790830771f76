import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { Badge, Block, Card, Table } from '../components/analytics/parts.tsx';
import { countOf, useWords, type DashboardT } from '../components/analytics/words.tsx';
import { changeText, chartDays, comparedWith, daysOf, downloadCsv, formatIst, type DashboardData, type LeadsBy, type Range, type TopItem } from '../lib/analytics-dashboard.ts';

// The chart's module (and uPlot, which it imports when it mounts) loads only here.
const VisitorsChart = lazy(() => import('../components/analytics/visitors-chart.tsx').then((m) => ({ default: m.VisitorsChart })));

const coord = (n: number | null) => (n == null ? '—' : n.toFixed(4));
const count = (n: number) => n.toLocaleString('en-IN');

/** Every figure of the chosen dates: cards against the period before, the chart, leads, top lists, the latest rows. */
export function DashboardFigures({ data, range, endpoint, dashboardKey, children }: { data: DashboardData; range: Range; endpoint: string; dashboardKey: string; children?: ReactNode }) {
  const { totals: n, previousTotals: b, topCountries, sessions, events, top } = data;
  const t = useWords();
  const against = comparedWith(range, t);
  const change = (key: keyof typeof n) => changeText(n[key], b[key], against, t);
  const days = useMemo(() => chartDays(daysOf(range), data.perDay), [range, data.perDay]);
  const ip = t('table.ip');
  return (
    <>
      <div className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-5">
        {(['visitors', 'sessions', 'events', 'uniqueIps'] as const).map((k) => (
          <Card key={k} label={t(`cards.${k}`)} value={count(n[k])} change={change(k)} />
        ))}
        <Card label={t('cards.topCountry')} value={topCountries[0]?.country ?? t('cards.none')} />
      </div>
      <p className="mt-2 text-sm text-muted">{t('visitorsNote')}</p>
      <Suspense fallback={<div className="mt-6 h-72 rounded-xl bg-slate-100" />}>
        <VisitorsChart days={days} />
      </Suspense>
      {children}
      <h2 className="mt-8 text-2xl font-bold text-brand-900">{t('top.title')}</h2>
      <div className="grid gap-x-6 md:grid-cols-2">
        <TopList title={t('top.page')} items={top.page} unit={t('top.views')} />
        <TopList title={t('top.entry')} items={top.entry} unit={t('top.visits')} />
        <TopList title={t('top.source')} items={top.source} unit={t('top.visits')} />
        <TopList title={t('top.utmSource')} items={top.utm_source} unit={t('top.visits')} empty={t('top.noTags')} />
        <TopList title={t('top.utmMedium')} items={top.utm_medium} unit={t('top.visits')} empty={t('top.noTags')} />
        <TopList title={t('top.utmCampaign')} items={top.utm_campaign} unit={t('top.visits')} empty={t('top.noTags')} />
        <TopList title={t('top.device')} items={top.device} unit={t('top.visits')} />
        <TopList title={t('top.country')} items={top.country} unit={t('top.visits')} />
        <LeadsByList title={t('top.leadsByPage')} items={data.leadsByPage} />
        <LeadsByList title={t('top.leadsBySource')} items={data.leadsBySource} />
      </div>
      <Table
        caption={t('sessions.caption')}
        head={[ip, t('sessions.country'), t('sessions.place'), t('sessions.coordinates'), t('sessions.created')]}
        rows={sessions.slice(0, 10).map((s) => [
          s.ip_address ?? '—',
          <Badge tone="brand">{s.country ?? t('sessions.unknownCountry')}</Badge>,
          [s.city, s.region].filter(Boolean).join(', ') || '—',
          `${coord(s.latitude)}, ${coord(s.longitude)}`,
          formatIst(s.created_at, t),
        ])}
      />
      <Table
        caption={t('events.caption')}
        head={[t('events.type'), ip, t('events.element'), t('events.time')]}
        rows={events.slice(0, 10).map((e) => [
          <Badge tone={e.event_type === 'click' ? 'accent' : 'plain'}>{e.event_type}</Badge>,
          e.ip_address ?? '—',
          e.element_clicked ?? '—',
          formatIst(e.timestamp, t),
        ])}
      />
      <button
        type="button"
        onClick={() => void downloadCsv('events', endpoint, dashboardKey, range).catch((error: unknown) => console.error('Events CSV download failed', error))}
        className="mt-4 min-h-11 rounded-lg border border-line bg-white px-3 text-sm font-semibold text-ink"
      >
        {t('events.download')}
      </button>
      <div className="mt-8 rounded-xl border border-line p-4">
        <h2 className="text-lg font-bold text-brand-900">{t('countries.title')}</h2>
        {topCountries.length === 0 ? (
          <p className="mt-2 text-muted">{t('countries.empty')}</p>
        ) : (
          <ol className="mt-2 space-y-1">
            {topCountries.map((c) => (
              <li key={c.country} className="flex justify-between gap-4">
                <Badge tone="brand">{c.country}</Badge>
                <span>{countOf(t, 'count.session', c.count)}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </>
  );
}

/** A ranked list (no table: it fits a 360 px phone), the figure at the right. */
function TopList({ title, items, unit, empty }: { title: string; items: TopItem[]; unit: string; empty?: string }) {
  const t = useWords();
  return (
    <Block title={title}>
      {items.length === 0 ? (
        <p className="text-muted">{empty ?? t('top.empty')}</p>
      ) : (
        <ol className="space-y-1 text-sm">
          {items.map((t) => (
            <li key={t.key} className="flex justify-between gap-4 border-b border-line py-1">
              <span className="break-all">{t.key}</span>
              <span className="shrink-0 font-semibold">
                {t.count.toLocaleString('en-IN')} <span className="font-normal text-muted">{unit}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </Block>
  );
}

/** Calls, WhatsApp chats and form requests per page or per source. */
function LeadsByList({ title, items }: { title: string; items: LeadsBy[] }) {
  const t = useWords();
  return (
    <Block title={title}>
      {items.length === 0 ? (
        <p className="text-muted">{t('leads.none')}</p>
      ) : (
        <ol className="space-y-1 text-sm">
          {items.map((l) => (
            <li key={l.key} className="flex flex-wrap justify-between gap-x-4 border-b border-line py-1">
              <span className="break-all font-medium">{l.key}</span>
              <span>
                {leadCounts(t, l.calls, l.whatsapp, l.forms)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Block>
  );
}

/** "1 call · 0 chats · 2 requests" (dashboard.count.*). */
export const leadCounts = (t: DashboardT, calls: number, chats: number, requests: number) =>
  [countOf(t, 'count.call', calls), countOf(t, 'count.chat', chats), countOf(t, 'count.request', requests)].join(' · ');
