// The analytics and leads functions for `site start` and the tests, on one database (database.ts):
// the shared handlers, mounted by the server at /functions/v1/analytics and /functions/v1/leads,
// the same paths Supabase serves the Deno entries on; and the timers that pg_cron runs on Supabase:
// the retention purge, the outbox's due deliveries and the weekly digest.

import { parseTrustedProxies } from '#functions/_shared/client-address.ts';
import { createAnalyticsHandler } from '#functions/_shared/analytics-handler.ts';
import { alertChannelsFromEnv, type AlertChannels } from '#functions/_shared/alerts.ts';
import { wordsOf, type FunctionsContent } from '#functions/_shared/content.ts';
import { queueDueDigest } from '#functions/_shared/digest.ts';
import { createLeadsHandler, type LeadsDeps } from '#functions/_shared/leads-handler.ts';
import { consoleLogError, rateLimitedLog } from '#functions/_shared/log.ts';
import { loadCountryLookup } from '#functions/_shared/mmdb.ts';
import { createOutbox, type OutboxOptions } from '#functions/_shared/outbox.ts';
import { localSecrets, openDatabase } from './database.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface NodeFunctionsOptions {
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
    /** Telegram and the webhook; by default from the environment (LEADS_TELEGRAM_*, LEADS_WEBHOOK_*). */
    alerts?: Omit<AlertChannels, 'forward'>;
    /** The outbox's limits and waits (tests and benchmarks shorten them). */
    outbox?: Pick<OutboxOptions, 'maxOpen' | 'timeoutMs' | 'backoffMs' | 'now' | 'stopGraceMs'>;
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

export type NodeFunctions = Awaited<ReturnType<typeof createNodeFunctions>>;

export async function createNodeFunctions(opts: NodeFunctionsOptions) {
  parseTrustedProxies(opts.trustedProxies ?? []); // a bad entry fails here, before the database opens
  const secrets = opts.dashboardKey && opts.hmacSecret ? null : await localSecrets(opts.dataDir);
  const dashboardKey = opts.dashboardKey || secrets!.dashboardKey;
  const hmacSecret = opts.hmacSecret || secrets!.hmacSecret;
  const db = await openDatabase(opts.dataDir, opts.databaseUrl, opts.poolSize);
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

  // What both functions are made with: one database, clock, content and outbox, the same keys and origins.
  const shared = { query: db.query, now: opts.now, content: opts.content, outbox, defer: opts.deferLeadWork };
  const config = { allowedOrigins: opts.allowedOrigins, dashboardKey, hmacSecret, clientAddress: { trustedProxies: opts.trustedProxies } };
  const handler = createAnalyticsHandler({ ...shared, lookupCountry: await loadCountryLookup(), config });
  const leads = createLeadsHandler({
    ...shared,
    // The Node server lives on: a lead's deliveries may take as long as they need.
    drainMs: Infinity,
    // Same origin as the pages: the browser goes to /thank-you of whichever origin it is on.
    config: { ...config, thankYouUrl: '/thank-you', siteOrigin: '', honeypotField: opts.leads?.honeypotField },
  });

  return {
    /** The analytics function, mounted at /functions/v1/analytics. */
    handle: (req: Request, remoteAddress?: string) => handler(req, { remoteAddress }),
    /** The leads function, mounted at /functions/v1/leads on the same database. */
    handleLeads: (req: Request, remoteAddress?: string) => leads(req, { remoteAddress }),
    dashboardKey,
    async close() {
      clearInterval(timer);
      clearInterval(poll);
      clearInterval(digestTimer);
      await digestRun;
      // Attempts under way end now and are recorded as failed: the next start tries them again.
      await outbox.stop();
      await db.close();
    },
  };
}
