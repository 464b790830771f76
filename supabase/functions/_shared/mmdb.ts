// A minimal reader for MaxMind DB files (https://maxmind.github.io/MaxMind-DB/), enough to look
// up an IP-to-country database. It works on a plain Uint8Array so that Node and Deno share it;
// each entry loads the bytes its own way (docs/decisions/010-ip-country-database.md).

import type { ParsedIp } from './ip.ts';

const METADATA_MARKER = [0xab, 0xcd, 0xef, ...Array.from('MaxMind.com', (c) => c.charCodeAt(0))];

type MmdbValue = string | number | bigint | boolean | Uint8Array | MmdbValue[] | { [key: string]: MmdbValue };

/** A decoder over one section of the file; offsets are relative to `base`. */
class Decoder {
  private readonly view: DataView;
  private readonly text = new TextDecoder();
  constructor(private readonly bytes: Uint8Array, private readonly base: number) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** Decodes the value at `offset`; returns it with the offset just after it. */
  decode(offset: number): [MmdbValue, number] {
    let pos = this.base + offset;
    const ctrl = this.bytes[pos++]!;
    let type = ctrl >> 5;
    if (type === 1) {
      // Pointer: the value lives elsewhere in the data section; we continue after the pointer.
      const ss = (ctrl >> 3) & 0x3;
      const vvv = ctrl & 0x7;
      let target: number;
      if (ss === 0) target = (vvv << 8) | this.bytes[pos]!;
      else if (ss === 1) target = ((vvv << 16) | this.uint(pos, 2)) + 2048;
      else if (ss === 2) target = ((vvv << 24) | this.uint(pos, 3)) + 526336;
      else target = this.uint(pos, 4);
      const [value] = this.decode(target);
      return [value, pos + ss + 1 - this.base];
    }
    if (type === 0) type = 7 + this.bytes[pos++]!;
    let size = ctrl & 0x1f;
    if (size === 29) size = 29 + this.bytes[pos++]!;
    else if (size === 30) (size = 285 + this.uint(pos, 2)), (pos += 2);
    else if (size === 31) (size = 65821 + this.uint(pos, 3)), (pos += 3);
    const end = pos + size;
    const rel = (p: number) => p - this.base;
    switch (type) {
      case 2:
        return [this.text.decode(this.bytes.subarray(pos, end)), rel(end)];
      case 3:
        return [this.view.getFloat64(pos), rel(pos + 8)];
      case 4:
        return [this.bytes.slice(pos, end), rel(end)];
      case 5:
      case 6:
        return [size === 0 ? 0 : this.uint(pos, size), rel(end)];
      case 8:
        return [size === 0 ? 0 : this.uint(pos, size) | 0, rel(end)];
      case 9:
      case 10: {
        let n = 0n;
        for (let i = pos; i < end; i++) n = (n << 8n) | BigInt(this.bytes[i]!);
        return [n, rel(end)];
      }
      case 7: {
        const map: { [key: string]: MmdbValue } = {};
        let next = rel(pos);
        for (let i = 0; i < size; i++) {
          const [key, afterKey] = this.decode(next);
          const [value, afterValue] = this.decode(afterKey);
          map[String(key)] = value;
          next = afterValue;
        }
        return [map, next];
      }
      case 11: {
        const list: MmdbValue[] = [];
        let next = rel(pos);
        for (let i = 0; i < size; i++) {
          const [value, after] = this.decode(next);
          list.push(value);
          next = after;
        }
        return [list, next];
      }
      case 14:
        return [size !== 0, rel(pos)];
      case 15:
        return [this.view.getFloat32(pos), rel(pos + 4)];
      default:
        throw new Error(`mmdb: unsupported data type ${type}`);
    }
  }

  private uint(pos: number, size: number): number {
    let n = 0;
    for (let i = 0; i < size; i++) n = n * 256 + this.bytes[pos + i]!;
    return n;
  }
}

function findMetadataStart(bytes: Uint8Array): number {
  const floor = Math.max(0, bytes.length - 128 * 1024);
  outer: for (let i = bytes.length - METADATA_MARKER.length; i >= floor; i--) {
    for (let j = 0; j < METADATA_MARKER.length; j++) {
      if (bytes[i + j] !== METADATA_MARKER[j]) continue outer;
    }
    return i + METADATA_MARKER.length;
  }
  throw new Error('mmdb: metadata marker not found (is this a MaxMind DB file?)');
}

export interface MmdbReader {
  /** The record stored for the network that contains `ip`, or null when there is none. */
  get(ip: ParsedIp): MmdbValue | null;
  readonly metadata: { [key: string]: MmdbValue };
}

export function openMmdb(bytes: Uint8Array): MmdbReader {
  const metaStart = findMetadataStart(bytes);
  const [meta] = new Decoder(bytes, metaStart).decode(0) as [{ [key: string]: MmdbValue }, number];
  const nodeCount = Number(meta.node_count);
  const recordSize = Number(meta.record_size);
  const ipVersion = Number(meta.ip_version);
  if (![24, 28, 32].includes(recordSize)) throw new Error(`mmdb: unsupported record size ${recordSize}`);
  const nodeBytes = (recordSize * 2) / 8;
  const treeSize = nodeBytes * nodeCount;
  const data = new Decoder(bytes, treeSize + 16);

  const record = (node: number, bit: 0 | 1): number => {
    const p = node * nodeBytes;
    const b = (i: number) => bytes[p + i]!;
    if (recordSize === 24) {
      return bit === 0 ? (b(0) << 16) | (b(1) << 8) | b(2) : (b(3) << 16) | (b(4) << 8) | b(5);
    }
    if (recordSize === 28) {
      return bit === 0
        ? ((b(3) & 0xf0) * 2 ** 20) + ((b(0) << 16) | (b(1) << 8) | b(2))
        : ((b(3) & 0x0f) * 2 ** 24) + ((b(4) << 16) | (b(5) << 8) | b(6));
    }
    const at = p + bit * 4;
    return ((bytes[at]! << 24) >>> 0) + ((bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!);
  };

  // In an IPv6 tree, IPv4 addresses live under ::/96; walk those 96 zero bits once.
  let ipv4Start = 0;
  if (ipVersion === 6) {
    for (let i = 0; i < 96 && ipv4Start < nodeCount; i++) ipv4Start = record(ipv4Start, 0);
  }

  return {
    metadata: meta,
    get(ip) {
      if (ip.version === 6 && ipVersion === 4) return null;
      let node = ip.version === 4 ? ipv4Start : 0;
      const bits = ip.bytes.length * 8;
      for (let i = 0; i < bits && node < nodeCount; i++) {
        const bit = ((ip.bytes[i >> 3]! >> (7 - (i & 7))) & 1) as 0 | 1;
        node = record(node, bit);
      }
      if (node <= nodeCount) return null;
      return data.decode(node - nodeCount - 16)[0];
    },
  };
}

/** Country lookup over an IP-to-country MaxMind DB whose records are `{ country_code: "IN" }`. */
export function createCountryLookup(bytes: Uint8Array): (ip: ParsedIp) => string | null {
  const reader = openMmdb(bytes);
  return (ip) => {
    const rec = reader.get(ip) as { country_code?: unknown } | null;
    return typeof rec?.country_code === 'string' && /^[A-Z]{2}$/.test(rec.country_code) ? rec.country_code : null;
  };
}
