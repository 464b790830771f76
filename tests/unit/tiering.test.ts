import { expect, test } from 'vitest';
import { HEAVY, isLean, optimize, startLean, workAhead } from '#core/pipeline/tiering.ts';

test("a lean build keeps V8's optimizing compiler off for a little work and turns it back on for much (decision 071)", () => {
  startLean();
  expect(isLean()).toBe(true);
  workAhead(1);
  workAhead(HEAVY - 1);
  expect(isLean()).toBe(true);
  workAhead(HEAVY);
  expect(isLean()).toBe(false);
  // Work after that changes nothing; a process that never started lean is never made so.
  workAhead(1);
  optimize();
  expect(isLean()).toBe(false);
});
