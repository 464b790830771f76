// Who the client is (issue 10 point 4): forwarding headers only from configured proxies or the
// configured edge header, and the rate limit per client (an IPv6 client per /64).

import { describe, expect, it } from 'vitest';
import { createClientAddress, parseTrustedProxies } from '#functions/_shared/client-address.ts';
import { createAnalyticsHandler } from '#functions/_shared/analytics-handler.ts';
import { formatIp } from '#functions/_shared/ip.ts';
import { BROWSER_UA, ORIGIN, session } from '../support/analytics-contract.ts';

const client = (options: Parameters<typeof createClientAddress>[0], headers: Record<string, string>, remote?: string) => {
  const found = createClientAddress(options)(new Headers(headers), remote);
  return { ip: found.ip && formatIp(found.ip), geo: found.geoHeadersTrusted };
};

describe('parseTrustedProxies', () => {
  it('reads addresses, CIDR ranges and "loopback"', () => {
    expect(parseTrustedProxies(['loopback', ' 10.0.0.0/8 ', '2001:db8::/32', '192.168.1.1', '']).map(([ip, bits]) => `${formatIp(ip)}/${bits}`)).toEqual([
      '127.0.0.0/8',
      '::1/128',
      '10.0.0.0/8',
      '2001:db8::/32',
      '192.168.1.1/32',
    ]);
  });

  it.each(['10.0.0.0/33', '::1/129', 'localhost', '10.0.0.0/8/1', '0x7f.1', '10.0.0.0/-1', 'private'])('refuses %j, naming it', (entry) => {
    expect(() => parseTrustedProxies([entry])).toThrow(`"${entry}" is not an IP address, a CIDR range (such as 10.0.0.0/8) or "loopback"`);
  });
});

describe('createClientAddress', () => {
  it('by default takes the socket peer and trusts no header', () => {
    expect(client({}, { 'x-forwarded-for': '49.36.10.20' }, '::ffff:203.0.113.9')).toEqual({ ip: '203.0.113.9', geo: false });
  });

  it('behind a trusted proxy takes the right-most untrusted hop, ports and brackets removed', () => {
    const proxies = { trustedProxies: ['loopback', '10.0.0.0/8'] };
    expect(client(proxies, { 'x-forwarded-for': '1.1.1.1, [2001:4860::8888]:443, 10.0.0.7' }, '::ffff:127.0.0.1')).toEqual({
      ip: '2001:4860::8888',
      geo: true,
    });
    // Only proxies: the furthest hop is the best that is known.
    expect(client(proxies, { 'x-forwarded-for': '10.0.0.9, 10.0.0.7' }, '127.0.0.1')).toEqual({ ip: '10.0.0.9', geo: false });
    // A hop that is not an address: the client cannot be told.
    expect(client(proxies, { 'x-forwarded-for': '49.36.10.20, unknown' }, '127.0.0.1')).toEqual({ ip: null, geo: false });
    // The proxy's own request.
    expect(client(proxies, {}, '127.0.0.1')).toEqual({ ip: '127.0.0.1', geo: false });
  });

  it("with the edge's header takes its address whatever the socket", () => {
    const edge = { header: 'CF-Connecting-IP' };
    expect(client(edge, { 'cf-connecting-ip': '49.36.10.20', 'x-forwarded-for': '8.8.8.8' }, '10.0.0.1')).toEqual({ ip: '49.36.10.20', geo: true });
    expect(client(edge, { 'cf-connecting-ip': 'garbage' }, '10.0.0.1')).toEqual({ ip: null, geo: false });
    expect(client(edge, {}, '10.0.0.1')).toEqual({ ip: null, geo: false });
  });

  it('refuses a header name that is not one, and both settings at once', () => {
    expect(() => createClientAddress({ header: 'cf connecting ip' })).toThrow('"cf connecting ip" is not an HTTP header name');
    expect(() => createClientAddress({ header: 'x-real-ip', trustedProxies: ['loopback'] })).toThrow(
      'Configure either a client address header or trusted proxies, not both',
    );
  });
});

describe('the rate limit', () => {
  it('counts an IPv6 client per /64, and an IPv4 client per address', async () => {
    const handler = createAnalyticsHandler({
      // No database: only the day's salt (for the visitor hash) needs an answer.
      query: async (sql: string) => (sql.includes('analytics_salts') && /select salt/.test(sql) ? [{ salt: 'salt' }] : []),
      logError: () => {},
      config: { allowedOrigins: [ORIGIN], dashboardKey: 'k', hmacSecret: 's', rateLimit: { burst: 2, perSecond: 0.001 } },
    });
    const from = async (remoteAddress: string) =>
      (
        await handler(
          new Request('http://x.example/functions/v1/analytics', {
            method: 'POST',
            headers: { origin: ORIGIN, 'user-agent': BROWSER_UA },
            body: JSON.stringify(session()),
          }),
          { remoteAddress },
        )
      ).status;
    const statuses = [];
    for (const ip of ['2001:4860:1:2::1', '2001:4860:1:2::2', '2001:4860:1:2:ffff::3', '2001:4860:1:3::1', '49.36.10.1', '49.36.10.2', '49.36.10.3']) {
      statuses.push(await from(ip));
    }
    expect(statuses).toEqual([201, 201, 429, 201, 201, 201, 201]);
  });
});
