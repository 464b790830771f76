import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';

/** The shape of the records, in the snapshot's name: a file of another shape is never read. */
const FORMAT = 4;

/** What a load made of one content file that had no problem: its validated data, and its body's hash. */
export interface FileRecord {
  /** The file's stat when it was read (statKey). */
  stat: string;
  /** The collection whose schema validated it. */
  collection: string;
  /** The hash of its YAML text (the front matter of an .mdx file): an edit of the body alone keeps the data. */
  textKey: string;
  data: unknown;
  /** A .yaml file's parsed YAML, before validation (an MDX file's front matter is not kept): another file may build on it (the Hindi site overlay). */
  value?: unknown;
  /** Where each item starts, when that value is a list (pages.yaml: a page's source line, every build). */
  items?: { line: number; column: number }[];
  /** bodyHash() of its MDX body (a .yaml file has none), and the lines of the file before the body. */
  bodyHash: string;
  bodyLineOffset: number;
}

/**
 * What a rendered body is kept by (with the facts it may use, mdx/pool.ts): a hash of its text, '' for
 * a blank body (none to render). A file from the snapshot has this without its text being read.
 */
export function bodyHash(body: string): string {
  return body.trim() ? createHash('sha256').update(body).digest('base64url') : '';
}

/**
 * A file's size, modification and change times and inode, as one string. Any write to the file
 * changes its change time, which no tool can set back; a file replaced by another (an editor's
 * save, a checkout) has another inode. undefined when it cannot be read.
 */
export function statKey(file: string): string | undefined {
  // Milliseconds with their fraction (about a microsecond's precision): a bigint stat costs twice as much.
  const s = statSync(file, { throwIfNoEntry: false });
  return s && `${s.size}:${s.mtimeMs}:${s.ctimeMs}:${s.ino}`;
}

/**
 * What the last load made of each content file, by the file's stat (decision 071): a file that was
 * not written since is not read, split, parsed or validated again. At 1,000 long posts reading and
 * splitting them cost a one-post edit about 0.1 CPU-s. The stat is taken before the file is read,
 * so a file written while it is read is read again next time. Only files that loaded without
 * problems are kept: a problem is reported every time. The snapshot is named by the YAML parser's
 * and the schemas' versions (yaml-cache.ts): a new one starts empty.
 *
 * Data from here is the caller's own copy, as from a validation. Bodies are not kept, only their
 * hashes: a body is read from its file when it must be rendered (a new renderer) or a broken link
 * in it placed, and a file whose body is not the one hashed then is an error, not a wrong page.
 * The files' YAML is parsed again only when a problem elsewhere needs a position in one.
 */
export class FileSnapshot {
  private readonly before: Map<string, FileRecord>;
  private readonly now = new Map<string, FileRecord>();
  private added = 0;
  private readonly file: string;

  /** `dir`: the build cache's folder for it; `version`: what a record's data depends on besides the file. */
  constructor(dir: string, version: string) {
    this.file = path.join(dir, `files-${FORMAT}-${version}.v8`);
    let before = new Map<string, FileRecord>();
    try {
      const stored = deserialize(readFileSync(this.file));
      if (stored instanceof Map) before = stored as Map<string, FileRecord>;
    } catch {
      // No snapshot yet, or an unreadable one: every file is read.
    }
    this.before = before;
  }

  /** The record of `abs` if the file is as it was when recorded, for this collection. */
  get(abs: string, stat: string, collection: string): FileRecord | undefined {
    const record = this.before.get(abs);
    if (!record || record.stat !== stat || record.collection !== collection) return undefined;
    this.now.set(abs, record);
    return { ...record, data: structuredClone(record.data) };
  }

  /** The record of `abs` from the last load whatever its stat now: its data may serve a file whose front matter is the same. */
  previous(abs: string, collection: string): FileRecord | undefined {
    const record = this.before.get(abs);
    return record?.collection === collection ? record : undefined;
  }

  /** Keep the last load's record of `abs` as it is (previous() served it). */
  carry(abs: string) {
    const record = this.before.get(abs);
    if (record) this.now.set(abs, record);
  }

  /** Record what this load made of `abs` (a copy of `data` is kept: callers may change theirs). */
  keep(abs: string, record: FileRecord) {
    this.now.set(abs, { ...record, data: structuredClone(record.data), value: structuredClone(record.value) });
    this.added++;
  }

  /** Write the records of this load, when they differ from the last (files gone are dropped). */
  save() {
    if (!this.added && this.now.size === this.before.size) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, serialize(this.now));
    renameSync(tmp, this.file);
    // Snapshots of other versions (another schema) are never read again.
    const dir = path.dirname(this.file);
    for (const name of readdirSync(dir)) if (name.startsWith('files-') && name.endsWith('.v8') && path.join(dir, name) !== this.file) rmSync(path.join(dir, name), { force: true });
  }
}
