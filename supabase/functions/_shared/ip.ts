// Client IP handling: find it, truncate it for storage, and key-hash it for the unique count.
// Plain bytes and Web Crypto only, so the same file runs in Node, Deno and the tests.

export type ParsedIp = { version: 4; bytes: Uint8Array } | { version: 6; bytes: Uint8Array };

function parseIpv4(s: string): Uint8Array | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  const out = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const p = parts[i]!;
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    out[i] = Number(p);
  }
  return out;
}

function parseIpv6(input: string): Uint8Array | null {
  let s = input.replace(/%.*$/, ''); // drop a zone id such as %eth0
  const out = new Uint8Array(16);
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes two hextets.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (v4) {
    const b = parseIpv4(v4[1]!);
    if (!b) return null;
    s = s.slice(0, -v4[1]!.length) + ((b[0]! << 8) | b[1]!).toString(16) + ':' + ((b[2]! << 8) | b[3]!).toString(16);
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  for (let i = 0; i < 8; i++) {
    const g = groups[i]!;
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    const n = parseInt(g, 16);
    out[i * 2] = n >> 8;
    out[i * 2 + 1] = n & 0xff;
  }
  return out;
}

/** Parses an IPv4 or IPv6 address; an IPv4-mapped IPv6 address (::ffff:a.b.c.d) counts as IPv4. */
export function parseIp(raw: string): ParsedIp | null {
  const s = raw.trim();
  if (s.includes(':')) {
    const bytes = parseIpv6(s);
    if (!bytes) return null;
    const mapped = bytes.subarray(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
    return mapped ? { version: 4, bytes: bytes.slice(12) } : { version: 6, bytes };
  }
  const bytes = parseIpv4(s);
  return bytes ? { version: 4, bytes } : null;
}

/** Text form: dotted quad, or RFC 5952 IPv6 (lower case, longest zero run as ::). */
export function formatIp(ip: ParsedIp): string {
  if (ip.version === 4) return Array.from(ip.bytes).join('.');
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((ip.bytes[i]! << 8) | ip.bytes[i + 1]!);
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) (best = i), (bestLen = j - i);
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best < 0) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLen).join(':')}`;
}

/** Keeps the network part only: IPv4 /24, IPv6 /48. */
export function truncateIp(ip: ParsedIp): ParsedIp {
  const bytes = ip.bytes.slice();
  bytes.fill(0, ip.version === 4 ? 3 : 6);
  return { version: ip.version, bytes } as ParsedIp;
}

/** Strips a port or brackets that some proxies leave on an address ("1.2.3.4:80", "[::1]:443"). */
function stripPort(s: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(s);
  if (bracketed) return bracketed[1]!;
  const v4WithPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(s);
  return v4WithPort ? v4WithPort[1]! : s;
}

/**
 * The client address: the first entry of x-forwarded-for (set by Supabase's and most hosts'
 * edge), else the socket's remote address that the entry passes in.
 */
export function clientIp(headers: Headers, remoteAddress?: string): ParsedIp | null {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  for (const candidate of [forwarded, remoteAddress]) {
    if (!candidate) continue;
    const ip = parseIp(stripPort(candidate));
    if (ip) return ip;
  }
  return null;
}

const encoder = new TextEncoder();

function toHex(buf: ArrayBuffer): string {
  return Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');
}

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
