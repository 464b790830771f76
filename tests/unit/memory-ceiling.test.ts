import { describe, expect, test } from 'vitest';
import { memoryCeiling } from '#core/memory.ts';

describe('the prerender’s memory ceiling (decision 066)', () => {
  test('below the ceiling nothing is collected', () => {
    expect(memoryCeiling(1024 * 1024).check()).toBe(false);
  });

  test('above it a full collection runs, and the next one waits for the headroom to fill', () => {
    const memory = memoryCeiling(1, 512);
    expect(memory.check()).toBe(true);
    expect(memory.check()).toBe(false);
  });
});
