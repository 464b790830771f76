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
 * The build's one content cache (docs/architecture.md): what loading made of a content file (its
 * parsed and validated data) or of an MDX body (its HTML, headings and links), by a hash of the
 * bytes it was made from (`hashOf`). A file per engine version: a new engine starts empty. Only
 * values made without problems are put here, so a problem is reported on every build.
 *
 * The cache owns its whole life: `open` reads it, `get`/`set` use it, and `save` writes back exactly
 * the values this build used (a file or body that is gone, or was edited, is dropped with its old
 * key) and removes the files of other engine versions. Values are shared, not copied: read-only.
 */
export class ContentCache {
  private readonly before: Map<string, unknown>;
  private readonly now = new Map<string, unknown>();
  private changed = false;

  private constructor(private readonly file: string | undefined) {
    let before = new Map<string, unknown>();
    try {
      if (file) before = unpack(readFileSync(file));
    } catch {
      // None yet, or unreadable (a build stopped mid-write leaves only a temporary file): start empty.
    }
    this.before = before;
  }

  /** The cache in `dir` for this engine; no dir: a cache that keeps nothing (every value is made). */
  static open(dir: string | undefined): ContentCache {
    return new ContentCache(dir ? path.join(dir, `content-${engineVersion()}.v8`) : undefined);
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
    // A temporary name, then a rename: a reader never sees half a file.
    const tmp = `${this.file}.${process.pid}.tmp`;
    pack(this.now, tmp);
    renameSync(tmp, this.file);
    for (const name of readdirSync(dir)) if (name.startsWith('content-') && path.join(dir, name) !== this.file && !name.endsWith('.tmp')) rmSync(path.join(dir, name), { force: true });
  }
}

/**
 * The file: the length of the values' serialization (4 bytes), the values with every rendered
 * body's `html` replaced by where it is, then all that HTML as one UTF-16 text. Read back, the HTML
 * is one string and each body's a slice of it (V8 slices a long string without copying it): one
 * large string goes straight to V8's large-object space, where thousands of body-sized strings
 * would be copied by every young-generation collection of a build that reads them all. Written
 * body by body, so saving holds no second copy of it all.
 */
function pack(values: Map<string, unknown>, file: string) {
  const parts: string[] = [];
  let at = 0;
  const out = new Map<string, unknown>();
  for (const [key, value] of values) {
    const html = (value as { html?: unknown } | null)?.html;
    if (typeof html === 'string') {
      parts.push(html);
      out.set(key, { ...(value as object), html: [at, (at += html.length)] });
    } else out.set(key, value);
  }
  const head = serialize(out);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(head.length);
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, size);
    writeSync(fd, head);
    for (const html of parts) writeSync(fd, html, null, 'utf16le');
  } finally {
    closeSync(fd);
  }
}

function unpack(bytes: Buffer): Map<string, unknown> {
  const end = 4 + bytes.readUInt32LE(0);
  const values = deserialize(bytes.subarray(4, end)) as Map<string, unknown>;
  const html = bytes.toString('utf16le', end);
  for (const [key, value] of values) {
    const range = (value as { html?: unknown } | null)?.html;
    if (Array.isArray(range)) values.set(key, { ...(value as object), html: html.slice(range[0] as number, range[1] as number) });
  }
  return values;
}
