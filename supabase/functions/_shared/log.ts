// Server-side failures are reported as one short line each, and at most a few a minute, so that a
// flood of failing requests cannot fill the disk with logs (docs/decisions/040-hostile-input.md).

import { CONTROL_CHARACTER } from './body.ts';

export type LogError = (message: string, error: unknown) => void;

export const MAX_LOG_LINE = 300;
export const LOG_LINES_PER_MINUTE = 10;

const CONTROL_RUNS = new RegExp(`${CONTROL_CHARACTER.source}+`, 'g');

/** "message: Name [code]: error message", on one line of at most MAX_LOG_LINE characters. */
export function logLine(message: string, error: unknown): string {
  let detail = '';
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    detail = `${error.name}${typeof code === 'string' ? ` [${code}]` : ''}: ${error.message}`;
  } else if (error !== undefined) {
    detail = String(error);
  }
  // Control characters (line breaks included) would let one error print several lines.
  const line = (detail ? `${message}: ${detail}` : message).replace(CONTROL_RUNS, ' ');
  return line.length > MAX_LOG_LINE ? `${line.slice(0, MAX_LOG_LINE - 1)}…` : line;
}

/** The default sink: one line on stderr. */
export const consoleLogError: LogError = (message, error) => console.error(logLine(message, error));

/**
 * Passes at most LOG_LINES_PER_MINUTE reports a minute to `sink`; the next report after a minute in which
 * some were dropped is preceded by one line that says how many.
 */
export function rateLimitedLog(sink: LogError, now: () => number): LogError {
  let windowStart = -Infinity;
  let passed = 0;
  let dropped = 0;
  return (message, error) => {
    const t = now();
    if (t - windowStart >= 60_000) {
      if (dropped > 0) sink(`analytics: ${dropped} more errors in the last minute were not logged`, undefined);
      windowStart = t;
      passed = 0;
      dropped = 0;
    }
    if (passed >= LOG_LINES_PER_MINUTE) {
      dropped++;
      return;
    }
    passed++;
    sink(message, error);
  };
}
