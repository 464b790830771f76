// What the analytics and leads functions share at the HTTP level: JSON answers, the configured
// origins (decision 042), the dashboard key, and the per-client rate limit keyed by a hash of the
// client (decision 041).

import { createClientAddress, type ClientAddress, type ClientAddressOptions } from './client-address.ts';
import { createHmac, formatIp, networkOf, timingSafeEqual, type ParsedIp } from './ip.ts';
import { createRateLimiter, type RateLimitOptions } from './rate-limit.ts';

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

/** The charset a content-type names, lower-cased; undefined when it names none. */
export const charsetOf = (contentType: string) => /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1]?.toLowerCase();

/** The media type of a content-type header, lower-cased ("" when absent). */
export const mediaTypeOf = (contentType: string) => contentType.split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * The CORS headers for a request, and whether its origin may call at all: only the configured
 * origins (or "*"); a request without an Origin (curl, server to server) is allowed.
 */
export function corsFor(req: Request, allowedOrigins: readonly string[]): { allowed: boolean; cors: Record<string, string> } {
  const origin = req.headers.get('origin');
  const allowed = origin === null || allowedOrigins.includes('*') || allowedOrigins.includes(origin);
  const cors: Record<string, string> = { vary: 'Origin' };
  if (origin !== null && allowed) cors['access-control-allow-origin'] = origin;
  return { allowed, cors };
}

/** True when the request carries `Authorization: Bearer <key>` with the dashboard key. */
export async function hasDashboardKey(req: Request, key: string): Promise<boolean> {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get('authorization') ?? '')?.[1];
  return !!presented && (await timingSafeEqual(presented, key));
}

/** Wrong keys a client may send in a burst, then one every 30 s. */
export const KEY_GUESSES = { burst: 10, perSecond: 1 / 30 } as const;

/**
 * The dashboard key check with a limit on wrong guesses per client (issue 25.11): a client whose
 * guesses are used up gets 'throttled' before its key is even compared, until its bucket refills.
 * A right key costs nothing. Clients are told apart as the rate limit tells them (createClientGate).
 */
export function createKeyCheck(opts: { key: string; gate: ClientGate; now: () => number; guesses?: { burst: number; perSecond: number } }) {
  const { burst, perSecond } = opts.guesses ?? KEY_GUESSES;
  const buckets = new Map<string, { tokens: number; at: number }>();
  const level = (who: string, t: number) => {
    const b = buckets.get(who);
    return b ? Math.min(burst, b.tokens + ((t - b.at) / 1000) * perSecond) : burst;
  };
  return async (req: Request, remoteAddress?: string): Promise<'ok' | 'wrong' | 'throttled'> => {
    const who = (await opts.gate.rateKey(req.headers, remoteAddress)) ?? '';
    const t = opts.now();
    if (level(who, t) < 1) return 'throttled';
    if (await hasDashboardKey(req, opts.key)) return 'ok';
    if (buckets.size >= 10_000) buckets.clear();
    buckets.set(who, { tokens: level(who, t) - 1, at: t });
    return 'wrong';
  };
}

export interface ClientGate {
  /** Who the client is, and the keyed hash of its address (null when unknown). */
  identify(headers: Headers, remoteAddress?: string): Promise<{ client: ClientAddress; ipHash: string | null; allowed: boolean }>;
  /** The key the client's limits are kept under, without taking a token; null when the client is unknown. */
  rateKey(headers: Headers, remoteAddress?: string): Promise<string | null>;
  hmac(message: string): Promise<string>;
}

/**
 * Tells the client and takes one token from its bucket. The key is the client's hash, or for
 * IPv6 the hash of its /64 (a subscriber's line usually holds a whole /64); an unknown client is
 * not limited (decision 041).
 */
export function createClientGate(opts: {
  hmacSecret: string;
  rateLimit: RateLimitOptions;
  clientAddress?: ClientAddressOptions;
  now: () => number;
}): ClientGate {
  const hmac = createHmac(opts.hmacSecret);
  const takeToken = createRateLimiter(opts.rateLimit, opts.now);
  const clientAddress = createClientAddress(opts.clientAddress);
  const rateKey = async (ip: ParsedIp | null, ipHash: string | null) =>
    ip?.kind() === 'ipv6' ? hmac(`${formatIp(networkOf(ip, 64))}/64`) : ipHash;
  return {
    hmac,
    async identify(headers, remoteAddress) {
      const client = clientAddress(headers, remoteAddress);
      const ipHash = client.ip ? await hmac(formatIp(client.ip)) : null;
      const key = await rateKey(client.ip, ipHash);
      return { client, ipHash, allowed: key === null || takeToken(key) };
    },
    async rateKey(headers, remoteAddress) {
      const client = clientAddress(headers, remoteAddress);
      return rateKey(client.ip, client.ip ? await hmac(formatIp(client.ip)) : null);
    },
  };
}

/** The answer to a CORS preflight, and to a method the function does not take. */
export function preflight(cors: Record<string, string>, allowHeaders: string): Response {
  return new Response(null, {
    status: 204,
    headers: { ...cors, 'access-control-allow-methods': 'GET, POST, OPTIONS', 'access-control-allow-headers': allowHeaders, 'access-control-max-age': '86400' },
  });
}

export const methodNotAllowed = (cors: Record<string, string>) => json(405, { error: 'Method not allowed' }, { ...cors, allow: 'GET, POST, OPTIONS' });
