// Date ranges of the dashboard, in India's time (Asia/Kolkata, UTC+5:30, no daylight saving):
// what the browser asks for, the period it is compared with, and how the function splits a range
// into closed days (counted once, public.analytics_daily) and the rest (read from the rows).
// Shared by the functions and the /analytics page (docs/decisions/074-dashboard-ranges-and-visitors.md).

export const DAY_MS = 86_400_000;
const IST_MS = 5.5 * 3_600_000;

export interface Range {
  from: Date;
  to: Date;
}

/** The longest range the functions read. */
export const MAX_RANGE_DAYS = 400;

/** Midnight in India of the day `at` falls on. */
export const istMidnight = (at: number): number => Math.floor((at + IST_MS) / DAY_MS) * DAY_MS - IST_MS;

/** The India date (YYYY-MM-DD) `at` falls on. */
export const istDate = (at: number): string => new Date(istMidnight(at) + IST_MS).toISOString().slice(0, 10);

/**
 * The period compared with `r`: as long, just before it, moved back by whole days so that it
 * starts and ends at the same time of day ("today so far" is compared with yesterday up to the
 * same time; the last 7 days with the 7 days before).
 */
export function previousOf(r: Range): Range {
  const shift = Math.max(1, Math.ceil((r.to.getTime() - r.from.getTime()) / DAY_MS)) * DAY_MS;
  return { from: new Date(r.from.getTime() - shift), to: new Date(r.to.getTime() - shift) };
}

/** [from, to) from ?from=&to= (ISO instants), by default the last 30 days; null when not a usable range. */
export function rangeFromQuery(url: URL, now: Date): Range | null {
  const to = url.searchParams.has('to') ? new Date(url.searchParams.get('to')!) : now;
  const from = url.searchParams.has('from') ? new Date(url.searchParams.get('from')!) : new Date(to.getTime() - 30 * DAY_MS);
  const span = to.getTime() - from.getTime();
  if (Number.isNaN(span) || span <= 0 || span > MAX_RANGE_DAYS * DAY_MS) return null;
  return { from, to };
}

export const RANGE_PROBLEM = `from and to must be ISO times, from before to, at most ${MAX_RANGE_DAYS} days apart`;

/**
 * How a range is read: the whole India days inside it that closed before `closedBefore` come from
 * the day counts ([firstDay, endDay), dates), the rest from the rows (`head` before them, `tail`
 * after them; empty windows have from = to). With no closed day inside, `head` is the whole range.
 */
export function splitRange(r: Range, closedBefore: number): { firstDay: string; endDay: string; head: Range; tail: Range } {
  const from = r.from.getTime();
  const to = r.to.getTime();
  const firstStart = istMidnight(from) === from ? from : istMidnight(from) + DAY_MS;
  const lastEnd = Math.min(istMidnight(to), istMidnight(closedBefore));
  if (lastEnd <= firstStart) {
    const d = istDate(firstStart);
    return { firstDay: d, endDay: d, head: r, tail: { from: r.to, to: r.to } };
  }
  return {
    firstDay: istDate(firstStart),
    endDay: istDate(lastEnd),
    head: { from: r.from, to: new Date(firstStart) },
    tail: { from: new Date(lastEnd), to: r.to },
  };
}
