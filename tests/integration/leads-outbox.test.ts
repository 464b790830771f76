// The lead rules and the outbox on Debian's PostgreSQL (a database of its own on the integration files' cluster): the property tests
// of the rules, the outbox suite with two instances on separate connections, the schedule's SQL,
// and the migration that turns the forwards recorded on leads into deliveries.

import { cp, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { applyMigrations } from '#cli/lib/server/database.ts';
import { postgresDb, type Db } from '#functions/_shared/db.ts';
import { describeLeadRulesProperty } from '../support/leads-rules-property.ts';
import { describeOutboxContract } from '../support/outbox-contract.ts';
import { testDatabase } from '../support/pg-cluster.ts';

const SUPABASE = fileURLToPath(new URL('../../supabase/', import.meta.url));

let database: Awaited<ReturnType<typeof testDatabase>>;
let db: Db;
let second: Db;

beforeAll(async () => {
  database = await testDatabase(inject('pgUrl'), 'site_leads_outbox_test');
  db = postgresDb(database.url);
  second = postgresDb(database.url);
  await applyMigrations(db);
});

afterAll(async () => {
  await Promise.all([db?.close(), second?.close()]);
  await database?.drop();
});

describeLeadRulesProperty('PostgreSQL', () => db);
describeOutboxContract('PostgreSQL', () => db, () => second);

describe('the migration to the outbox on PostgreSQL', () => {
  it('makes each forward recorded on a lead a delivery: sent stays sent, pending and failed are due again', async () => {
    const before = await testDatabase(inject('pgUrl'), 'site_before_outbox');
    const old = postgresDb(before.url);
    const dir = await mkdtemp(join(tmpdir(), 'site-migrations-'));
    try {
      // The migrations before this one, then leads as they stood.
      await cp(join(SUPABASE, 'local'), join(dir, 'local'), { recursive: true });
      await mkdir(join(dir, 'migrations'));
      const files = (await readdir(join(SUPABASE, 'migrations'))).sort();
      const last = files.findIndex((f) => f.endsWith('_leads_rules_and_outbox.sql'));
      for (const f of files.slice(0, last)) await cp(join(SUPABASE, 'migrations', f), join(dir, 'migrations', f));
      await applyMigrations(old, dir);
      await old.exec(`insert into public.leads (kind, email, phone, forward_status, forward_attempts, forward_error) values
        ('newsletter', 'none@gmail.com', null, 'none', 0, null),
        ('newsletter', 'sent@gmail.com', null, 'sent', 1, null),
        ('newsletter', 'stuck@gmail.com', null, 'pending', 0, null),
        ('newsletter', 'failed@gmail.com', null, 'failed', 3, 'HTTP 502'),
        ('quote', 'crlf@gmail.com', e'98290\\r\\n12345', 'none', 0, null)`);
      await cp(join(SUPABASE, 'migrations', files[last]!), join(dir, 'migrations', files[last]!));
      expect(await applyMigrations(old, dir)).toEqual([files[last]!.slice(0, 14)]);
      expect(
        await old.query(`select l.email, o.status, o.attempts, o.last_error from public.leads_outbox o join public.leads l on l.id = o.lead_id order by l.id`),
      ).toEqual([
        { email: 'sent@gmail.com', status: 'sent', attempts: 1, last_error: null },
        { email: 'stuck@gmail.com', status: 'pending', attempts: 0, last_error: null },
        { email: 'failed@gmail.com', status: 'pending', attempts: 3, last_error: 'HTTP 502' },
      ]);
      // The phone stored with a line break under the old rule is kept; its check is left unvalidated, the others hold.
      expect(await old.query(`select phone from public.leads where email = 'crlf@gmail.com'`)).toEqual([{ phone: '98290\r\n12345' }]);
      expect(await old.query(`select conname, convalidated from pg_constraint where conname in ('leads_phone_rule', 'leads_name_rule') order by conname`)).toEqual([
        { conname: 'leads_name_rule', convalidated: true },
        { conname: 'leads_phone_rule', convalidated: false },
      ]);
      await expect(old.exec(`insert into public.leads (kind, email, phone) values ('quote', 'new@gmail.com', e'98290\\n12345')`)).rejects.toThrow(/leads_phone_rule/);
    } finally {
      await old.close();
      await before.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
