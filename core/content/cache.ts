import { createHash, type Hash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';

/** The tool's own folder: its lockfile and the sources that shape what loading content makes. */
const TOOL = fileURLToPath(new URL('../../', import.meta.url));
/** What a cached value is made with besides the content: the loader and renderer, the schemas, the components bodies render with. */
const ENGINE_SOURCES = ['core/content', 'schemas', 'src'];

/** Write `data` to `file` whole: under a temporary name, then renamed, so that a reader (or a build stopped midway) never sees half a file. */
export function writeWhole(file: string, data: string | NodeJS.ArrayBufferView) {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

/** A hash of the parts, each ended by a NUL (so "ab","c" and "a","bc" differ). */
export function hashOf(...parts: string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url');
}

/** Add `rel` of `root` to `hash`: a file by its path and bytes, a folder by its files in name order; nothing when it does not exist. */
export function addTree(hash: Hash, root: string, rel: string) {
  const abs = path.join(root, rel);
  if (!existsSync(abs)) return;
  if (statSync(abs).isDirectory()) {
    for (const name of readdirSync(abs).sort()) addTree(hash, root, path.posix.join(rel, name));
    return;
  }
  hash.update(rel).update('\0').update(readFileSync(abs)).update('\0');
}

/**
 * What every cached value depends on besides its own bytes: the installed packages (package-lock.json:
 * an upgrade of any of them, a transitive one included, renders again), the engine's own sources
 * and Node's version. Read and hashed on every build: no list of packages to keep up to date, and no
 * memo that could go stale.
 */
function engineVersion(): string {
  const hash = createHash('sha256').update(process.version).update('\0').update(readFileSync(path.join(TOOL, 'package-lock.json')));
  for (const rel of ENGINE_SOURCES) addTree(hash, TOOL, rel);
  return hash.digest('base64url').slice(0, 20);
}

/**
 * The build's one content cache (docs/architecture.md): what loading made of a content file (its
 * parsed and validated data) or of an MDX body (its HTML, headings and links), by a hash of the
 * text it was made from (`hashOf`). Plain values in one file per engine version, written with V8's
 * serializer: read whole when the cache opens, written whole by `save`. A new engine starts empty.
 * Only values made without problems are put here, so a problem is reported on every build.
 * Values are shared, not copied: read-only.
 */
export class ContentCache {
  private readonly before: Map<string, unknown> = new Map();
  private readonly now = new Map<string, unknown>();
  private changed = false;
  private readonly file: string | undefined;

  /** The cache in `dir` for this engine; no dir: a cache that keeps nothing (every value is made). */
  constructor(dir: string | undefined) {
    this.file = dir && path.join(dir, `content-${engineVersion()}.v8`);
    try {
      if (this.file) this.before = deserialize(readFileSync(this.file)) as Map<string, unknown>;
    } catch {
      // None yet, or unreadable (a file cut short by a full disk): start empty.
    }
  }

  /** The value kept under `key` (no value is undefined), now one this build used. */
  get<T>(key: string): T | undefined {
    const value = this.now.get(key) ?? this.before.get(key);
    if (value !== undefined) this.now.set(key, value);
    return value as T | undefined;
  }

  set(key: string, value: unknown) {
    this.now.set(key, value);
    this.changed = true;
  }

  /**
   * Write what this build used (a file or body that is gone, or was edited, is dropped with its old
   * key), if it is not what the file holds; remove other engines' files.
   */
  save() {
    if (!this.file || (!this.changed && this.now.size === this.before.size)) return;
    writeWhole(this.file, serialize(this.now));
    const dir = path.dirname(this.file);
    for (const name of readdirSync(dir)) if (name.startsWith('content-') && path.join(dir, name) !== this.file && !name.endsWith('.tmp')) rmSync(path.join(dir, name), { force: true });
  }
}
