// Per-client token buckets, in memory. Each function instance (or Node process) keeps its own,
// which is enough to stop one client flooding the table (docs/decisions/011-rate-limit.md).

export interface RateLimitOptions {
  /** Requests a client may send in a burst. */
  burst: number;
  /** Requests per second a client may sustain. */
  perSecond: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { burst: 60, perSecond: 1 };

/**
 * `take(key)`: true when the client may go on (a token is taken), false when it is over its rate;
 * `left(key)`: whether it has a token, without taking one.
 */
export function createRateLimiter(opts: RateLimitOptions, now: () => number): { take(key: string): boolean; left(key: string): boolean } {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const MAX_KEYS = 50_000;
  const level = (key: string, t: number) => {
    const b = buckets.get(key);
    return b ? Math.min(opts.burst, b.tokens + ((t - b.at) / 1000) * opts.perSecond) : opts.burst;
  };

  return {
    left: (key) => level(key, now()) >= 1,
    take(key) {
      const t = now();
      if (buckets.size >= MAX_KEYS) {
        // Drop clients whose bucket has refilled: forgetting them changes nothing.
        for (const k of buckets.keys()) if (level(k, t) >= opts.burst) buckets.delete(k);
        if (buckets.size >= MAX_KEYS) buckets.clear();
      }
      const tokens = level(key, t);
      buckets.set(key, { tokens: tokens >= 1 ? tokens - 1 : tokens, at: t });
      return tokens >= 1;
    },
  };
}
