// What /analytics needs besides its markup: the dashboard key, the reads of the analytics and leads
// functions, date ranges and times in IST, the change against the previous period, and the CSV
// download. Runs in the browser only (called from effects and handlers); the Supabase functions
// client is loaded on demand so that no other page downloads it (docs/decisions/014-dashboard-read.md).

import type { DashboardData, DayFigures } from '#functions/_shared/figures.ts';
import type { LeadsData } from '#functions/_shared/leads-handler.ts';
import { DAY_MS, istDate, istMidnight, previousOf, type Range } from '#functions/_shared/range.ts';
import type { DashboardT } from '../components/analytics/words.tsx';

export type { DashboardData, DayFigures, LeadsBy, TopItem, TopList } from '#functions/_shared/figures.ts';
export type { LeadsData, StoredLead } from '#functions/_shared/leads-handler.ts';
export { previousOf, type Range };

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

/** GET on a function for the range with the key (a link could not carry it), as JSON or as its CSV. */
async function fetchRange(what: string, endpoint: string, key: string, r: Range, csv = false): Promise<Response> {
  const url = new URL(endpoint, location.href);
  url.searchParams.set('from', r.from.toISOString());
  url.searchParams.set('to', r.to.toISOString());
  if (csv) url.searchParams.set('format', 'csv');
  const res = await fetch(url, { headers: { authorization: `Bearer ${key}` }, credentials: 'omit' });
  if (!res.ok) throw new Error(`${what} failed: HTTP ${res.status}`);
  return res;
}

export async function readLeads(endpoint: string, key: string, r: Range): Promise<LeadsData> {
  return (await (await fetchRange('Leads read', endpoint, key, r)).json()) as LeadsData;
}

/** The range's leads or events (the analytics function's CSV: at most the newest 100,000), handed to the browser as a download. */
export async function downloadCsv(what: 'leads' | 'events', endpoint: string, key: string, r: Range): Promise<void> {
  const href = URL.createObjectURL(await (await fetchRange('CSV download', endpoint, key, r, true)).blob());
  const a = Object.assign(document.createElement('a'), { href, download: `${what}-${istDate(r.from.getTime())}-to-${istDate(r.to.getTime() - 1)}.csv` });
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(href);
}

export type RangeName = 'today' | '7d' | '30d' | 'custom';

/** The range a button names, ending now: today since midnight in India, or the last 7 or 30 days (today included). */
export function rangeOf(name: Exclude<RangeName, 'custom'>, now = Date.now()): Range {
  const days = name === 'today' ? 1 : name === '7d' ? 7 : 30;
  return { from: new Date(istMidnight(now) - (days - 1) * DAY_MS), to: new Date(now) };
}

/** A custom range from two YYYY-MM-DD dates (India), both days included. */
export function customRange(from: string, to: string): Range | null {
  const a = Date.parse(`${from}T00:00:00+05:30`);
  const b = Date.parse(`${to}T00:00:00+05:30`) + DAY_MS;
  return Number.isFinite(a) && Number.isFinite(b) && a < b ? { from: new Date(a), to: new Date(b) } : null;
}

/** The India dates of a range, first to last (the days a chart shows, with or without data). */
export function daysOf(r: Range): string[] {
  const days: string[] = [];
  for (let t = istMidnight(r.from.getTime()); t < r.to.getTime() && days.length <= 400; t += DAY_MS) days.push(istDate(t));
  return days;
}

/** One entry per day of `days` (the chart's), zeros where the read had no figures. */
export function chartDays(days: readonly string[], perDay: readonly DayFigures[]): DayFigures[] {
  const byDay = new Map(perDay.map((d) => [d.day, d]));
  return days.map((day) => byDay.get(day) ?? { day, visitors: 0, sessions: 0, events: 0, calls: 0, whatsapp: 0, forms: 0 });
}

/** What the change is measured against, in the owner's words: "same time yesterday", "previous 7 days" (dashboard.compare.*). */
export function comparedWith(r: Range, t: DashboardT): string {
  const days = Math.max(1, Math.ceil((r.to.getTime() - r.from.getTime()) / DAY_MS));
  if (days > 1) return t('compare.previousDays', { n: days });
  return t(r.to.getTime() - r.from.getTime() < DAY_MS ? 'compare.sameTimeYesterday' : 'compare.dayBefore');
}

/** "+50% vs previous 7 days", "−20% vs …", "up from 0", "same as …" against the previous period (dashboard.compare.*). */
export function changeText(now: number, before: number, against: string, t: DashboardT): string {
  if (now === before) return t('compare.same', { against });
  if (before === 0) return t('compare.upFromZero', { against });
  const pct = Math.round(((now - before) / before) * 100);
  return t('compare.change', { change: `${pct > 0 ? '+' : '−'}${Math.abs(pct)}%`, against });
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

/** Whether this browser's visits are left out of the figures (the tracker reads the same key). */
const IGNORE_KEY = 'site.analytics.ignore';
export const isIgnored = () => localStorage.getItem(IGNORE_KEY) === '1';
export const setIgnored = (on: boolean) => (on ? localStorage.setItem(IGNORE_KEY, '1') : localStorage.removeItem(IGNORE_KEY));
