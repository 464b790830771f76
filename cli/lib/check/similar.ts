import type { Problem } from '#core/content/problems.ts';
import { pageProblem, type BuiltPage, type RuleContext } from './site.ts';

/** Page kinds whose pages must not read as copies of each other (DESIGN.md: brand and area pages). */
const SIMILAR_KINDS = ['brand', 'area'];
const SHINGLE = 5;

/** 32-bit FNV-1a. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The set of 5-word shingles of a text, each hashed to 32 bits (no shingle strings are built). */
function shingles(text: string): Set<number> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const h = words.map(hash);
  const out = new Set<number>();
  for (let i = 0; i + SHINGLE <= h.length; i++) {
    let x = 0x9e3779b9;
    for (let k = 0; k < SHINGLE; k++) x = Math.imul(x ^ h[i + k]!, 0x85ebca6b) ^ (x >>> 13);
    out.add(x >>> 0);
  }
  if (h.length && h.length < SHINGLE) out.add(h.reduce((x, y) => Math.imul(x ^ y, 0x85ebca6b) >>> 0, 0));
  return out;
}

function jaccard(a: Set<number>, b: Set<number>): number {
  if (!a.size || !b.size) return 0;
  const [small, big] = a.size < b.size ? [a, b] : [b, a];
  let both = 0;
  for (const x of small) if (big.has(x)) both++;
  return both / (a.size + b.size - both);
}

const HASHES = 32;
const BANDS = 8;
const SEED_A = Uint32Array.from({ length: HASHES }, (_, i) => hash(`a${i}`) | 1);
const SEED_B = Uint32Array.from({ length: HASHES }, (_, i) => hash(`b${i}`));

function minhash(set: Set<number>): Uint32Array {
  const sig = new Uint32Array(HASHES).fill(0xffffffff);
  for (const x of set) {
    for (let i = 0; i < HASHES; i++) {
      const v = Math.imul(x ^ SEED_B[i]!, SEED_A[i]!) >>> 0;
      if (v < sig[i]!) sig[i] = v;
    }
  }
  return sig;
}

/** Pairs worth comparing exactly: all pairs for small groups, MinHash/LSH candidates for large ones. */
function candidatePairs(sets: Set<number>[]): [number, number][] {
  const n = sets.length;
  if (n <= 300) {
    const pairs: [number, number][] = [];
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) pairs.push([i, j]);
    return pairs;
  }
  const rows = HASHES / BANDS;
  const seen = new Set<number>();
  const pairs: [number, number][] = [];
  const sigs = sets.map(minhash);
  for (let band = 0; band < BANDS; band++) {
    const buckets = new Map<string, number[]>();
    sigs.forEach((sig, i) => {
      const key = Array.from(sig.subarray(band * rows, band * rows + rows)).join(',');
      const bucket = buckets.get(key);
      if (bucket) bucket.push(i);
      else buckets.set(key, [i]);
    });
    for (const bucket of buckets.values()) {
      for (let x = 0; x < bucket.length; x++) {
        for (let y = x + 1; y < bucket.length; y++) {
          const k = bucket[x]! * n + bucket[y]!;
          if (!seen.has(k)) {
            seen.add(k);
            pairs.push([bucket[x]!, bucket[y]!]);
          }
        }
      }
    }
  }
  return pairs;
}

/** The shell (banner, footer text) is on most pages: this many pages of other kinds, evenly spread, show it. */
const SHELL_SAMPLE = 80;

/**
 * Near-duplicate brand or area pages: Jaccard similarity of 5-word shingles of each page's <main>
 * text (breadcrumb left out), after dropping shingles found on most pages of other kinds (the
 * shared closing banner and the like). A warning for each pair above `threshold`.
 */
export function checkSimilar(ctx: RuleContext, threshold: number): Problem[] {
  const problems: Problem[] = [];
  const bySet = new Map<BuiltPage, Set<number>>();
  const setOf = (p: BuiltPage) => {
    let s = bySet.get(p);
    if (!s) bySet.set(p, (s = shingles(p.facts.mainText)));
    return s;
  };
  // Pages of one kind in one language: a twin in another language is an alternate, not a near-duplicate.
  const languages = [...new Set(ctx.site.all.map((p) => p.lang))];
  for (const [kind, lang] of SIMILAR_KINDS.flatMap((k) => languages.map((l) => [k, l] as const))) {
    const group = ctx.site.all.filter((p) => p.kind === kind && p.lang === lang);
    if (group.length < 2) continue;
    const rest = ctx.site.all.filter((p) => p.kind !== kind && !p.notFound);
    const others = rest.length <= SHELL_SAMPLE ? rest : Array.from({ length: SHELL_SAMPLE }, (_, i) => rest[Math.floor((i * rest.length) / SHELL_SAMPLE)]!);
    const shared = new Map<number, number>();
    for (const p of others) for (const x of setOf(p)) shared.set(x, (shared.get(x) ?? 0) + 1);
    const shell = new Set([...shared].filter(([, n]) => others.length >= 3 && n >= others.length / 2).map(([x]) => x));
    const sets = group.map((p) => new Set([...setOf(p)].filter((x) => !shell.has(x))));
    for (const [i, j] of candidatePairs(sets)) {
      const share = jaccard(sets[i]!, sets[j]!);
      if (share <= threshold) continue;
      const [a, b] = [group[i]!, group[j]!];
      problems.push(
        pageProblem(ctx, b, {
          rule: 'near-duplicate',
          message: `this ${kind} page shares ${Math.round(share * 100)}% of its text with ${a.path}`,
          expected: `at most ${Math.round(threshold * 100)}% shared text between ${kind} pages`,
          received: `${Math.round(share * 100)}% shared with ${a.path} (${a.source.file})`,
          severity: 'warning',
        }),
      );
    }
  }
  return problems;
}
