// The leads part of /analytics: date ranges in IST, the read through the leads function with the
// dashboard key, the change against the previous period, and the CSV download. Browser only.

import type { LeadsData } from '#functions/_shared/leads-handler.ts';

export type { LeadsData, StoredLead } from '#functions/_shared/leads-handler.ts';

const DAY = 86_400_000;
const IST = 5.5 * 3_600_000;

export type RangeName = 'today' | '7d' | '30d' | 'custom';
export interface Range {
  from: Date;
  to: Date;
}

/** Midnight in India of the day `at` falls on. */
const istMidnight = (at: number) => new Date(Math.floor((at + IST) / DAY) * DAY - IST);

/** The range a button names, ending now: today since midnight IST, or the last 7 or 30 days (today included). */
export function rangeOf(name: Exclude<RangeName, 'custom'>, now = Date.now()): Range {
  const days = name === 'today' ? 1 : name === '7d' ? 7 : 30;
  return { from: new Date(istMidnight(now).getTime() - (days - 1) * DAY), to: new Date(now) };
}

/** A custom range from two YYYY-MM-DD dates (IST), both days included. */
export function customRange(from: string, to: string): Range | null {
  const a = Date.parse(`${from}T00:00:00+05:30`);
  const b = Date.parse(`${to}T00:00:00+05:30`) + DAY;
  return Number.isFinite(a) && Number.isFinite(b) && a < b ? { from: new Date(a), to: new Date(b) } : null;
}

/** The period of the same length just before `r`. */
export const previousOf = (r: Range): Range => ({ from: new Date(2 * r.from.getTime() - r.to.getTime()), to: r.from });

const leadsUrl = (endpoint: string, r: Range, csv = false) => {
  const url = new URL(endpoint, location.href);
  url.searchParams.set('from', r.from.toISOString());
  url.searchParams.set('to', r.to.toISOString());
  if (csv) url.searchParams.set('format', 'csv');
  return url;
};

export async function readLeads(endpoint: string, key: string, r: Range): Promise<LeadsData> {
  const res = await fetch(leadsUrl(endpoint, r), { headers: { authorization: `Bearer ${key}` }, credentials: 'omit' });
  if (!res.ok) throw new Error(`Leads read failed: HTTP ${res.status}`);
  return (await res.json()) as LeadsData;
}

/** Fetches the CSV with the key (a link could not carry it) and hands it to the browser as a download. */
export async function downloadLeadsCsv(endpoint: string, key: string, r: Range): Promise<void> {
  const res = await fetch(leadsUrl(endpoint, r, true), { headers: { authorization: `Bearer ${key}` }, credentials: 'omit' });
  if (!res.ok) throw new Error(`CSV download failed: HTTP ${res.status}`);
  const href = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement('a'), { href, download: `leads-${r.from.toISOString().slice(0, 10)}.csv` });
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(href);
}

export type LeadGroup = 'call' | 'whatsapp' | 'form' | 'newsletter';

/** Totals per group: calls, WhatsApp taps, form requests (quote, contact, brand) and sign-ups. */
export function totalsOf(data: LeadsData): Record<LeadGroup, number> {
  const t: Record<LeadGroup, number> = { call: 0, whatsapp: 0, form: 0, newsletter: 0 };
  for (const d of data.perDay) {
    const group: LeadGroup = d.kind === 'call' || d.kind === 'whatsapp' || d.kind === 'newsletter' ? d.kind : 'form';
    t[group] += d.count;
  }
  return t;
}

/** "+50%", "−20%", "new" or "same" against the previous period. */
export function changeText(now: number, before: number): string {
  if (now === before) return 'same as before';
  if (before === 0) return 'new this period';
  const pct = Math.round(((now - before) / before) * 100);
  return `${pct > 0 ? '+' : '−'}${Math.abs(pct)}% vs previous period`;
}

/** Whether this browser's visits are left out of the figures (the tracker reads the same key). */
export const IGNORE_KEY = 'site.analytics.ignore';
export const isIgnored = () => localStorage.getItem(IGNORE_KEY) === '1';
export const setIgnored = (on: boolean) => (on ? localStorage.setItem(IGNORE_KEY, '1') : localStorage.removeItem(IGNORE_KEY));
