// CSV for the dashboard's downloads (leads, events): RFC 4180 quoting, CRLF lines, and every cell a
// spreadsheet could take for a formula written so that it shows as text (issue 25.10).

/**
 * A cell a spreadsheet may read as a formula, or whose first character it may drop: one that
 * starts with = + - @ (or their full-width forms ＝ ＋ － ＠), or with any space or invisible
 * character (a space, NBSP, a tab, CR, a zero-width space, U+FEFF, which a reader drops), since
 * spreadsheets skip those before looking for a formula.
 */
const RISKY_START = /^(?:[=+\-@\uff1d\uff0b\uff0d\uff20]|[\s\p{Cf}\p{Zs}])/u;
/**
 * Where a spreadsheet whose list separator is ";" (most of Europe) starts a new cell inside this
 * one: after a ";", before such a character (or a quote, which it would take as the start of a
 * quoted cell).
 */
const RISKY_AFTER_SEMICOLON = /;(?=[\s\p{Cf}\p{Zs}"]*[=+\-@\uff1d\uff0b\uff0d\uff20])/gu;

/** One CSV field. A risky start gets a leading ' (a spreadsheet shows the text after it); so does each risky ";". */
export function csvField(value: unknown): string {
  let s = value == null ? '' : String(value);
  if (RISKY_START.test(s)) s = `'${s}`;
  s = s.replace(RISKY_AFTER_SEMICOLON, ";'");
  return /[",\r\n;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A CSV download named `filename`: a header line of `columns`, then one line per row. */
export function csvResponse<C extends string>(filename: string, columns: readonly C[], rows: readonly Partial<Record<C, unknown>>[], headers: Record<string, string>): Response {
  const body = [columns.join(','), ...rows.map((r) => columns.map((c) => csvField(r[c])).join(','))].join('\r\n') + '\r\n';
  return new Response(body, { headers: { ...headers, 'content-type': 'text/csv; charset=utf-8', 'cache-control': 'no-store', 'content-disposition': `attachment; filename="${filename}"` } });
}
