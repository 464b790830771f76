import { createHash } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
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

/**
 * A cache file opened by this build: its values were read, its text section is read from `fd` as
 * pages ask for it. The descriptor stays open while anything can still read through it (it is
 * closed when the file's values are collected): a build that saves renames a new file over this
 * one, and another build may too, but an open descriptor still reads the bytes this build opened.
 */
interface OpenFile {
  readonly fd: number;
  readonly textAt: number;
  decoded: number;
}

const closeWhenUnused = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // Closed already (the process is ending).
  }
});

/** `length` bytes of the open file `fd` from `at`. */
function bytesAt(fd: number, at: number, length: number): Buffer {
  const out = Buffer.allocUnsafe(length);
  for (let done = 0; done < length; ) {
    const n = readSync(fd, out, done, length - done, at + done);
    if (n === 0) throw new Error('the content cache file ends before its last value');
    done += n;
  }
  return out;
}

/** HTML in the text section of a cache file opened by this build, as UTF-16 code units [start, end). */
class FileHtml implements CachedHtml {
  constructor(
    readonly file: OpenFile,
    readonly start: number,
    readonly end: number,
  ) {}
  get length() {
    return this.end - this.start;
  }
  /** Where its bytes are in the file. */
  get at() {
    return this.file.textAt + 2 * this.start;
  }
  text() {
    this.file.decoded++;
    return bytesAt(this.file.fd, this.at, 2 * this.length).toString('utf16le');
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
  private read: OpenFile | undefined;

  private constructor(
    private readonly file: string | undefined,
    /** The engine version the file is named by (`engineVersion`); none without a folder. */
    readonly engine: string | undefined,
  ) {
    let before = new Map<string, unknown>();
    try {
      if (file) ({ values: before, file: this.read } = open(file));
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
    // A temporary name, then a rename: a reader never sees half a file (nor this build: the old
    // file stays open, `OpenFile`).
    const tmp = `${this.file}.${process.pid}.tmp`;
    pack(this.now, tmp);
    renameSync(tmp, this.file);
    for (const name of readdirSync(dir)) if (name.startsWith('content-') && path.join(dir, name) !== this.file && !name.endsWith('.tmp')) rmSync(path.join(dir, name), { force: true });
  }
}

/** Bytes of an open cache file copied at most this many at a time. */
const COPY_CHUNK = 1 << 20;

/**
 * The file: the length of the values' serialization (4 bytes), the values with every `html` (a
 * `CachedHtml`) replaced by where it is, then all that HTML as one UTF-16 text. Opening it reads
 * the values only; each body's HTML is read and decoded when a page or the feed asks for it, so a
 * build that renders nothing reads 3.5 MB of the 17.6 MB that 1,000 long posts make, and decodes
 * no HTML. (Before, all of it was read and decoded on open, into one 8.8-million-character string
 * kept for the build: 0.12 s of a 1.14 s no-change build; and every page key hashed its slice.) A
 * body read for a page is a short-lived string, collected with the page.
 *
 * Saving copies the bytes of the bodies that came from the old file (values are read-only: their
 * HTML is what it was) and encodes only new ones; the old bytes are read in ranges as long as the
 * order allows (a build uses values in the order the last one saved them).
 */
function pack(values: Map<string, unknown>, file: string) {
  /** The text section in order: new HTML, or [file, at, length] ranges of an open old file. */
  const parts: (string | [OpenFile, number, number])[] = [];
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
      // Right after the previous range of the same file: one longer range.
      if (Array.isArray(last) && last[0] === html.file && last[1] + last[2] === html.at) last[2] += 2 * html.length;
      else parts.push([html.file, html.at, 2 * html.length]);
    }
  }
  const head = serialize(out);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(head.length);
  const fd = openSync(file, 'w');
  const write = (bytes: Buffer) => {
    for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done);
  };
  // One buffer for all the copying: fresh memory for each range would cost a page fault per 4 KB.
  let chunk: Buffer | undefined;
  try {
    write(size);
    write(head);
    for (const part of parts) {
      if (typeof part === 'string') {
        // Encoded by Node into memory it frees at once (a Buffer per body would wait for a collection).
        writeSync(fd, part, null, 'utf16le');
        continue;
      }
      const [from, at, length] = part;
      chunk ??= Buffer.allocUnsafeSlow(COPY_CHUNK);
      for (let done = 0; done < length; ) {
        const n = readSync(from.fd, chunk, 0, Math.min(COPY_CHUNK, length - done), at + done);
        if (n === 0) throw new Error('the content cache file ends before its last value');
        write(chunk.subarray(0, n));
        done += n;
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** Read a cache file's values; its HTML stays in the file, open. */
function open(name: string): { values: Map<string, unknown>; file: OpenFile } {
  const fd = openSync(name, 'r');
  try {
    const size = bytesAt(fd, 0, 4).readUInt32LE(0);
    const values = deserialize(bytesAt(fd, 4, size)) as Map<string, unknown>;
    const file: OpenFile = { fd, textAt: 4 + size, decoded: 0 };
    // The deserialized values are this cache's own: given their html in place.
    let end = 0;
    for (const value of values.values()) {
      const range = (value as { html?: unknown } | null)?.html;
      if (!Array.isArray(range)) continue;
      const html = new FileHtml(file, range[0] as number, range[1] as number);
      (value as { html: CachedHtml }).html = html;
      end = Math.max(end, html.at + 2 * html.length);
    }
    // A file cut short (a full disk) is no cache: checked now, not when a page needs a body.
    if (fstatSync(fd).size < end) throw new Error('the content cache file ends before its last value');
    closeWhenUnused.register(file, fd);
    return { values, file };
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}
