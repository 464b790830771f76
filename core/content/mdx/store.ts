import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { RenderedBody } from './render.ts';

/** More packs than this are merged into one when the store is read. */
export const MAX_PACKS = 16;

interface Loaded {
  /** The packs read, by file name. */
  packs: Set<string>;
  bodies: Map<string, RenderedBody>;
}

/** A body as a pack holds it: where its HTML is in the pack's one string of them. */
type StoredBody = Omit<RenderedBody, 'html'> & { html: [start: number, end: number] };
/** A pack: every body's HTML in one string, and the bodies by key. */
interface Pack {
  html: string;
  bodies: Map<string, StoredBody>;
}

/**
 * A body from a pack, its HTML a slice of the pack's one string, taken when first read. The pack's
 * HTML is read as one string (V8 keeps a string that large out of the young generation), and a
 * slice points into it: at 1,000 long posts, a thousand strings of their own (14 MB) were most of
 * reading the store, and of the garbage collector's work after it.
 */
function fromStored(stored: StoredBody, all: string): RenderedBody {
  const { html: [start, end], ...rest } = stored;
  let html: string | undefined;
  return Object.defineProperty(rest, 'html', { get: () => (html ??= all.slice(start, end)), enumerable: true, configurable: true }) as RenderedBody;
}

function toPack(bodies: Map<string, RenderedBody>): Pack {
  const parts: string[] = [];
  let at = 0;
  const stored = new Map<string, StoredBody>();
  for (const [key, body] of bodies) {
    parts.push(body.html);
    stored.set(key, { headings: body.headings, links: body.links, issues: body.issues, html: [at, (at += body.html.length)] });
  }
  return { html: parts.join(''), bodies: stored };
}

/** What this process read of each store folder: the next load reads only packs written since. */
const loaded = new Map<string, Loaded>();
let written = 0;

/**
 * Rendered MDX bodies on disk, by key (pool.ts: the body's hash, its facts and the renderer's
 * version), in packs: each build that renders bodies writes one file of them, a v8-serialized
 * map, not a file per body (decision 069). A cold build at 1,000 posts wrote 1,000 files in 256
 * folders, and every later build read 1,000 files. The HTML in a pack is one string, each body's
 * a slice of it taken when a page reads it (decision 071). A pack's name starts with the
 * renderer version it was rendered with; packs of another version are never read.
 *
 * Past MAX_PACKS packs (a pack per edit adds up), a load merges this version's packs into one and
 * removes the rest, those of other versions with them. A pack is written under a temporary name
 * and renamed, so a reader never sees half of one; one removed while another build reads it is
 * read as missing, and its bodies are rendered again.
 */
export class BodyStore {
  private readonly packs: string;
  private state?: Loaded;

  constructor(
    dir: string,
    private readonly version: string,
  ) {
    this.packs = path.join(dir, 'packs');
  }

  /** The bodies kept for this renderer version. */
  load(): Map<string, RenderedBody> {
    let names: string[];
    try {
      names = readdirSync(this.packs).filter((n) => n.endsWith('.v8'));
    } catch {
      names = [];
    }
    const key = `${this.packs}\0${this.version}`;
    let state = loaded.get(key);
    // A pack read before and gone now was merged or removed by another build: read afresh.
    if (!state || [...state.packs].some((n) => !names.includes(n))) state = { packs: new Set(), bodies: new Map() };
    const mine = names.filter((n) => n.startsWith(`${this.version}-`)).sort();
    for (const name of mine) {
      if (state.packs.has(name)) continue;
      try {
        const pack = deserialize(readFileSync(path.join(this.packs, name))) as Pack;
        for (const [k, body] of pack.bodies) state.bodies.set(k, fromStored(body, pack.html));
        state.packs.add(name);
      } catch {
        // Removed since it was listed, or unreadable: its bodies are rendered again.
      }
    }
    loaded.set(key, state);
    this.state = state;
    if (names.length > MAX_PACKS) this.merge(names);
    return state.bodies;
  }

  /** Keep these bodies, in one new pack. */
  add(bodies: Map<string, RenderedBody>) {
    if (!bodies.size) return;
    const state = this.state ?? this.loadedState();
    const name = this.write(bodies);
    for (const [k, body] of bodies) state.bodies.set(k, body);
    state.packs.add(name);
  }

  private loadedState(): Loaded {
    this.load();
    return this.state!;
  }

  /** This version's bodies in one pack; every other pack removed. */
  private merge(names: string[]) {
    const state = this.state!;
    const name = this.write(state.bodies);
    for (const old of names) rmSync(path.join(this.packs, old), { force: true });
    state.packs = new Set([name]);
  }

  private write(bodies: Map<string, RenderedBody>): string {
    mkdirSync(this.packs, { recursive: true });
    const name = `${this.version}-${Date.now().toString(36)}-${process.pid}-${++written}.v8`;
    const tmp = path.join(this.packs, `${name}.tmp`);
    writeFileSync(tmp, serialize(toPack(bodies)));
    renameSync(tmp, path.join(this.packs, name));
    return name;
  }
}
