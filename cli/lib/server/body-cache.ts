import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** The encodings dist/'s text files are sent in, best first, as static hosts send them. */
export type Encoding = 'br' | 'gzip';

const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => promisify(gzip)(body, { level: 9 }),
};

/**
 * The bodies of dist/'s files, kept in memory up to a budget, least recently used out first, and
 * dropped whenever the index of dist/ is replaced. An `fs.readFile` takes four trips through the
 * thread pool (open, stat, read, close), each waiting its turn behind whatever else the event loop
 * has queued: under a flood, a page read from disk waited for four rounds of other requests.
 * Compressed bodies are kept the same way: each file is compressed once per encoding, at the
 * highest level (in the thread pool), as a host that compresses its files ahead of time would.
 */
export function bodyCache<Owner extends object>({ maxBytes = 16 * 2 ** 20, maxFileBytes = 2 ** 20 } = {}) {
  let owner: Owner | undefined;
  let bodies = new Map<string, Buffer<ArrayBuffer>>();
  let bytes = 0;
  const keep = (current: Owner, key: string, body: Buffer<ArrayBuffer>) => {
    if (body.length > maxFileBytes || current !== owner || bodies.has(key)) return;
    bodies.set(key, body);
    bytes += body.length;
    for (const [old, oldBody] of bodies) {
      if (bytes <= maxBytes) break;
      bodies.delete(old);
      bytes -= oldBody.length;
    }
  };
  const hit = (current: Owner, key: string) => {
    if (current !== owner) [owner, bodies, bytes] = [current, new Map(), 0];
    const body = bodies.get(key);
    if (body) {
      bodies.delete(key);
      bodies.set(key, body);
    }
    return body;
  };
  return {
    /** The file's body (undefined when it cannot be read), cached for `current`, the index it was found in. */
    async read(current: Owner, file: string): Promise<Buffer<ArrayBuffer> | undefined> {
      const cached = hit(current, file);
      if (cached) return cached;
      const body = await readFile(file).catch(() => undefined);
      if (body) keep(current, file, body);
      return body;
    },
    /** `body` (the file's, as read()) in `encoding`, cached like the bodies. */
    async encoded(current: Owner, file: string, body: Buffer<ArrayBuffer>, encoding: Encoding): Promise<Buffer<ArrayBuffer>> {
      const key = `${encoding}\0${file}`;
      const cached = hit(current, key);
      if (cached) return cached;
      const encoded = (await compressors[encoding](body)) as Buffer<ArrayBuffer>;
      keep(current, key, encoded);
      return encoded;
    },
  };
}

/** Types worth compressing: text, scripts, data and SVG (pictures and fonts are compressed already). */
export const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;

/**
 * The encoding to send for an Accept-Encoding header: the accepted one of br and gzip with the
 * higher q-value, br on a tie ("*" counts for both, q=0 refuses); undefined for neither.
 */
export function chooseEncoding(accept: string | undefined): Encoding | undefined {
  if (!accept) return undefined;
  const q = new Map<string, number>();
  for (const part of accept.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) q.set(name.trim(), weight === undefined ? 1 : Number(weight));
  }
  const weight = (e: Encoding) => q.get(e) ?? q.get('*') ?? 0;
  const [br, gz] = [weight('br'), weight('gzip')];
  return br > 0 && br >= gz ? 'br' : gz > 0 ? 'gzip' : undefined;
}
