import { describe, expect, test } from 'vitest';
import { duration } from '../support/duration.mjs';

describe('the step times npm test and the stress run print', () => {
  test('under a minute: seconds with one decimal', () => {
    expect(duration(1.5)).toBe('1.5 s');
    expect(duration(59.94)).toBe('59.9 s');
  });
  test('from a minute: whole minutes and two-digit seconds, rounded once', () => {
    expect(duration(59.95)).toBe('1 min 00 s');
    expect(duration(239.6)).toBe('4 min 00 s');
    expect(duration(543.2)).toBe('9 min 03 s');
  });
});
