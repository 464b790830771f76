/** One problem, in the single shape every part of `site` reports (STYLE.md "The CLI"). */
export interface Problem {
  /** The source file, relative to the project (e.g. "content/site.yaml"). */
  file: string;
  line: number;
  column: number;
  /** A short rule id, e.g. "schema", "yaml-syntax", "unknown-link". */
  rule: string;
  /** One line saying what is wrong. */
  message: string;
  expected?: string;
  received?: string;
  /** A suggestion, e.g. 'did you mean "/repair-old-town"?' */
  hint?: string;
  /** The page URL the problem was found on (site check). */
  url?: string;
  severity: 'error' | 'warning';
}

/** Human text: problems grouped by file, in file order, then one summary line. */
export function formatProblems(problems: Problem[], filesChecked: number, checkedNoun = 'files'): string {
  const sorted = [...problems].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column,
  );
  const lines: string[] = [];
  for (const p of sorted) {
    lines.push(`${p.file}:${p.line}:${p.column}  ${p.message}${p.url ? `  (${p.url})` : ''}`);
    if (p.expected !== undefined) lines.push(`  expected  ${p.expected}`);
    if (p.received !== undefined) lines.push(`  got       ${p.received}${p.hint ? `  (${p.hint})` : ''}`);
    else if (p.hint) lines.push(`  hint      ${p.hint}`);
  }
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  const files = new Set(problems.map((p) => p.file)).size;
  if (problems.length === 0) {
    lines.push(`✔ no problems (${filesChecked} ${checkedNoun} checked)`);
  } else {
    const parts = [`${errors} ${errors === 1 ? 'problem' : 'problems'}`];
    if (warnings) parts.push(`${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`);
    lines.push(`${errors ? '✖' : '⚠'} ${parts.join(', ')} in ${files} ${files === 1 ? 'file' : 'files'} (${filesChecked} ${checkedNoun} checked)`);
  }
  return lines.join('\n');
}

/** Quote a received value for display, kept to one short line. */
export function showValue(value: unknown): string {
  if (value === undefined) return 'nothing (the field is missing)';
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

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

/** A problem's hint about `input`: did you mean the candidate closest to it (as `show` writes it), when it is close enough to be a likely typo? */
export function hintFor(input: string, candidates: Iterable<string>, show = (guess: string) => guess): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = distance(input.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  const limit = Math.max(2, Math.floor(input.length / 3));
  return best !== undefined && bestDistance > 0 && bestDistance <= limit ? `did you mean "${show(best)}"?` : undefined;
}

/** "brands › related[2].href" */
export function fieldPath(collection: string, path: readonly (string | number)[]): string {
  const dotted = path.reduce<string>(
    (acc, seg) => (typeof seg === 'number' ? `${acc}[${seg}]` : acc ? `${acc}.${seg}` : seg),
    '',
  );
  return dotted ? `${collection} › ${dotted}` : collection;
}
