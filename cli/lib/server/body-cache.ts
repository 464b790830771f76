import { readFile } from 'node:fs/promises';

/**
 * The bodies of dist/'s files, kept in memory up to a budget, least recently used out first, and
 * dropped whenever the index of dist/ is replaced. An `fs.readFile` takes four trips through the
 * thread pool (open, stat, read, close), each waiting its turn behind whatever else the event loop
 * has queued: under a flood, a page read from disk waited for four rounds of other requests.
 */
export function bodyCache<Owner extends object>({ maxBytes = 16 * 2 ** 20, maxFileBytes = 2 ** 20 } = {}) {
  let owner: Owner | undefined;
  let bodies = new Map<string, Buffer<ArrayBuffer>>();
  let bytes = 0;
  return {
    /** The file's body (undefined when it cannot be read), cached for `current`, the index it was found in. */
    async read(current: Owner, file: string): Promise<Buffer<ArrayBuffer> | undefined> {
      if (current !== owner) [owner, bodies, bytes] = [current, new Map(), 0];
      const hit = bodies.get(file);
      if (hit) {
        bodies.delete(file);
        bodies.set(file, hit);
        return hit;
      }
      const body = await readFile(file).catch(() => undefined);
      if (!body || body.length > maxFileBytes || current !== owner || bodies.has(file)) return body;
      bodies.set(file, body);
      bytes += body.length;
      for (const [old, oldBody] of bodies) {
        if (bytes <= maxBytes) break;
        bodies.delete(old);
        bytes -= oldBody.length;
      }
      return body;
    },
  };
}
