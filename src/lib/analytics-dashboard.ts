// What /analytics needs besides its markup: the dashboard key, the read, and IST times.
// Runs in the browser only (called from effects); the Supabase functions client is loaded on
// demand so that no other page downloads it (docs/decisions/014-dashboard-read.md).

import type { DashboardData, DayFigures } from '#functions/_shared/figures.ts';
import type { Range } from '#functions/_shared/range.ts';
import type { DashboardT } from '../components/analytics/words.tsx';

export type { DashboardData, DayFigures, LeadsBy, RangeTotals, StoredEvent, StoredSession, TopItem, TopList } from '#functions/_shared/figures.ts';

const STORAGE_KEY = 'site.analytics.dashboardKey';

/**
 * The dashboard key a link carries (/analytics#key=…, the link `npm start` prints), taken out of
 * the address bar at once, and the key saved in this browser by an earlier visit. The link's key
 * is saved only once it has opened the dashboard (see analytics-page.tsx): a wrong or old link
 * must not replace a key that works (issue 25.8).
 */
export function takeDashboardKey(): { fromLink: string | null; saved: string | null } {
  const raw = /(?:^#|&)key=([^&]+)/.exec(location.hash)?.[1];
  let fromLink: string | null = null;
  if (raw) {
    try {
      fromLink = decodeURIComponent(raw);
    } catch {
      fromLink = raw;
    }
    // An absolute URL: a path such as "//analytics" would be read as the host "analytics", and
    // replaceState would throw with the key still in the address bar (issue 25.7).
    try {
      const url = new URL(location.href);
      url.hash = '';
      history.replaceState(history.state, '', url.href);
    } catch (error) {
      console.error('Analytics dashboard: could not remove the key from the address bar', error);
    }
  }
  return { fromLink, saved: localStorage.getItem(STORAGE_KEY) };
}

export function saveDashboardKey(key: string): void {
  localStorage.setItem(STORAGE_KEY, key);
}

/** A read the function refused for its key (401), as against one that failed for another reason. */
export class KeyRefused extends Error {}

/** GET on the analytics function with the key, through supabase-js's functions client: every figure of the range (without one, the function's default: the last 30 days). */
export async function readDashboard(endpoint: string, key: string, range?: Range): Promise<DashboardData> {
  const url = new URL(endpoint, location.href);
  const slash = url.href.lastIndexOf('/');
  const { FunctionsClient } = await import('@supabase/functions-js');
  const { data, error } = await new FunctionsClient(url.href.slice(0, slash)).invoke<DashboardData>(
    url.href.slice(slash + 1) + (range ? `?from=${range.from.toISOString()}&to=${range.to.toISOString()}` : ''),
    { method: 'GET', headers: { Authorization: `Bearer ${key}` } },
  );
  if (error) {
    const status = (error as { context?: { status?: unknown } }).context?.status;
    throw status === 401 ? new KeyRefused('The dashboard key was not accepted') : error;
  }
  if (!data || typeof data !== 'object' || !('totals' in data)) throw new Error('Unexpected answer from the analytics function');
  return data;
}

/** One entry per day of `days` (the chart's), zeros where the read had no figures. */
export function chartDays(days: readonly string[], perDay: readonly DayFigures[]): DayFigures[] {
  const byDay = new Map(perDay.map((d) => [d.day, d]));
  return days.map((day) => byDay.get(day) ?? { day, visitors: 0, sessions: 0, events: 0, calls: 0, whatsapp: 0, forms: 0 });
}

/** The catalogue's short month names: dashboard.months.<key>. */
const MONTH_KEYS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
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

/** "2025-07-03" → dashboard.day with the day and the month's short name (in English "03 Jul"). */
export const formatDay = (day: string, t: DashboardT) => t('day', { day: day.slice(8, 10), month: t(`months.${MONTH_KEYS[Number(day.slice(5, 7)) - 1]}`) });

/** "2025-07-03T10:15:30.000Z" → dashboard.time in Asia/Kolkata, 24-hour (in English "03 Jul 2025, 15:45:30 IST"). */
export function formatIst(iso: string, t: DashboardT): string {
  const p = Object.fromEntries(IST_PARTS.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return t('time', { date: formatDay(`${p.year}-${p.month!.padStart(2, '0')}-${p.day}`, t), year: p.year!, time: `${p.hour}:${p.minute}:${p.second}` });
}
