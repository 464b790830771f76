// The rules of a lead's fields on PGlite: the function and the table accept the same values, and
// every accepted form is stored as sent (tests/support/leads-rules-property.ts; on PostgreSQL in
// tests/integration/leads-rules.test.ts).

import { afterAll, beforeAll } from 'vitest';
import type { Db } from '#functions/_shared/db.ts';
import { describeLeadRulesProperty } from '../support/leads-rules-property.ts';
import { migratedPglite } from '../support/pglite.ts';

let db: Db;

beforeAll(async () => {
  db = await migratedPglite();
});

afterAll(async () => {
  await db?.close();
});

describeLeadRulesProperty('PGlite', () => db);
