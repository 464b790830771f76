function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length]!;
}

/** The candidate closest to `input`, when it is close enough to be a likely typo. */
export function didYouMean(input: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = distance(input.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  const limit = Math.max(2, Math.floor(input.length / 3));
  return best !== undefined && bestDistance > 0 && bestDistance <= limit ? best : undefined;
}

/** A problem's hint about `input`: did you mean the closest candidate (as `show` writes it)? None when no candidate is close. */
export function hintFor(input: string, candidates: Iterable<string>, show = (guess: string) => guess): string | undefined {
  const guess = didYouMean(input, candidates);
  return guess === undefined ? undefined : `did you mean "${show(guess)}"?`;
}
