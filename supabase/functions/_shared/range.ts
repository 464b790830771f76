// Date ranges of the dashboard, in India's time (Asia/Kolkata, UTC+5:30, no daylight saving):
// what the browser asks for, the period it is compared with, and how the function splits a range
// into closed days (counted once, public.analytics_daily) and the rest (read from the rows).
// Shared by the functions and the /analytics page (docs/decisions/074-dashboard-ranges-and-visitors.md).

export const DAY_MS = 86_400_000;
export const IST_MS = 5.5 * 3_600_000;

export interface Range {
  from: Date;
  to: Date;
}

/** A range as JSON gives it: ISO 8601 instants, UTC. */
export interface IsoRange {
  from: string;
  to: string;
}

export const isoRange = (r: Range): IsoRange => ({ from: r.from.toISOString(), to: r.to.toISOString() });

/** The longest range the functions read. */
export const MAX_RANGE_DAYS = 400;

/** Midnight in India of the day `at` falls on. */
export const istMidnight = (at: number): number => Math.floor((at + IST_MS) / DAY_MS) * DAY_MS - IST_MS;

/** Monday 00:00 in India of the week `at` falls in (weeks run Monday to Sunday). */
export const istMonday = (at: number): number => {
  const midnight = istMidnight(at);
  return midnight - ((new Date(midnight + IST_MS).getUTCDay() + 6) % 7) * DAY_MS;
};

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

/** The earliest and latest instants a range may name: no site has data before 2000, and Postgres and JavaScript agree on every time between. */
export const EARLIEST = Date.UTC(2000, 0, 1);
export const LATEST = Date.UTC(9999, 0, 1);

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The instant an ISO 8601 date and time with a zone names ("2026-11-01T00:00:00Z",
 * "2026-11-01T00:00+05:30"); null for anything else. Date's own parser also takes "1", "2026",
 * "Nov 1 2026", years 0 and below, and rolls 31 February over into March (issue 25.4).
 */
export function parseInstant(text: string): Date | null {
  const m = ISO_INSTANT.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s = '0'] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number?];
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (mo < 1 || mo > 12 || day.getUTCMonth() !== mo - 1 || h > 23 || mi > 59 || Number(s) > 59) return null;
  const at = Date.parse(text);
  return Number.isFinite(at) && at >= EARLIEST && at < LATEST ? new Date(at) : null;
}

/** [from, to) from ?from=&to= (ISO instants), by default the last 30 days; null when not a usable range. */
export function rangeFromQuery(url: URL, now: Date): Range | null {
  const to = url.searchParams.has('to') ? parseInstant(url.searchParams.get('to')!) : now;
  if (!to) return null;
  const from = url.searchParams.has('from') ? parseInstant(url.searchParams.get('from')!) : new Date(to.getTime() - 30 * DAY_MS);
  if (!from) return null;
  const span = to.getTime() - from.getTime();
  if (span <= 0 || span > MAX_RANGE_DAYS * DAY_MS) return null;
  return { from, to };
}

export const RANGE_PROBLEM = `from and to must be ISO times such as 2026-11-01T00:00:00Z (or +05:30) in the years 2000 to 9998, from before to, at most ${MAX_RANGE_DAYS} days apart`;

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
