// The country lookup (mmdb-lib under supabase/functions/_shared/mmdb.ts) over MaxMind DB files of
// each record size, written here by a small writer that follows the format's specification
// (https://maxmind.github.io/MaxMind-DB/). The bundled database uses 24-bit records only; these
// files put records past 2^24 so that the 28-bit layout's shared nibble byte is read on both sides.

import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { parseIp } from '#functions/_shared/ip.ts';
import { createCountryLookup } from '#functions/_shared/mmdb.ts';

type RecordSize = 24 | 28 | 32;
type Slot = { node: number } | { data: string } | null;

const utf8 = (s: string) => [...new TextEncoder().encode(s)];
const str = (s: string) => [(2 << 5) | s.length, ...utf8(s)];
const uint = (type: 5 | 6, n: number, size: number) => [(type << 5) | size, ...Array.from({ length: size }, (_, i) => (n >>> ((size - 1 - i) * 8)) & 0xff)];

/** An IPv6 tree (IPv4 networks under ::/96) holding { country_code } records. */
function writeMmdb(recordSize: RecordSize, networks: [cidr: string, country: string][], padding: number): Uint8Array {
  const nodes: [Slot, Slot][] = [[null, null]];
  for (const [cidr, country] of networks) {
    const [addr, bits] = ipaddr.parseCIDR(cidr);
    const bytes = addr.kind() === 'ipv4' ? [...Array(12).fill(0), ...addr.toByteArray()] : addr.toByteArray();
    const prefix = addr.kind() === 'ipv4' ? bits + 96 : bits;
    let node = 0;
    for (let i = 0; i < prefix; i++) {
      const bit = (bytes[i >> 3]! >> (7 - (i & 7))) & 1;
      if (i === prefix - 1) nodes[node]![bit] = { data: country };
      else {
        const next = nodes[node]![bit];
        if (next && 'node' in next) node = next.node;
        else {
          nodes.push([null, null]);
          nodes[node]![bit] = { node: nodes.length - 1 };
          node = nodes.length - 1;
        }
      }
    }
  }
  // The data section: `padding` unused bytes, then one map per country.
  const data: number[] = [];
  const offsets = new Map<string, number>();
  for (const [, country] of networks) {
    if (offsets.has(country)) continue;
    offsets.set(country, padding + data.length);
    data.push((7 << 5) | 1, ...str('country_code'), ...str(country));
  }
  const value = (slot: Slot) => (slot === null ? nodes.length : 'node' in slot ? slot.node : nodes.length + 16 + offsets.get(slot.data)!);
  const be = (n: number, size: number) => Array.from({ length: size }, (_, i) => (n >>> ((size - 1 - i) * 8)) & 0xff);
  const tree = nodes.flatMap(([l, r]) => {
    const [left, right] = [value(l), value(r)];
    if (recordSize === 24) return [...be(left, 3), ...be(right, 3)];
    if (recordSize === 32) return [...be(left, 4), ...be(right, 4)];
    return [...be(left, 3), ((left >>> 24) << 4) | (right >>> 24), ...be(right, 3)];
  });
  const metadata = [
    (7 << 5) | 3,
    ...str('node_count'), ...uint(6, nodes.length, 4),
    ...str('record_size'), ...uint(5, recordSize, 1),
    ...str('ip_version'), ...uint(5, 6, 1),
  ];
  const tail = [...data, 0xab, 0xcd, 0xef, ...utf8('MaxMind.com'), ...metadata];
  const file = new Uint8Array(tree.length + 16 + padding + tail.length); // zeros: the separator and the padding
  file.set(tree);
  file.set(tail, tree.length + 16 + padding);
  return file;
}

const NETWORKS: [string, string][] = [
  ['49.36.0.0/14', 'IN'],
  ['2001:200::/23', 'JP'], // ends on a right record
  ['2001:400::/23', 'KR'], // ends on a left record
];

describe('country lookup over MaxMind DB record sizes', () => {
  it.each([
    [24, 0],
    [28, 2 ** 24],
    [32, 2 ** 24],
  ] as [RecordSize, number][])('reads %i-bit records (data at offsets from %i)', (size, padding) => {
    const lookup = createCountryLookup(writeMmdb(size, NETWORKS, padding));
    const country = (ip: string) => lookup(parseIp(ip)!);
    expect(country('49.36.10.20')).toBe('IN');
    expect(country('::ffff:49.39.255.255')).toBe('IN');
    expect(country('2001:200::1')).toBe('JP');
    expect(country('2001:400:ffff::1')).toBe('KR');
    expect(country('49.40.0.1')).toBeNull();
    expect(country('2001:600::1')).toBeNull();
    expect(country('10.0.0.1')).toBeNull();
  });
});
