// Issue 10 point 3: a server-side failure is logged as one short line, and a flood of them writes
// at most a few lines a minute (it once wrote 22 MB in 10 s).

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAnalyticsHandler } from '#functions/_shared/analytics-handler.ts';
import { logLine, rateLimitedLog } from '#functions/_shared/log.ts';
import { BROWSER_UA, ORIGIN, session } from '../support/analytics-contract.ts';

/** An error like the ones postgres.js throws, with a long multi-line message. */
function pgError(): Error {
  const error = new Error(`invalid byte sequence for encoding "UTF8": 0x00\nDETAIL: ${'x'.repeat(1700)}\nWHERE: insert`);
  Object.assign(error, { name: 'PostgresError', code: '22021' });
  return error;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('logLine', () => {
  it('puts the message, the error and its code on one line of at most 300 characters', () => {
    const line = logLine('analytics: could not store the record', pgError());
    expect(line).not.toMatch(/[\r\n]/);
    expect(line).toHaveLength(300);
    expect(line).toMatch(/^analytics: could not store the record: PostgresError \[22021\]: invalid byte sequence for encoding "UTF8": 0x00 DETAIL: x+…$/);
    expect(logLine('analytics: failed', 'plain\ntext')).toBe('analytics: failed: plain text');
  });
});

describe('rateLimitedLog', () => {
  it('passes 10 reports a minute, then says how many it dropped', () => {
    let t = 0;
    const sink: [string, unknown][] = [];
    const log = rateLimitedLog((m, e) => void sink.push([m, e]), () => t);
    for (let i = 0; i < 1000; i++) log(`failure ${i}`, undefined);
    expect(sink.map(([m]) => m)).toEqual(Array.from({ length: 10 }, (_, i) => `failure ${i}`));
    t = 60_000;
    log('failure 1000', undefined);
    expect(sink.slice(10).map(([m]) => m)).toEqual(['analytics: 990 more errors in the last minute were not logged', 'failure 1000']);
  });
});

describe('a flood of failing requests', () => {
  it('answers each with 500 but writes 10 short lines to stderr', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
    const handler = createAnalyticsHandler({
      query: () => Promise.reject(pgError()),
      config: { allowedOrigins: [ORIGIN], dashboardKey: 'k', hmacSecret: 's', rateLimit: { burst: 1000, perSecond: 1 } },
    });
    const statuses = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const res = await handler(
        new Request('http://x.example/functions/v1/analytics', {
          method: 'POST',
          headers: { 'user-agent': BROWSER_UA, origin: ORIGIN },
          body: JSON.stringify(session()),
        }),
        { remoteAddress: '49.36.10.20' },
      );
      statuses.add(res.status);
    }
    expect(statuses).toEqual(new Set([500]));
    expect(lines).toHaveLength(10);
    for (const line of lines) {
      expect(line).toMatch(/^analytics: could not store the record: PostgresError \[22021\]: invalid byte sequence [^\n]{100,}…$/);
      expect(line).toHaveLength(300);
    }
  });
});
