// What the analytics and leads functions share at the HTTP level: the configured origins (decision
// 042), the dashboard key, and the per-client rate limit keyed by a hash of the client (decision 041).

import { createClientAddress, type ClientAddressOptions } from './client-address.ts';
import type { Query } from './db.ts';
import { createHmac, formatIp, networkOf, timingSafeEqual } from './ip.ts';
import { consoleLogError, rateLimitedLog, type LogError } from './log.ts';
import { RANGE_PROBLEM, rangeFromQuery, type Range } from './range.ts';
import { createRateLimiter, type RateLimitOptions } from './rate-limit.ts';
import { createDailySalt } from './visitor.ts';

/** What each function is configured with. */
export interface FunctionConfig {
  /**
   * Origins allowed to call the function, e.g. ["https://example.in"]; "*" allows any. Only these:
   * the request's own Host says nothing, since the caller writes it.
   */
  allowedOrigins: readonly string[];
  /** The secret the dashboard sends as `Authorization: Bearer …`. */
  dashboardKey: string;
  /** Key of the HMAC that turns a client address into its hash (the rate limit's key, the visitor count's). */
  hmacSecret: string;
  rateLimit?: RateLimitOptions;
  /** Who tells the client's address; by default the socket peer is the client (client-address.ts). */
  clientAddress?: ClientAddressOptions;
}

/** What each function is made with; everything outside its libraries is injected, so the Deno entry (Supabase) and the Node entry (`site start`, tests) run the same code. */
export interface FunctionDeps<C extends FunctionConfig> {
  query: Query;
  config: C;
  now?: () => Date;
  /** Where server-side failures are reported; called at most 10 times a minute (log.ts). */
  logError?: LogError;
  /** Keeps work going after the answer (Supabase: EdgeRuntime.waitUntil); tests await it. */
  defer?: (work: Promise<unknown>) => void;
}

export type FunctionHandler = (req: Request, info?: { remoteAddress?: string }) => Promise<Response>;

/**
 * What both functions set up from their deps: the clock, the limited log, the client's identity
 * and rate limit, the daily salts, the dashboard key's check, and the dashboard GET's reading.
 */
export function functionBase<C extends FunctionConfig>(name: string, deps: FunctionDeps<C>, rateLimit: RateLimitOptions) {
  const { config } = deps;
  if (!config.hmacSecret || !config.dashboardKey) throw new Error(`${name}: hmacSecret and dashboardKey must be set`);
  const now = deps.now ?? (() => new Date());
  const clock = () => now().getTime();
  const hmac = createHmac(config.hmacSecret);
  const tokens = createRateLimiter(config.rateLimit ?? rateLimit, clock);
  const clientAddress = createClientAddress(config.clientAddress);
  /**
   * The client, the keyed hash of its address (null when unknown), and the key its limits are kept
   * under: its hash, or for IPv6 the hash of its /64 (a subscriber's line usually holds a whole /64;
   * decision 041).
   */
  const clientOf = async (headers: Headers, remoteAddress?: string) => {
    const client = clientAddress(headers, remoteAddress);
    const ipHash = client.ip ? await hmac(formatIp(client.ip)) : null;
    return { client, ipHash, key: client.ip?.kind() === 'ipv6' ? await hmac(`${formatIp(networkOf(client.ip, 64))}/64`) : ipHash };
  };
  // Wrong dashboard keys a client may send in a burst, then one every 30 s (issue 25.11), told apart
  // as the rate limit tells clients: a client whose guesses are used up is refused before its key is
  // even compared, until its bucket refills. A right key costs nothing.
  const guesses = createRateLimiter({ burst: 10, perSecond: 1 / 30 }, clock);
  /** The dashboard key's check (`Authorization: Bearer <key>`): null when the key opens the dashboard, else the answer. */
  async function refusedKey(req: Request, cors: Record<string, string>, remoteAddress?: string): Promise<Response | null> {
    const who = (await clientOf(req.headers, remoteAddress)).key ?? '';
    if (!guesses.left(who)) return json(429, { error: 'Too many wrong dashboard keys from this address; wait a minute' }, { ...cors, 'retry-after': '60' });
    const presented = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get('authorization') ?? '')?.[1];
    if (presented && (await timingSafeEqual(presented, config.dashboardKey))) return null;
    guesses.take(who);
    return json(401, { error: 'A valid dashboard key is required' }, { ...cors, 'www-authenticate': 'Bearer' });
  }
  return {
    now,
    logError: rateLimitedLog(deps.logError ?? consoleLogError, clock),
    defer: deps.defer ?? ((work: Promise<unknown>) => void work.catch(() => {})),
    /** Tells the client and takes a token from its bucket (`allowed`: it had one); an unknown client is not limited. */
    async identify(headers: Headers, remoteAddress?: string) {
      const { client, ipHash, key } = await clientOf(headers, remoteAddress);
      return { client, ipHash, allowed: key === null || tokens.take(key) };
    },
    salts: createDailySalt(deps.query),
    refusedKey,
    /** A dashboard GET: its key checked, then its range (?from=&to=, by default the last 30 days) and format (?format=csv, or JSON); else the answer. */
    async dashboardRequest(req: Request, cors: Record<string, string>, remoteAddress?: string): Promise<{ range: Range; csv: boolean } | Response> {
      const refused = await refusedKey(req, cors, remoteAddress);
      if (refused) return refused;
      const url = new URL(req.url);
      const range = rangeFromQuery(url, now());
      if (!range) return json(400, { error: RANGE_PROBLEM }, cors);
      const format = url.searchParams.get('format');
      if (format !== null && format !== 'csv') return json(400, { error: 'format must be csv, or left out for JSON' }, cors);
      return { range, csv: format === 'csv' };
    },
  };
}

/**
 * A function's answers: only the configured origins (or "*") may call, and a request without an
 * Origin (curl, server to server); `refuse` answers another. A preflight, GET and POST by
 * `methods`, 405 for any other method; the security headers on all.
 */
export function answering(
  allowedOrigins: readonly string[],
  allowHeaders: string,
  refuse: (cors: Record<string, string>) => Response,
  methods: Record<'GET' | 'POST', (req: Request, cors: Record<string, string>, remoteAddress?: string) => Promise<Response>>,
): FunctionHandler {
  const allow = 'GET, POST, OPTIONS';
  return async (req, info) => {
    const origin = req.headers.get('origin');
    const cors: Record<string, string> = { vary: 'Origin' };
    if (origin !== null && !originAllowed(allowedOrigins, origin)) return secured(refuse(cors));
    if (origin !== null) cors['access-control-allow-origin'] = origin;
    if (req.method === 'OPTIONS') {
      const headers = { ...cors, 'access-control-allow-methods': allow, 'access-control-allow-headers': allowHeaders, 'access-control-max-age': '86400' };
      return secured(new Response(null, { status: 204, headers }));
    }
    const method = req.method === 'GET' || req.method === 'POST' ? methods[req.method] : null;
    return secured(method ? await method(req, cors, info?.remoteAddress) : json(405, { error: 'Method not allowed' }, { ...cors, allow }));
  };
}

export const originAllowed = (allowedOrigins: readonly string[], origin: string) => allowedOrigins.includes('*') || allowedOrigins.includes(origin);

/**
 * Sent with every answer of the functions (issue 25.9), unless the answer sets its own: nothing in
 * a JSON, CSV or empty answer is a document to run, frame or sniff, and the functions are https only.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-frame-options': 'DENY',
  // As the site's own pages: with no-referrer, a form on the function's own page (the one that
  // names a mistake) would be posted with Origin "null" and refused.
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
};

/** `res` with the security headers it does not set itself. */
export function secured(res: Response): Response {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!res.headers.has(name)) res.headers.set(name, value);
  return res;
}

export function json(status: number, body: unknown, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}
