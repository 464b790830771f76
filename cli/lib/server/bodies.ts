// What `site start` sends for each file of dist/ (decision 109). Text (pages, scripts, styles, data,
// SVG) is read and compressed once, in brotli and in gzip, as soon as an index of dist/ is used, and
// held in memory with that index: answering a request costs no file-system call and no compression,
// even under a flood (decision 050). Other files (pictures and fonts, compressed already) are read
// when asked for.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import Negotiator from 'negotiator';

/** The encodings text goes out in, best first, as static hosts send it. */
export type Encoding = 'br' | 'gzip';

export interface Body {
  /** Its Content-Type. */
  type: string;
  /** The file's bytes. */
  identity: Buffer<ArrayBuffer>;
  /** The same bytes compressed: text of 1 KB or more (smaller files gain nothing). */
  encoded?: Record<Encoding, Buffer<ArrayBuffer>>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;
export const typeOf = (file: string) => TYPES[path.extname(file)] ?? 'application/octet-stream';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Brotli at quality 5: on the real site's text 10% larger than at 11, for a fortieth of the CPU
 * (0.12 against 4.5 CPU-s), which every start and every rebuild pays for the whole of dist/.
 */
async function compress(body: Buffer): Promise<Record<Encoding, Buffer<ArrayBuffer>>> {
  const params = { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.length };
  const [br, gz] = await Promise.all([brotli(body, { params }), gzipped(body)]);
  return { br: br as Buffer<ArrayBuffer>, gzip: gz as Buffer<ArrayBuffer> };
}

/** The body of a file, or undefined when it cannot be read (dist/ was just replaced). */
async function readBody(file: string, type: string): Promise<Body | undefined> {
  const identity = await readFile(file).catch(() => undefined);
  if (!identity) return undefined;
  return COMPRESSIBLE.test(type) && identity.length >= 1024 ? { type, identity, encoded: await compress(identity) } : { type, identity };
}

/**
 * The bodies of the `files` of one index of dist/ in `root`: the text read and compressed from now
 * on, one file after another (each compressor holds megabytes while it works: decision 109), the
 * rest when asked for.
 */
export function bodiesOf(root: string, files: Iterable<string>): (file: string) => Promise<Body | undefined> {
  const text = new Map<string, Promise<Body | undefined>>();
  let previous: Promise<unknown> = Promise.resolve();
  for (const file of files) {
    const type = typeOf(file);
    if (!COMPRESSIBLE.test(type)) continue;
    const body = previous.then(() => readBody(path.join(root, file), type));
    text.set(file, body);
    // One file that cannot be read answers its own requests with the error, not every file after it.
    previous = body.catch(() => undefined);
  }
  return (file) => text.get(file) ?? readBody(path.join(root, file), typeOf(file));
}

/**
 * The encoding to send for an Accept-Encoding header, by its q-values (negotiator): br or gzip,
 * br when both are as welcome (browsers list gzip first); undefined for the bytes as they are.
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const order = ['br', 'gzip', 'identity'];
  const chosen = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encoding(order, { preferred: order });
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}
