// Client IP handling: parse it (ipaddr.js), truncate it for storage, and key-hash it for the unique
// count. ipaddr.js and Web Crypto run the same in Node, Deno and the tests.

import ipaddr from 'ipaddr.js';

export type ParsedIp = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * Parses an IPv4 address in dotted-quad form or an IPv6 address; an IPv4-mapped IPv6 address
 * (::ffff:a.b.c.d) counts as IPv4, and an IPv6 zone id (%eth0) is dropped. The legacy IPv4
 * spellings that ipaddr.js also reads ("0x7f.1", "2130706433") are refused: no proxy writes them.
 */
export function parseIp(raw: string): ParsedIp | null {
  const s = raw.trim();
  if (s.includes(':')) {
    if (!ipaddr.IPv6.isValid(s)) return null;
    const v6 = ipaddr.IPv6.parse(s);
    return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : new ipaddr.IPv6(v6.parts);
  }
  return ipaddr.IPv4.isValidFourPartDecimal(s) ? ipaddr.IPv4.parse(s) : null;
}

/** Text form: dotted quad, or RFC 5952 IPv6 (lower case, longest zero run as ::). */
export function formatIp(ip: ParsedIp): string {
  return ip.kind() === 'ipv4' ? ip.toString() : (ip as ipaddr.IPv6).toRFC5952String();
}

/** The network of `ip` with a prefix of `bits`, as an address (host bits zero). */
export function networkOf(ip: ParsedIp, bits: number): ParsedIp {
  const bytes = ip.toByteArray().map((b, i) => {
    const keep = Math.max(0, Math.min(8, bits - i * 8));
    return b & (0xff << (8 - keep)) & 0xff;
  });
  return ipaddr.fromByteArray(bytes);
}

/** Keeps the network part only: IPv4 /24, IPv6 /48. */
export function truncateIp(ip: ParsedIp): ParsedIp {
  return networkOf(ip, ip.kind() === 'ipv4' ? 24 : 48);
}

const encoder = new TextEncoder();

/** Bytes as lower-case hex. */
export const toHex = (bytes: ArrayBuffer | Uint8Array): string => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** An HMAC-SHA-256 function under `secret` that returns lower-case hex; the key is imported once. */
export function createHmac(secret: string): (message: string) => Promise<string> {
  const key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return async (message) => toHex(await crypto.subtle.sign('HMAC', await key, encoder.encode(message)));
}

/** Compares two secrets in time that does not depend on where they differ (both are hashed first). */
export async function timingSafeEqual(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([
    crypto.subtle.digest('SHA-256', encoder.encode(a)),
    crypto.subtle.digest('SHA-256', encoder.encode(b)),
  ]);
  const xa = new Uint8Array(x);
  const ya = new Uint8Array(y);
  let diff = 0;
  for (let i = 0; i < xa.length; i++) diff |= xa[i]! ^ ya[i]!;
  return diff === 0;
}
