// The database as the functions see it, in one place: `Query` runs one parameterised statement,
// and `postgresDb` is the postgres.js adapter that the Deno entries (Supabase) and `site start` on a
// DATABASE_URL both use; `site start` without one runs the same statements on PGlite
// (cli/lib/server/database.ts).

import postgres from 'postgres';

/** Runs one parameterised statement and returns its rows. */
export type Query = (sql: string, params?: readonly unknown[]) => Promise<readonly Record<string, unknown>[]>;

/** A database the functions and their tests can use: parameterised queries, scripts, transactions. */
export interface Db {
  query: Query;
  /** Runs a script of one or more statements without parameters. */
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Pick<Db, 'query' | 'exec'>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Postgres through postgres.js. `prepare: false` for Supabase's transaction pooler, which does not
 * keep prepared statements between transactions.
 */
export function postgresDb(url: string, options: { max?: number; prepare?: boolean } = {}): Db {
  const sql = postgres(url, { max: options.max ?? 10, prepare: options.prepare ?? true, onnotice: () => {} });
  const wrap = (q: postgres.Sql | postgres.TransactionSql) => ({
    query: async (text: string, params?: readonly unknown[]) =>
      (await q.unsafe(text, params ? ([...params] as postgres.ParameterOrJSON<never>[]) : undefined)) as Record<string, unknown>[],
    exec: async (text: string) => void (await q.unsafe(text).simple()),
  });
  return {
    ...wrap(sql),
    transaction: (fn) => sql.begin((tx) => fn(wrap(tx))) as Promise<never>,
    close: () => sql.end({ timeout: 5 }),
  };
}
