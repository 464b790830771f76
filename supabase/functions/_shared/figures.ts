// What the owner's figures are read with, in one place: the dashboard's GET of each function and
// the weekly digest (digest.ts) count from these reads and no other, so the two never disagree
// (issue 38; decisions 074, 112).

import type { Channel } from './alerts.ts';
import type { LeadKind } from './lead-form.ts';
import type { Query } from './db.ts';
import type { HostGeo } from './geo.ts';
import { isoRange, previousOf, splitRange, type IsoRange, type Range } from './range.ts';
import {
  COUNT_DAYS_SQL,
  DASHBOARD_FIGURES_SQL,
  DASHBOARD_LATEST_IN_RANGE_SQL,
  DASHBOARD_TOTALS_SQL,
  DASHBOARD_UNIQUE_IPS_SQL,
  LEADS_SUMMARY_SQL,
  OUTBOX_WAITING_SQL,
} from './sql.ts';

/** A stored session as the dashboard read returns it (times in ISO 8601, UTC). */
export interface StoredSession extends HostGeo {
  id: number;
  session_id: string;
  ip_address: string | null;
  page_url: string;
  user_agent: string | null;
  referrer: string | null;
  /** mobile, tablet or desktop, from the user agent. */
  device: string | null;
  created_at: string;
}

/** A stored event as the dashboard read returns it. */
export interface StoredEvent {
  id: number;
  session_id: string;
  event_type: string;
  element_clicked: string | null;
  event_data: unknown;
  page_url: string;
  ip_address: string | null;
  timestamp: string;
}

/** The figures of a range that are compared with the period before. */
export interface RangeTotals {
  /** People, counted once a day each by the daily salted hash (decision 074). */
  visitors: number;
  /** Session records: one per page load (spec §4). */
  sessions: number;
  events: number;
  uniqueIps: number;
  /** page_view events: one per page load and per path change (spec §4). */
  pageViews: number;
}

/** One India day of the range (YYYY-MM-DD): visitors, page loads, events, and the leads of each kind. */
export interface DayFigures {
  day: string;
  visitors: number;
  sessions: number;
  events: number;
  calls: number;
  whatsapp: number;
  forms: number;
}

const TOP_LISTS = ['page', 'entry', 'source', 'utm_source', 'utm_medium', 'utm_campaign', 'device', 'country'] as const;
export type TopList = (typeof TOP_LISTS)[number];
export interface TopItem {
  key: string;
  count: number;
}
export interface LeadsBy extends Pick<DayFigures, 'calls' | 'whatsapp' | 'forms'> {
  key: string;
}

/**
 * The body of a successful GET, for the range [from, to) (default: the last 30 days): totals with
 * those of the period before, figures per day, the top 10 of each list, leads per page and
 * source, and the newest 50 sessions and 100 events of the range.
 */
export interface DashboardData {
  range: IsoRange;
  previous: IsoRange;
  totals: RangeTotals;
  previousTotals: RangeTotals;
  topCountries: { country: string; count: number }[];
  perDay: DayFigures[];
  top: Record<TopList, TopItem[]>;
  leadsByPage: LeadsBy[];
  leadsBySource: LeadsBy[];
  sessions: StoredSession[];
  events: StoredEvent[];
}

/** A day is counted once it ended this long ago, so that a request stamped just before midnight is in. */
const SETTLE_MS = 10 * 60_000;

const parse = <T>(v: unknown, empty: T) => (typeof v === 'string' ? JSON.parse(v) : (v ?? empty)) as T;

/** Every figure of the dashboard for [from, to) and the totals of the period before, computed in SQL. */
export async function readDashboard(query: Query, r: Range, now: Date): Promise<DashboardData> {
  const prev = previousOf(r);
  const closedBefore = now.getTime() - SETTLE_MS;
  const parts = [splitRange(r, closedBefore), splitRange(prev, closedBefore)];
  // Closed days are counted once, before the reads that use the counts.
  for (const p of parts) if (p.firstDay < p.endDay) await query(COUNT_DAYS_SQL, [p.firstDay, p.endDay]);
  const iso = (x: Range) => Object.values(isoRange(x));
  const params = (p: (typeof parts)[number]) => [p.firstDay, p.endDay, ...iso(p.head), ...iso(p.tail)];
  // Five statements at once: with a pool they run on separate connections. The period before
  // needs only its totals.
  const [[now_], [before], [ips], [ipsBefore], [latest]] = await Promise.all([
    query(DASHBOARD_FIGURES_SQL, params(parts[0]!)),
    query(DASHBOARD_TOTALS_SQL, params(parts[1]!)),
    query(DASHBOARD_UNIQUE_IPS_SQL, iso(r)),
    query(DASHBOARD_UNIQUE_IPS_SQL, iso(prev)),
    query(DASHBOARD_LATEST_IN_RANGE_SQL, iso(r)),
  ]);
  const totals = (row: Record<string, unknown> | undefined, uniqueIps: unknown): RangeTotals => {
    const t = parse<Record<string, number | string>>(row?.totals, {});
    return {
      visitors: Number(t.visitors ?? 0),
      sessions: Number(t.sessions ?? 0),
      events: Number(t.events ?? 0),
      uniqueIps: Number(uniqueIps ?? 0),
      pageViews: Number(t.page ?? 0),
    };
  };
  const tops = parse<(TopItem & { metric: TopList })[]>(now_?.tops, []);
  const top = Object.fromEntries(TOP_LISTS.map((l) => [l, tops.filter((t) => t.metric === l).map(({ key, count }) => ({ key, count }))])) as Record<TopList, TopItem[]>;
  const leadsBy = parse<(LeadsBy & { by: string })[]>(now_?.leads_by, []);
  const by = (kind: string) => leadsBy.filter((l) => l.by === kind).map(({ key, calls, whatsapp, forms }) => ({ key, calls, whatsapp, forms }));
  return {
    range: isoRange(r),
    previous: isoRange(prev),
    totals: totals(now_, ips?.unique_ips),
    previousTotals: totals(before, ipsBefore?.unique_ips),
    topCountries: top.country.slice(0, 5).map(({ key, count }) => ({ country: key, count })),
    perDay: parse(now_?.per_day, []),
    top,
    leadsByPage: by('page'),
    leadsBySource: by('source'),
    sessions: parse(latest?.latest_sessions, []),
    events: parse(latest?.latest_events, []),
  };
}

/** Deliveries still pending ten minutes after their lead, per channel (the dashboard warns about them). */
export interface WaitingDeliveries {
  channel: Channel;
  count: number;
  /** When the oldest one's lead came in. */
  oldest: string;
  last_error: string | null;
}

/** A delivery pending longer than this is shown on the dashboard as a warning. */
export const WAITING_WARNING_MS = 10 * 60_000;

/** The leads of a range as the dashboard counts them, and the deliveries still waiting. */
export interface LeadsFigures {
  /** Per day (YYYY-MM-DD in IST): form leads by kind, and 'call' and 'whatsapp' taps. */
  perDay: { day: string; kind: LeadKind | 'call' | 'whatsapp'; count: number }[];
  perPage: { page: string; count: number }[];
  /** Whatever the dates: deliveries pending for more than ten minutes. */
  waiting: WaitingDeliveries[];
  /** Deliveries of the range's leads given up after a week of failures. */
  deliveryFailed: number;
}

/** Leads and taps per day and page in [from, to), and the deliveries waiting at `now`. */
export async function readLeadsFigures(query: Query, r: Range, now: Date): Promise<LeadsFigures> {
  const { from, to } = isoRange(r);
  const waitingSince = new Date(now.getTime() - WAITING_WARNING_MS).toISOString();
  const [[summary], [outbox]] = await Promise.all([query(LEADS_SUMMARY_SQL, [from, to]), query(OUTBOX_WAITING_SQL, [waitingSince, from, to])]);
  return {
    perDay: parse(summary?.per_day, []),
    perPage: parse(summary?.per_page, []),
    waiting: parse(outbox?.waiting, []),
    deliveryFailed: Number(outbox?.failed ?? 0),
  };
}
