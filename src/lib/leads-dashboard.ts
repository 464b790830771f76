// The leads part of /analytics: date ranges in IST, the read through the leads function with the
// dashboard key, the change against the previous period, and the CSV download. Browser only.

import type { LeadsData } from '#functions/_shared/leads-handler.ts';
import { DAY_MS, istDate, istMidnight, previousOf, type Range } from '#functions/_shared/range.ts';
import type { DashboardT } from '../components/analytics/words.tsx';

export type { LeadsData, StoredLead } from '#functions/_shared/leads-handler.ts';

export type RangeName = 'today' | '7d' | '30d' | 'custom';
export type { Range };
export { previousOf };

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

/** What the change is measured against, in the owner's words: "same time yesterday", "previous 7 days" (dashboard.compare.*). */
export function comparedWith(r: Range, t: DashboardT): string {
  const days = Math.max(1, Math.ceil((r.to.getTime() - r.from.getTime()) / DAY_MS));
  if (days > 1) return t('compare.previousDays', { n: days });
  return t(r.to.getTime() - r.from.getTime() < DAY_MS ? 'compare.sameTimeYesterday' : 'compare.dayBefore');
}

/** The India dates of a range, first to last (the days a chart shows, with or without data). */
export function daysOf(r: Range): string[] {
  const days: string[] = [];
  for (let t = istMidnight(r.from.getTime()); t < r.to.getTime() && days.length <= 400; t += DAY_MS) days.push(istDate(t));
  return days;
}

const rangeUrl = (endpoint: string, r: Range, csv = false) => {
  const url = new URL(endpoint, location.href);
  url.searchParams.set('from', r.from.toISOString());
  url.searchParams.set('to', r.to.toISOString());
  if (csv) url.searchParams.set('format', 'csv');
  return url;
};

export async function readLeads(endpoint: string, key: string, r: Range): Promise<LeadsData> {
  const res = await fetch(rangeUrl(endpoint, r), { headers: { authorization: `Bearer ${key}` }, credentials: 'omit' });
  if (!res.ok) throw new Error(`Leads read failed: HTTP ${res.status}`);
  return (await res.json()) as LeadsData;
}

/** The range's leads or events (the analytics function's CSV: at most the newest 100,000) fetched with the key (a link could not carry it) and handed to the browser as a download. */
export async function downloadCsv(what: 'leads' | 'events', endpoint: string, key: string, r: Range): Promise<void> {
  const res = await fetch(rangeUrl(endpoint, r, true), { headers: { authorization: `Bearer ${key}` }, credentials: 'omit' });
  if (!res.ok) throw new Error(`CSV download failed: HTTP ${res.status}`);
  const href = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement('a'), { href, download: `${what}-${istDate(r.from.getTime())}-to-${istDate(r.to.getTime() - 1)}.csv` });
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(href);
}

export type LeadGroup = 'call' | 'whatsapp' | 'form' | 'newsletter';

/** The group of a kind of lead: calls, WhatsApp taps, sign-ups, and every form request (quote, contact, brand). */
export const groupOf = (kind: string): LeadGroup => (kind === 'call' || kind === 'whatsapp' || kind === 'newsletter' ? kind : 'form');

/** Totals per group. */
export function totalsOf(data: LeadsData): Record<LeadGroup, number> {
  const t: Record<LeadGroup, number> = { call: 0, whatsapp: 0, form: 0, newsletter: 0 };
  for (const d of data.perDay) t[groupOf(d.kind)] += d.count;
  return t;
}

/** "+50% vs previous 7 days", "−20% vs …", "up from 0", "same as …" against the previous period (dashboard.compare.*). */
export function changeText(now: number, before: number, against: string, t: DashboardT): string {
  if (now === before) return t('compare.same', { against });
  if (before === 0) return t('compare.upFromZero', { against });
  const pct = Math.round(((now - before) / before) * 100);
  return t('compare.change', { change: `${pct > 0 ? '+' : '−'}${Math.abs(pct)}%`, against });
}

/** Whether this browser's visits are left out of the figures (the tracker reads the same key). */
const IGNORE_KEY = 'site.analytics.ignore';
export const isIgnored = () => localStorage.getItem(IGNORE_KEY) === '1';
export const setIgnored = (on: boolean) => (on ? localStorage.setItem(IGNORE_KEY, '1') : localStorage.removeItem(IGNORE_KEY));
