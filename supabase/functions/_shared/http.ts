// What the analytics and leads functions share at the HTTP level: JSON answers, the configured
// origins (decision 042), the dashboard key, and the per-client rate limit keyed by a hash of the
// client (decision 041).

import { createClientAddress, type ClientAddress, type ClientAddressOptions } from './client-address.ts';
import { createHmac, formatIp, networkOf, timingSafeEqual, type ParsedIp } from './ip.ts';
import { createRateLimiter, type RateLimitOptions } from './rate-limit.ts';

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

export interface ClientGate {
  /** Who the client is, and the keyed hash of its address (null when unknown). */
  identify(headers: Headers, remoteAddress?: string): Promise<{ client: ClientAddress; ipHash: string | null; allowed: boolean }>;
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
