// Per-client token buckets, in memory. Each function instance (or Node process) keeps its own,
// which is enough to stop one client flooding the table (docs/decisions/011-rate-limit.md).

export interface RateLimitOptions {
  /** Requests a client may send in a burst. */
  burst: number;
  /** Requests per second a client may sustain. */
  perSecond: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { burst: 60, perSecond: 1 };

/** Returns `take(key)`: true when the client may go on, false when it is over its rate. */
export function createRateLimiter(opts: RateLimitOptions, now: () => number): (key: string) => boolean {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const MAX_KEYS = 50_000;

  return (key) => {
    const t = now();
    if (buckets.size >= MAX_KEYS) {
      // Drop clients whose bucket has refilled: forgetting them changes nothing.
      for (const [k, b] of buckets) {
        if (b.tokens + ((t - b.at) / 1000) * opts.perSecond >= opts.burst) buckets.delete(k);
      }
      if (buckets.size >= MAX_KEYS) buckets.clear();
    }
    const b = buckets.get(key) ?? { tokens: opts.burst, at: t };
    b.tokens = Math.min(opts.burst, b.tokens + ((t - b.at) / 1000) * opts.perSecond);
    b.at = t;
    buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  };
}
