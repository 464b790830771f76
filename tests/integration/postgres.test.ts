// The analytics suite against a real PostgreSQL (Debian's server, started here): migrations,
// row level security as Supabase's public roles, and the handler through postgres.js.

import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { applyMigrations } from '#cli/lib/server/database.ts';
import { postgresDb, type Db } from '#functions/_shared/db.ts';
import { describeAnalyticsContract, describeRowLevelSecurity } from '../support/analytics-contract.ts';
import { describeDashboardContract } from '../support/dashboard-contract.ts';
import { describeLeadsContract, describeLeadsRowLevelSecurity } from '../support/leads-contract.ts';
import { startPgCluster, testDatabase } from '../support/pg-cluster.ts';

/** Every migration of supabase/migrations, in order: its version and name. */
const MIGRATIONS = readdirSync('supabase/migrations')
  .filter((f) => /^\d{14}_.+\.sql$/.test(f))
  .sort()
  .map((f) => ({ version: f.slice(0, 14), name: f.slice(15, -'.sql'.length) }));

let database: Awaited<ReturnType<typeof testDatabase>>;
let db: Db;

beforeAll(async () => {
  database = await testDatabase(inject('pgUrl'), 'site_postgres_test');
  db = postgresDb(database.url);
  expect(MIGRATIONS.length).toBeGreaterThan(4);
  expect(await applyMigrations(db)).toEqual(MIGRATIONS.map((m) => m.version));
});

afterAll(async () => {
  await db?.close();
  await database?.drop();
});

describe('migrations on PostgreSQL', () => {
  it('run once: a second start applies nothing', async () => {
    expect(await applyMigrations(db)).toEqual([]);
    expect(await db.query('select version, name from supabase_migrations.schema_migrations order by version')).toEqual(MIGRATIONS);
  });

  it('concurrent first starts on an empty database contend for the lock: one applies, the others wait, then apply nothing', async () => {
    const empty = await testDatabase(inject('pgUrl'), 'site_concurrent_starts');
    const url = empty.url;
    const holder = postgresDb(url);
    const watcher = postgresDb(url);
    const starts = [postgresDb(url), postgresDb(url), postgresDb(url)];
    try {
      // Hold the migrations' lock, start three first starts, and see all three wait for it.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const holding = holder.transaction(async (tx) => {
        await tx.query(`select pg_advisory_xact_lock(hashtext('site analytics migrations'))`);
        locked();
        await held;
      });
      await isLocked;
      const applying = Promise.all(starts.map((s) => applyMigrations(s)));
      const waiting = async () => Number((await watcher.query(`select count(*) as n from pg_locks where locktype = 'advisory' and not granted`))[0]!.n);
      // Waiting on a lock is a lasting state (until release below), so polling for it is safe;
      // the bound only stops a broken run, long after a busy machine would have got there.
      for (let i = 0; i < 2400 && (await waiting()) < 3; i++) await new Promise((r) => setTimeout(r, 25));
      expect(await waiting()).toBe(3);
      release();
      await holding;
      const applied = await applying;
      expect(applied.flat()).toEqual(MIGRATIONS.map((m) => m.version));
      expect(await watcher.query('select version from supabase_migrations.schema_migrations order by version')).toEqual(MIGRATIONS.map(({ version }) => ({ version })));
    } finally {
      await Promise.all([holder, watcher, ...starts].map((s) => s.close()));
      await empty.drop();
    }
  });

  it('create the tables with row level security, the dashboard indexes and no policies', async () => {
    expect(
      await db.query(`select relname, relrowsecurity from pg_class
        where relname in ('user_sessions', 'user_events') order by relname`),
    ).toEqual([
      { relname: 'user_events', relrowsecurity: true },
      { relname: 'user_sessions', relrowsecurity: true },
    ]);
    expect(await db.query(`select count(*)::int as n from pg_policies where schemaname = 'public'`)).toEqual([{ n: 0 }]);
    expect((await db.query(`select indexname from pg_indexes where schemaname = 'public' order by indexname`)).map((r) => r.indexname)).toEqual([
      'analytics_daily_done_pkey',
      'analytics_daily_pkey',
      'analytics_salts_pkey',
      'leads_created_at_idx',
      'leads_outbox_channel_due_idx',
      'leads_outbox_digest_week_idx',
      'leads_outbox_due_idx',
      'leads_outbox_idempotency_key_key',
      'leads_outbox_lead_id_channel_key',
      'leads_outbox_pkey',
      'leads_pkey',
      'leads_settings_pkey',
      'user_events_pkey',
      'user_events_taps_idx',
      'user_events_timestamp_idx',
      'user_sessions_country_idx',
      'user_sessions_created_at_idx',
      'user_sessions_created_ip_idx',
      'user_sessions_ip_hash_idx',
      'user_sessions_pkey',
      'user_sessions_visitor_idx',
    ]);
  });

  it('count the Unique IPs of a range from the index alone, and read a range of events through the time index', async () => {
    await db.exec('set enable_seqscan = off');
    try {
      const explain = async (sql: string) => (await db.query(`explain ${sql}`)).map((r) => String(r['QUERY PLAN'])).join('\n');
      expect(await explain(`select distinct ip_key from public.user_sessions where created_at >= now() - interval '30 days' and created_at < now()`)).toMatch(
        /Index Only Scan using user_sessions_created_ip_idx/,
      );
      expect(await explain(`select count(*) from public.user_events where "timestamp" >= now() - interval '1 day' and "timestamp" < now()`)).toMatch(/Index (Only )?Scan using user_events_timestamp_idx/);
    } finally {
      await db.exec('reset enable_seqscan');
    }
  });

  it('let the dashboard read the newest rows through the time index', async () => {
    const plan = (await db.query(`explain select * from public.user_events t order by t."timestamp" desc, t.id desc limit 100`))
      .map((r) => String(r['QUERY PLAN']))
      .join('\n');
    expect(plan).toMatch(/Index (Only )?Scan using user_events_timestamp_idx/);
  });
});

describe('the throwaway cluster', () => {
  it('is stopped and removed when its process exits without stopping it (a watch run ended by a signal)', async () => {
    // The child starts a cluster, prints where its data lives, and exits: no stop(), no teardown.
    const child = `
      import postgres from 'postgres';
      import { startPgCluster } from './tests/support/pg-cluster.ts';
      const cluster = await startPgCluster();
      const sql = postgres(cluster.url, { max: 1 });
      const [{ data_directory }] = await sql\`show data_directory\`;
      await sql.end();
      console.log(JSON.stringify({ url: cluster.url, data: data_directory }));
      process.exit(0);`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', child], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
    });
    const { url, data } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { url: string; data: string };
    expect(existsSync(dirname(data))).toBe(false);
    const sql = postgres(url, { max: 1, connect_timeout: 5 });
    try {
      await expect(sql`select 1`).rejects.toThrow(/ECONNREFUSED|ENOENT/);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  it('names the Debian package to install when the server binaries are missing', async () => {
    const saved = process.env.PG_BIN;
    process.env.PG_BIN = '/nonexistent/postgresql/bin';
    try {
      await expect(startPgCluster()).rejects.toThrow(/Install the Debian package `postgresql`/);
    } finally {
      if (saved === undefined) delete process.env.PG_BIN;
      else process.env.PG_BIN = saved;
    }
  });
});

describeAnalyticsContract('PostgreSQL (postgres.js)', () => db);
describeRowLevelSecurity('PostgreSQL', () => db);

describeLeadsContract('PostgreSQL', () => db);
describeDashboardContract('PostgreSQL', () => db);
describeLeadsRowLevelSecurity('PostgreSQL', () => db);
