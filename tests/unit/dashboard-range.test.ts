// The dashboard's date ranges and the daily-salted visitor count on PGlite (the same suite runs on
// Debian's PostgreSQL in tests/integration/postgres.test.ts), and the range arithmetic itself.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#functions/_shared/db.ts';
import { istDate, previousOf, splitRange } from '#functions/_shared/range.ts';
import { describeDashboardContract } from '../support/dashboard-contract.ts';
import { migratedPglite } from '../support/pglite.ts';

let db: Db;

beforeAll(async () => {
  db = await migratedPglite();
});

afterAll(async () => {
  await db?.close();
});

describeDashboardContract('PGlite', () => db);

describe('ranges in India time', () => {
  const at = (s: string) => new Date(s);

  it('compares a range with the one just before, moved by whole days', () => {
    const today = { from: at('2025-07-02T18:30:00Z'), to: at('2025-07-03T10:15:30Z') };
    expect(previousOf(today)).toEqual({ from: at('2025-07-01T18:30:00Z'), to: at('2025-07-02T10:15:30Z') });
    const week = { from: at('2025-06-26T18:30:00Z'), to: at('2025-07-03T10:15:30Z') };
    expect(previousOf(week)).toEqual({ from: at('2025-06-19T18:30:00Z'), to: at('2025-06-26T10:15:30Z') });
  });

  it('reads closed whole days from the counts and the rest from the rows', () => {
    const now = at('2025-07-03T10:15:30Z').getTime();
    expect(splitRange({ from: at('2025-06-30T06:00:00Z'), to: at('2025-07-03T10:15:30Z') }, now)).toEqual({
      firstDay: '2025-07-01',
      endDay: '2025-07-03',
      head: { from: at('2025-06-30T06:00:00Z'), to: at('2025-06-30T18:30:00Z') },
      tail: { from: at('2025-07-02T18:30:00Z'), to: at('2025-07-03T10:15:30Z') },
    });
    // Nothing closed inside: all from the rows.
    const today = { from: at('2025-07-02T18:30:00Z'), to: at('2025-07-03T10:15:30Z') };
    expect(splitRange(today, now)).toMatchObject({ firstDay: '2025-07-03', endDay: '2025-07-03', head: today });
    expect(istDate(at('2025-07-02T18:29:59Z').getTime())).toBe('2025-07-02');
    expect(istDate(at('2025-07-02T18:30:00Z').getTime())).toBe('2025-07-03');
  });
});
