// Visitors counted without a cookie, the way privacy-friendly tools do: a visitor is the hash of
// the day's salt, the keyed hash of the client's address, its user agent and the site's host.
// The salt is random, one per day in India, kept in public.analytics_salts and deleted after the
// day, so the same person gets an unrelated hash the next day and nobody (not even the owner) can
// link two days. One person reloading a page is one visitor (docs/decisions/074-...).

import type { Query } from './db.ts';
import { toHex } from './ip.ts';
import { istDate } from './range.ts';

/** 32 hex characters (128 bits) of SHA-256 over the parts. */
export async function visitorHash(salt: string, ipHash: string, userAgent: string, host: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}\n${ipHash}\n${userAgent}\n${host.toLowerCase()}`));
  return toHex(digest).slice(0, 32);
}

const SALT_SQL = `with made as (
    insert into public.analytics_salts (day, salt) values ($1::date, $2) on conflict (day) do nothing returning salt)
  select salt from made union all select salt from public.analytics_salts where day = $1::date`;
const READ_SALT_SQL = 'select salt from public.analytics_salts where day = $1::date';
const DROP_OLD_SALTS_SQL = 'delete from public.analytics_salts where day < $1::date';

export function createDailySalt(query: Query) {
  let cached: { day: string; salt: Promise<string> } | null = null;
  return {
    /** The salt of the India day `at` falls on: made (by whichever instance is first) when missing. */
    get(at: Date): Promise<string> {
      const day = istDate(at.getTime());
      if (cached?.day !== day) {
        const salt = (async () => {
          const fresh = toHex(crypto.getRandomValues(new Uint8Array(32)));
          const [row] = await query(SALT_SQL, [day, fresh]);
          // Yesterday's salt goes as soon as a new day starts: a hash cannot be recomputed after that.
          await query(DROP_OLD_SALTS_SQL, [day]);
          return String(row!.salt);
        })();
        cached = { day, salt };
        salt.catch(() => {
          if (cached?.salt === salt) cached = null;
        });
      }
      return cached.salt;
    },
    /** The salt of that day if one was made, without making one (the leads function only looks). */
    async peek(at: Date): Promise<string | null> {
      const day = istDate(at.getTime());
      if (cached?.day === day) return cached.salt.catch(() => null);
      const [row] = await query(READ_SALT_SQL, [day]);
      return row ? String(row.salt) : null;
    },
  };
}

/** The host of a page URL or origin, '' when it has none. */
export const hostOf = (url: string | null | undefined): string => (url && URL.parse(url)?.host) || '';
