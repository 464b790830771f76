// What /analytics needs besides its markup: the dashboard key, the read, and IST times.
// Runs in the browser only (called from effects); the Supabase functions client is loaded on
// demand so that no other page downloads it (docs/decisions/014-dashboard-read.md).

import type { DashboardData } from '#functions/_shared/handler.ts';

export type { DashboardData, StoredEvent, StoredSession } from '#functions/_shared/handler.ts';

export const EMPTY_DASHBOARD: DashboardData = {
  totals: { sessions: 0, events: 0, uniqueIps: 0 },
  topCountries: [],
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

/** GET on the analytics function with the key, through supabase-js's functions client. */
export async function readDashboard(endpoint: string, key: string): Promise<DashboardData> {
  const url = new URL(endpoint, location.href);
  const slash = url.href.lastIndexOf('/');
  const { FunctionsClient } = await import('@supabase/functions-js');
  const { data, error } = await new FunctionsClient(url.href.slice(0, slash)).invoke<DashboardData>(
    url.href.slice(slash + 1),
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
