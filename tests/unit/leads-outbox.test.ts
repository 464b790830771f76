// The leads outbox on PGlite (tests/support/outbox-contract.ts; on PostgreSQL in tests/integration/postgres.test.ts).

import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll } from 'vitest';
import { applyMigrations, pgliteDb, type AnalyticsDb } from '#cli/lib/server/analytics.ts';
import { describeOutboxContract } from '../support/outbox-contract.ts';

let db: AnalyticsDb;

beforeAll(async () => {
  db = pgliteDb(await PGlite.create());
  await applyMigrations(db);
});

afterAll(async () => {
  await db?.close();
});

describeOutboxContract('PGlite', () => db);
