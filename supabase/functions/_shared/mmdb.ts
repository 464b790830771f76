// IP-to-country lookups over a MaxMind DB file, read by mmdb-lib (the reader of the `maxmind`
// package). It takes a Buffer, which Node and Deno both provide through node:buffer; each entry
// loads the bytes its own way (docs/decisions/010-ip-country-database.md, 043-parsers-from-libraries.md).

import { Buffer } from 'node:buffer';
import { Reader, type CountryResponse } from 'mmdb-lib';
import { formatIp, type ParsedIp } from './ip.ts';

/** Country lookup over an IP-to-country MaxMind DB whose records are `{ country_code: "IN" }`. */
export function createCountryLookup(bytes: Uint8Array): (ip: ParsedIp) => string | null {
  const reader = new Reader<CountryResponse & { country_code?: unknown }>(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  );
  return (ip) => {
    const code = reader.get(formatIp(ip))?.country_code;
    return typeof code === 'string' && /^[A-Z]{2}$/.test(code) ? code : null;
  };
}
