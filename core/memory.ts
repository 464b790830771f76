import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const MB = 2 ** 20;

/**
 * A ceiling on the resident memory of a loop that makes large garbage (decision 066): rendering
 * MDX bodies (their syntax trees) and pages (each a string of tens of KB, kept in V8's large-object
 * space until a full collection). With its default heap limit V8 grows the heap rather than
 * collect, and a blog of thousands of posts would pile up more than a gigabyte of garbage.
 * `check()` asks for a full collection when the process is above the ceiling; the next ceiling is
 * then at least `headroom` above what was left, so a site whose live data is larger than the
 * ceiling is collected once per `headroom` of garbage, not on every check.
 */
export function memoryCeiling(ceilingMb = 600, headroomMb = 96) {
  let ceiling = ceilingMb * MB;
  let gc: (() => void) | undefined;
  return {
    /** Collect if above the ceiling; true when it did. */
    check(): boolean {
      if (process.memoryUsage.rss() < ceiling) return false;
      if (!gc) {
        // The way test runners (Jest's --logHeapUsage) reach the collector without a command-line flag.
        setFlagsFromString('--expose-gc');
        gc = runInNewContext('gc') as () => void;
      }
      gc();
      ceiling = Math.max(ceilingMb * MB, process.memoryUsage.rss() + headroomMb * MB);
      return true;
    },
  };
}
