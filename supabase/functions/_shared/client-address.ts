// Who the client is. Forwarding headers are believed only when the configuration says who sets
// them (docs/decisions/041-client-address.md): by default the socket peer is the client and every
// forwarding or geo header is ignored.

import ipaddr from 'ipaddr.js';
import { parseIp, type ParsedIp } from './ip.ts';

export interface ClientAddressOptions {
  /**
   * Socket peers whose `x-forwarded-for` is believed: addresses, CIDR ranges ("10.0.0.0/8") or
   * "loopback". The client is then the right-most address of x-forwarded-for that is not itself
   * one of these. Used by the Node entry (`SITE_TRUSTED_PROXY`).
   */
  trustedProxies?: readonly string[];
  /**
   * A header that the host's edge sets to the client address, replacing whatever the client sent
   * (the Deno entry on Supabase: `cf-connecting-ip`). Every request is then taken to come
   * through that edge and the socket peer is not used.
   */
  header?: string;
}

type Range = [ParsedIp, number];

/** Parses the trusted-proxy list; throws naming the first entry that is not an address or range. */
export function parseTrustedProxies(list: readonly string[]): Range[] {
  const ranges: Range[] = [];
  for (const raw of list) {
    const entry = raw.trim();
    if (!entry) continue;
    if (entry === 'loopback') {
      ranges.push([ipaddr.IPv4.parse('127.0.0.0'), 8], [ipaddr.IPv6.parse('::1'), 128]);
      continue;
    }
    const [addr, bits, extra] = entry.split('/');
    const ip = parseIp(addr ?? '');
    const max = ip?.kind() === 'ipv4' ? 32 : 128;
    const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
    if (!ip || extra !== undefined || !(prefix >= 0 && prefix <= max)) {
      throw new Error(`"${entry}" is not an IP address, a CIDR range (such as 10.0.0.0/8) or "loopback"`);
    }
    ranges.push([ip, prefix]);
  }
  return ranges;
}

/** Strips a port or brackets that some proxies leave on an address ("1.2.3.4:80", "[::1]:443"). */
function stripPort(s: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(s);
  if (bracketed) return bracketed[1]!;
  const v4WithPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(s);
  return v4WithPort ? v4WithPort[1]! : s;
}

/** The entries of a comma-separated list (a header, a setting), trimmed, without empty ones. */
export const commaList = (text: string | null): string[] => (text ?? '').split(',').map((s) => s.trim()).filter(Boolean);

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;

/**
 * Returns the function that tells the client address of a request: `ip`, null when it cannot be
 * told, and `geoHeadersTrusted`, true when the request came through the configured edge or a
 * trusted proxy and the client is a public address: only then are the host's geo headers about it.
 */
export function createClientAddress(options: ClientAddressOptions = {}) {
  const found = (ip: ParsedIp | null, viaTrustedHop: boolean) => ({
    ip,
    // A public address: one that can reach us from the internet ("unicast" in ipaddr.js's ranges),
    // not private, loopback, link-local, unique-local, carrier-grade NAT, documentation or reserved.
    geoHeadersTrusted: viaTrustedHop && ip !== null && ip.range() === 'unicast',
  });

  if (options.header !== undefined) {
    const name = options.header.trim().toLowerCase();
    if (!HEADER_NAME.test(name)) throw new Error(`"${options.header}" is not an HTTP header name`);
    if (options.trustedProxies?.length) throw new Error('Configure either a client address header or trusted proxies, not both');
    // The edge writes the address it saw; if a header lists several, the right-most is the edge's.
    return (headers: Headers, _remoteAddress?: string) => {
      const last = commaList(headers.get(name)).at(-1);
      return found(last ? parseIp(stripPort(last)) : null, true);
    };
  }

  const trusted = parseTrustedProxies(options.trustedProxies ?? []);
  const isTrusted = (ip: ParsedIp) => trusted.some(([net, bits]) => ip.kind() === net.kind() && ip.match(net, bits));

  return (headers: Headers, remoteAddress?: string) => {
    const peer = remoteAddress ? parseIp(stripPort(remoteAddress)) : null;
    if (!peer || !isTrusted(peer)) return found(peer, false);
    // Walk from the nearest hop outwards; the first hop we do not trust is the client. Anything
    // further left was written by that client and proves nothing.
    const hops = commaList(headers.get('x-forwarded-for'));
    let client: ParsedIp = peer;
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = parseIp(stripPort(hops[i]!));
      if (!hop) return found(null, true);
      client = hop;
      if (!isTrusted(hop)) break;
    }
    return found(client, true);
  };
}
