// What /analytics needs besides its markup: the dashboard key, the read, and IST times.
// Runs in the browser only (called from effects); the Supabase functions client is loaded on
// demand so that no other page downloads it (docs/decisions/014-dashboard-read.md).

import type { DashboardData, RangeTotals } from '#functions/_shared/handler.ts';
import type { Range } from '#functions/_shared/range.ts';

export type { DashboardData, DayFigures, LeadsBy, RangeTotals, StoredEvent, StoredSession, TopItem, TopList } from '#functions/_shared/handler.ts';

const ZERO: RangeTotals = { visitors: 0, sessions: 0, events: 0, uniqueIps: 0 };
const NO_TOP = { page: [], entry: [], source: [], utm_source: [], utm_medium: [], utm_campaign: [], device: [], country: [] };

export const EMPTY_DASHBOARD: DashboardData = {
  range: { from: '', to: '' },
  previous: { from: '', to: '' },
  totals: ZERO,
  previousTotals: ZERO,
  topCountries: [],
  perDay: [],
  top: NO_TOP,
  leadsByPage: [],
  leadsBySource: [],
  sessions: [],
  events: [],
};

const STORAGE_KEY = 'site.analytics.dashboardKey';

/**
 * The dashboard key: from the link `npm start` prints (/analytics#key=…), which is then kept in
 * localStorage and removed from the address bar, or from an earlier visit.
 */
export function takeDashboardKey(): string | null {
  const fromLink = /(?:^#|&)key=([^&]+)/.exec(location.hash)?.[1];
  if (fromLink) {
    const key = decodeURIComponent(fromLink);
    saveDashboardKey(key);
    history.replaceState(history.state, '', location.pathname + location.search);
    return key;
  }
  return localStorage.getItem(STORAGE_KEY);
}

export function saveDashboardKey(key: string): void {
  localStorage.setItem(STORAGE_KEY, key);
}

/** `?from=…&to=…` of a range (ISO instants), '' for the function's default (the last 30 days). */
export const rangeQuery = (r?: Range) => (r ? `?from=${r.from.toISOString()}&to=${r.to.toISOString()}` : '');

/** GET on the analytics function with the key, through supabase-js's functions client: every figure of the range. */
export async function readDashboard(endpoint: string, key: string, range?: Range): Promise<DashboardData> {
  const url = new URL(endpoint, location.href);
  const slash = url.href.lastIndexOf('/');
  const { FunctionsClient } = await import('@supabase/functions-js');
  const { data, error } = await new FunctionsClient(url.href.slice(0, slash)).invoke<DashboardData>(
    url.href.slice(slash + 1) + rangeQuery(range),
    { method: 'GET', headers: { Authorization: `Bearer ${key}` } },
  );
  if (error) throw error;
  if (!data || typeof data !== 'object' || !('totals' in data)) throw new Error('Unexpected answer from the analytics function');
  return data;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const IST_PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: 'numeric',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** "2025-07-03T10:15:30.000Z" → "03 Jul 2025, 15:45:30 IST" (Asia/Kolkata, 24-hour). */
export function formatIst(iso: string): string {
  const p = Object.fromEntries(IST_PARTS.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${p.day} ${MONTHS[Number(p.month) - 1]} ${p.year}, ${p.hour}:${p.minute}:${p.second} IST`;
}
