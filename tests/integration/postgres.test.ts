// The analytics suite against a real PostgreSQL (Debian's server, started here): migrations,
// row level security as Supabase's public roles, and the handler through postgres.js.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, postgresDb, type AnalyticsDb } from '#cli/lib/server/analytics.ts';
import { describeAnalyticsContract, describeRowLevelSecurity } from '../support/analytics-contract.ts';
import { startPgCluster, type PgCluster } from '../support/pg-cluster.ts';

let cluster: PgCluster;
let db: AnalyticsDb;

beforeAll(async () => {
  cluster = await startPgCluster();
  db = postgresDb(cluster.url);
  expect(await applyMigrations(db)).toEqual(['20261122070000']);
});

afterAll(async () => {
  await db?.close();
  await cluster?.stop();
});

describe('migrations on PostgreSQL', () => {
  it('run once: a second start applies nothing, and concurrent starts do not collide', async () => {
    const others = [postgresDb(cluster.url), postgresDb(cluster.url)];
    try {
      expect(await Promise.all(others.map((o) => applyMigrations(o)))).toEqual([[], []]);
    } finally {
      await Promise.all(others.map((o) => o.close()));
    }
    expect(await db.query('select version, name from supabase_migrations.schema_migrations')).toEqual([
      { version: '20261122070000', name: 'create_analytics' },
    ]);
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
      'user_events_pkey',
      'user_events_timestamp_idx',
      'user_sessions_country_idx',
      'user_sessions_created_at_idx',
      'user_sessions_ip_hash_idx',
      'user_sessions_pkey',
    ]);
  });

  it('let the dashboard read the newest rows through the time index', async () => {
    const plan = (await db.query(`explain select * from public.user_events t order by t."timestamp" desc, t.id desc limit 100`))
      .map((r) => String(r['QUERY PLAN']))
      .join('\n');
    expect(plan).toMatch(/Index (Only )?Scan using user_events_timestamp_idx/);
  });
});

describe('the throwaway cluster', () => {
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
