// CSV for the dashboard's downloads (leads, events): RFC 4180 quoting, CRLF lines, and a cell that
// starts with = + - @ (or a tab or CR) written with a leading ' so a spreadsheet shows text, not a formula.

/** One CSV field. */
export function csvField(value: unknown): string {
  let s = value == null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A header line of `columns`, then one line per row. */
export function csvTable<C extends string>(columns: readonly C[], rows: readonly Partial<Record<C, unknown>>[]): string {
  return [columns.join(','), ...rows.map((r) => columns.map((c) => csvField(r[c])).join(','))].join('\r\n') + '\r\n';
}
