import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';

/** The tool's own folder: its lockfile and the sources that shape what loading content makes. */
const TOOL = fileURLToPath(new URL('../../', import.meta.url));
/** What a cached value is made with besides the content: the loader and renderer, the schemas, the components bodies render with. */
const ENGINE_SOURCES = ['core/content', 'schemas', 'src'];

/** A hash of the parts, each ended by a NUL (so "ab","c" and "a","bc" differ). */
export function hashOf(...parts: (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url');
}

function addTree(hash: ReturnType<typeof createHash>, rel: string) {
  const abs = path.join(TOOL, rel);
  let names: string[];
  try {
    names = readdirSync(abs).sort();
  } catch {
    hash.update(rel).update('\0').update(readFileSync(abs)).update('\0');
    return;
  }
  for (const name of names) addTree(hash, `${rel}/${name}`);
}

/**
 * What every cached value depends on besides its own bytes: the installed packages (package-lock.json:
 * an upgrade of any of them, a transitive one included, renders again), the engine's own sources
 * and Node's version. Read and hashed on every build: no list of packages to keep up to date, and no
 * memo that could go stale.
 */
export function engineVersion(): string {
  const hash = createHash('sha256').update(process.version).update('\0').update(readFileSync(path.join(TOOL, 'package-lock.json')));
  for (const rel of ENGINE_SOURCES) addTree(hash, rel);
  return hash.digest('base64url').slice(0, 20);
}

/**
 * A body's HTML as the content cache holds it: its length known, its text made by `text()`. Read
 * from the cache file, `text()` decodes the body's bytes on each call (nothing is kept), so a build
 * decodes only the bodies it renders a page of, or puts in the feed.
 */
export interface CachedHtml {
  readonly length: number;
  text(): string;
  /** The text: a load compared as JSON compares the HTML. */
  toJSON(): string;
}

/** HTML made by this build, to be kept. */
export function cachedHtml(text: string): CachedHtml {
  return { length: text.length, text: () => text, toJSON: () => text };
}

/** A cache file as read: its bytes, where its text section starts, and how many texts were decoded from it. */
interface ReadFile {
  readonly bytes: Buffer;
  readonly textAt: number;
  decoded: number;
}

/** HTML in the text section of a cache file read by this build, as UTF-16 code units [start, end). */
class FileHtml implements CachedHtml {
  constructor(
    readonly file: ReadFile,
    readonly start: number,
    readonly end: number,
  ) {}
  get length() {
    return this.end - this.start;
  }
  /** Its bytes in the file, as they are written back. */
  bytes(): Buffer {
    return this.file.bytes.subarray(this.file.textAt + 2 * this.start, this.file.textAt + 2 * this.end);
  }
  text() {
    this.file.decoded++;
    return this.bytes().toString('utf16le');
  }
  toJSON() {
    return this.text();
  }
}

const isHtml = (v: unknown): v is CachedHtml => typeof (v as CachedHtml | undefined)?.text === 'function';

/**
 * The build's one content cache (docs/architecture.md): what loading made of a content file (its
 * parsed and validated data) or of an MDX body (its HTML, headings and links), by a hash of the
 * bytes it was made from (`hashOf`). A file per engine version: a new engine starts empty. Only
 * values made without problems are put here, so a problem is reported on every build.
 *
 * The cache owns its whole life: `open` reads it, `get`/`set` use it, and `save` writes back exactly
 * the values this build used (a file or body that is gone, or was edited, is dropped with its old
 * key) and removes the files of other engine versions. Values are shared, not copied: read-only.
 * A value's `html`, when it is a `CachedHtml`, is kept in the file's text section (`pack`).
 */
export class ContentCache {
  private readonly before: Map<string, unknown>;
  private readonly now = new Map<string, unknown>();
  private changed = false;
  private read: ReadFile | undefined;

  private constructor(
    private readonly file: string | undefined,
    /** The engine version the file is named by (`engineVersion`); none without a folder. */
    readonly engine: string | undefined,
  ) {
    let before = new Map<string, unknown>();
    try {
      if (file) ({ values: before, file: this.read } = unpack(readFileSync(file)));
    } catch {
      // None yet, or unreadable (a build stopped mid-write leaves only a temporary file): start empty.
    }
    this.before = before;
  }

  /** The cache in `dir` for this engine; no dir: a cache that keeps nothing (every value is made). */
  static open(dir: string | undefined): ContentCache {
    const engine = dir ? engineVersion() : undefined;
    return new ContentCache(dir ? path.join(dir, `content-${engine}.v8`) : undefined, engine);
  }

  /** How many texts (bodies' HTML) this build decoded from the file so far. */
  get decoded(): number {
    return this.read?.decoded ?? 0;
  }

  has(key: string): boolean {
    return this.now.has(key) || this.before.has(key);
  }

  get<T>(key: string): T | undefined {
    if (this.now.has(key)) return this.now.get(key) as T;
    if (!this.before.has(key)) return undefined;
    const value = this.before.get(key);
    this.now.set(key, value);
    return value as T;
  }

  set(key: string, value: unknown) {
    this.now.set(key, value);
    this.changed = true;
  }

  /** Write what this build used, if it is not what the file holds; remove other engines' files. */
  save() {
    if (!this.file || (!this.changed && this.now.size === this.before.size)) return;
    const dir = path.dirname(this.file);
    mkdirSync(dir, { recursive: true });
    // A temporary name, then a rename: a reader never sees half a file. The old file's bytes are
    // in memory (`read`), so the bodies copied from them are copied before the rename.
    const tmp = `${this.file}.${process.pid}.tmp`;
    pack(this.now, tmp);
    renameSync(tmp, this.file);
    for (const name of readdirSync(dir)) if (name.startsWith('content-') && path.join(dir, name) !== this.file && !name.endsWith('.tmp')) rmSync(path.join(dir, name), { force: true });
  }
}

/**
 * The file: the length of the values' serialization (4 bytes), the values with every `html` (a
 * `CachedHtml`) replaced by where it is, then all that HTML as one UTF-16 text. Read back, the
 * bytes are kept as they are, outside V8's heap where no collection copies them, and each body's
 * HTML is decoded only when asked for: a build that renders nothing decodes nothing. (Before, all
 * of it was decoded on open into one 8.8-million-character string, 0.12 s of a 1.14 s no-change
 * build of 1,000 long posts, and every page key hashed it.) A body decoded for a page is a young
 * string that dies with the page. Saving copies the bytes of the bodies read from the old file
 * (values are read-only: its HTML is what it was) and encodes only new ones, in as few writes as
 * the order allows (a build gets values in the order the last one saved them).
 */
function pack(values: Map<string, unknown>, file: string) {
  /** What the text section is made of, in order: new HTML, or byte ranges of the old file. */
  const parts: (string | Buffer)[] = [];
  let at = 0;
  const out = new Map<string, unknown>();
  for (const [key, value] of values) {
    const html = (value as { html?: unknown } | null)?.html;
    if (!isHtml(html)) {
      out.set(key, value);
      continue;
    }
    out.set(key, { ...(value as object), html: [at, (at += html.length)] });
    if (!(html instanceof FileHtml)) parts.push(html.text());
    else {
      const last = parts.at(-1);
      const bytes = html.bytes();
      // Next to the previous range in the same file: one range (a Buffer's view of the file's bytes).
      if (Buffer.isBuffer(last) && last.buffer === bytes.buffer && last.byteOffset + last.length === bytes.byteOffset) parts[parts.length - 1] = Buffer.from(bytes.buffer, last.byteOffset, last.length + bytes.length);
      else parts.push(bytes);
    }
  }
  const head = serialize(out);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(head.length);
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, size);
    writeSync(fd, head);
    for (const part of parts) {
      if (typeof part === 'string') writeSync(fd, part, null, 'utf16le');
      else for (let done = 0; done < part.length; ) done += writeSync(fd, part, done);
    }
  } finally {
    closeSync(fd);
  }
}

function unpack(bytes: Buffer): { values: Map<string, unknown>; file: ReadFile } {
  const end = 4 + bytes.readUInt32LE(0);
  const values = deserialize(bytes.subarray(4, end)) as Map<string, unknown>;
  const file: ReadFile = { bytes, textAt: end, decoded: 0 };
  // The deserialized values are this cache's own: given their html in place.
  for (const value of values.values()) {
    const range = (value as { html?: unknown } | null)?.html;
    if (Array.isArray(range)) (value as { html: CachedHtml }).html = new FileHtml(file, range[0] as number, range[1] as number);
  }
  return { values, file };
}
