import type { DayFigures } from '../../lib/analytics-dashboard.ts';

export type ChartDay = Pick<DayFigures, 'day' | 'visitors' | 'calls' | 'whatsapp' | 'forms'>;

/** One entry per day of `days`, zero where the read had no figures. */
export function chartDays(days: readonly string[], perDay: readonly DayFigures[]): ChartDay[] {
  const byDay = new Map(perDay.map((d) => [d.day, d]));
  return days.map((day) => {
    const d = byDay.get(day);
    return { day, visitors: d?.visitors ?? 0, calls: d?.calls ?? 0, whatsapp: d?.whatsapp ?? 0, forms: d?.forms ?? 0 };
  });
}
