import { setFlagsFromString } from 'node:v8';

/**
 * V8's optimizing compiler for a build that has little to do (decision 071). It compiles hot
 * functions on a thread of its own, and a build that finds its content unchanged or one post
 * edited ends before the optimized code pays for that: at 1,000 posts, such a build spent about
 * 0.1 of its 0.7 CPU-seconds compiling code it hardly ran. A build with work ahead (files to read
 * and validate, bodies to render, pages to prerender, bundles to build) turns it back on before
 * that work, and any build still running after FALLBACK_MS gets it back.
 */
let lean = false;
const FALLBACK_MS = 1500;
/** Units of work (files, bodies, pages) from which the optimizing compiler pays for itself. */
export const HEAVY = 50;

/** Start lean: the optimizing compiler off until work calls for it. */
export function startLean() {
  if (lean) return;
  setFlagsFromString('--no-opt');
  lean = true;
  setTimeout(optimize, FALLBACK_MS).unref();
}

/** The optimizing compiler back on (nothing when the build did not start lean). */
export function optimize() {
  if (!lean) return;
  setFlagsFromString('--opt');
  lean = false;
}

/** `units` of work ahead: the optimizing compiler back on when they are many. */
export function workAhead(units: number) {
  if (units >= HEAVY) optimize();
}

/** Whether the build runs lean now (for tests). */
export const isLean = () => lean;
