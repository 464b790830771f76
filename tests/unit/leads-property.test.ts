// The rules of a lead's fields on PGlite: the function and the table accept the same values, and
// every accepted form is stored as sent (tests/support/leads-rules-property.ts; on PostgreSQL in
// tests/integration/leads-rules.test.ts).

import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll } from 'vitest';
import { applyMigrations, pgliteDb, type AnalyticsDb } from '#cli/lib/server/analytics.ts';
import { describeLeadRulesProperty } from '../support/leads-rules-property.ts';

let db: AnalyticsDb;

beforeAll(async () => {
  db = pgliteDb(await PGlite.create());
  await applyMigrations(db);
});

afterAll(async () => {
  await db?.close();
});

describeLeadRulesProperty('PGlite', () => db);
