// What the two Supabase entries (Deno) share: their secrets, the database, keeping work going after
// an answer, and serving the handler once it is made. Deno's own globals are passed in, so that this
// file type-checks with the rest of _shared/.

import { alertChannelsFromEnv, type AlertChannels } from './alerts.ts';
import { postgresDb, type Query } from './db.ts';
import type { FunctionHandler } from './http.ts';

declare const EdgeRuntime: { waitUntil(p: Promise<unknown>): void } | undefined;

/** What an entry reads from its environment (Deno.env). */
export function entryEnv(fn: string, get: (name: string) => string | undefined) {
  /** A secret the function cannot run without: thrown, with its name, when it is not set. */
  const required = (name: string) => {
    const value = get(name);
    if (!value) throw new Error(`${fn}: the secret ${name} is not set`);
    return value;
  };
  return {
    get,
    required,
    /** The database on SUPABASE_DB_URL, at most `max` connections unless `poolVar` says otherwise (no prepared statements: Supabase's transaction pooler does not keep them). */
    query: (poolVar: string, max: number): Query => postgresDb(required('SUPABASE_DB_URL'), { max: Number(get(poolVar) ?? max), prepare: false }).query,
    /** Telegram and the webhook (LEADS_TELEGRAM_*, LEADS_WEBHOOK_*); a channel half set stays off and says why. */
    alertChannels(): AlertChannels {
      const alerts = alertChannelsFromEnv(get);
      for (const problem of alerts.problems) console.error(`${fn}: ${problem}`);
      return alerts.channels;
    },
    /**
     * The client's address: every request reaches a function through Cloudflare and Supabase's
     * gateway, so the socket peer is the gateway and x-forwarded-for starts with whatever the client
     * wrote; Cloudflare sets `cf-connecting-ip`, replacing any value the client sent. Another edge's
     * header can be named in ANALYTICS_CLIENT_IP_HEADER (decision 041).
     */
    clientAddress: { header: get('ANALYTICS_CLIENT_IP_HEADER') || 'cf-connecting-ip' },
  };
}

/** Keeps work going after the answer: the edge runtime keeps the worker alive for it. */
export const deferOnEdge = (work: Promise<unknown>) => (typeof EdgeRuntime !== 'undefined' ? EdgeRuntime.waitUntil(work) : void work);

/** Deno.serve's handler: the function's, once `make` made it; if it could not (a secret missing), 500 with the reason. */
export function serving(make: () => FunctionHandler | Promise<FunctionHandler>) {
  const made = (async () => make())();
  made.catch((error) => console.error(error instanceof Error ? error.message : error));
  return (req: Request, info: { remoteAddr: { transport: string; hostname?: string } }) =>
    made.then(
      (handler) => handler(req, { remoteAddress: info.remoteAddr.transport === 'tcp' ? info.remoteAddr.hostname : undefined }),
      (error) => Response.json({ error: error instanceof Error ? error.message : 'The function is not configured' }, { status: 500 }),
    );
}
