// The leads outbox on PGlite (tests/support/outbox-contract.ts; on PostgreSQL in tests/integration/postgres.test.ts).

import { afterAll, beforeAll } from 'vitest';
import type { Db } from '#functions/_shared/db.ts';
import { describeOutboxContract } from '../support/outbox-contract.ts';
import { migratedPglite } from '../support/pglite.ts';

let db: Db;

beforeAll(async () => {
  db = await migratedPglite();
});

afterAll(async () => {
  await db?.close();
});

describeOutboxContract('PGlite', () => db);
