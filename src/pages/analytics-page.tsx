import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../components/button.tsx';
import { cn } from '../components/cn.ts';
import { useSite } from '../components/site-context.tsx';
import {
  EMPTY_DASHBOARD,
  formatIst,
  readDashboard,
  saveDashboardKey,
  takeDashboardKey,
  type DashboardData,
} from '../lib/analytics-dashboard.ts';
import type { PageData } from '../contract/pages.ts';
import { LeadsPanel } from './analytics-leads.tsx';

type View = { status: 'loading' } | { status: 'ready'; data: DashboardData; problem: 'no-key' | 'failed' | null; key?: string };

/** The owner's dashboard (spec §2): summary cards, latest sessions and events, top countries. */
/** The dashboard's data for a key: empty values (and the reason) when there is no key or the read fails. */
async function readView(endpoint: string, key: string | null): Promise<View> {
  if (!key) {
    console.error('Analytics dashboard: no dashboard key, showing empty values');
    return { status: 'ready', data: EMPTY_DASHBOARD, problem: 'no-key' };
  }
  try {
    return { status: 'ready', data: await readDashboard(endpoint, key), problem: null, key };
  } catch (error) {
    console.error('Analytics dashboard read failed', error);
    return { status: 'ready', data: EMPTY_DASHBOARD, problem: 'failed' };
  }
}

export function Page({ data }: { data: PageData<'analytics'> }) {
  const site = useSite();
  const endpoint = site.analytics.endpoint;
  const [view, setView] = useState<View>({ status: 'loading' });

  const load = useCallback((key: string | null) => readView(endpoint, key).then(setView), [endpoint]);

  useEffect(() => {
    void load(takeDashboardKey());
  }, [load]);

  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-extrabold text-brand-900">{data.meta.name}</h1>
      <p className="mt-2 text-muted">Times are India Standard Time (Asia/Kolkata).</p>
      {view.status === 'loading' ? (
        <Skeleton />
      ) : (
        <>
          {view.problem && (
            <KeyPrompt
              failed={view.problem === 'failed'}
              onKey={(key) => {
                saveDashboardKey(key);
                setView({ status: 'loading' });
                void load(key);
              }}
            />
          )}
          {view.key && <LeadsPanel endpoint={site.forms.contactEndpoint} dashboardKey={view.key} />}
          <Dashboard data={view.data} />
        </>
      )}
    </section>
  );
}

function Skeleton() {
  return (
    <div role="status" aria-live="polite" className="mt-8 animate-pulse" data-testid="analytics-skeleton">
      <span className="sr-only">Loading analytics…</span>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-24 rounded-xl bg-slate-200" />
        ))}
      </div>
      <div className="mt-8 h-64 rounded-xl bg-slate-200" />
      <div className="mt-8 h-64 rounded-xl bg-slate-200" />
    </div>
  );
}

function KeyPrompt({ failed, onKey }: { failed: boolean; onKey: (key: string) => void }) {
  const id = 'dashboard-key';
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const key = String(new FormData(e.currentTarget).get('key') ?? '').trim();
    if (key) onKey(key);
  };
  return (
    <form onSubmit={submit} className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <p className="font-semibold text-ink">
        {failed ? 'The analytics could not be read with the saved key.' : 'Enter the dashboard key to see visitor data.'}
      </p>
      <p className="mt-1 text-sm text-muted">
        <code>npm start</code> prints a link to this page that carries the key; it is kept in this browser.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <label htmlFor={id} className="flex flex-col text-sm font-medium text-ink">
          Dashboard key
          <input id={id} name="key" type="password" autoComplete="off" required className="mt-1 min-h-11 rounded-lg border border-line px-3" />
        </label>
        <Button type="submit">Show analytics</Button>
      </div>
    </form>
  );
}

function Card({ label, value }: { label: string; value: ReactNode }) {
  const id = `card-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div role="group" aria-labelledby={id} className="rounded-xl border border-line bg-white p-5 shadow-sm">
      <p id={id} className="text-sm font-medium text-muted">
        {label}
      </p>
      <p className="mt-1 text-3xl font-bold text-ink">{value}</p>
    </div>
  );
}

function Badge({ children, tone = 'plain' }: { children: ReactNode; tone?: 'plain' | 'brand' | 'accent' }) {
  const tones = { plain: 'bg-slate-100 text-ink', brand: 'bg-brand-50 text-brand-800', accent: 'bg-accent-600 text-white' };
  return <span className={cn('inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold', tones[tone])}>{children}</span>;
}

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <>
    <p className="mt-8 text-sm text-muted md:hidden">Swipe the table sideways to see every column.</p>
    {/* Focusable, so that a keyboard can scroll it too. */}
      <div tabIndex={0} role="region" aria-label={`${caption} (scrolls sideways)`} className="mt-2 overflow-x-auto rounded-xl border border-line md:mt-8">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="bg-surface px-4 py-3 text-left text-lg font-bold text-brand-900">{caption}</caption>
        <thead className="bg-surface text-muted">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-4 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length} className="px-4 py-4 text-muted">
                Nothing recorded yet.
              </td>
            </tr>
          ) : (
            rows.map((cells, i) => (
              <tr key={i} className="border-t border-line">
                {cells.map((c, j) => (
                  <td key={j} className="px-4 py-2 align-top">
                    {c}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
    </>
  );
}

const coord = (n: number | null) => (n == null ? '—' : n.toFixed(4));

function Dashboard({ data }: { data: DashboardData }) {
  const { totals, topCountries, sessions, events } = data;
  return (
    <>
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Card label="Total Sessions" value={totals.sessions.toLocaleString('en-IN')} />
        <Card label="Total Events" value={totals.events.toLocaleString('en-IN')} />
        <Card label="Unique IPs" value={totals.uniqueIps.toLocaleString('en-IN')} />
        <Card label="Top Country" value={topCountries[0]?.country ?? 'N/A'} />
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
                  {c.count.toLocaleString('en-IN')} {c.count === 1 ? 'session' : 'sessions'}
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </>
  );
}
