// One rule per field of a lead, in one place: the leads function validates a form with these
// rules, and the check constraints of public.leads are made from the same rules by leadRulesSql()
// (the migration holds its output verbatim; tests/unit/leads-rules.test.ts keeps them equal, and
// the property tests show that the function and the table accept exactly the same values). A
// select's rule is "one of the built site's choices" (FunctionsContent, from content/): they change
// with the content, so the table has no check of them (decision 114).
//
// Each pattern is written in the part of regular-expression syntax that JavaScript (with the u
// flag) and Postgres (ARE) read alike: bracket classes of code points and \uXXXX escapes, ^ and $
// at the ends of the whole value, counted repeats. Lengths are in code points, as Postgres's
// length() counts them. Nothing is trimmed or otherwise changed: a value is stored as sent, or
// refused with the message of the first test it fails (docs/decisions/075-leads-outbox-and-alerts.md).

export interface FieldRule {
  /** The column of public.leads that stores the field. */
  column: string;
  /**
   * Tests in order, each a pattern the value must contain a match of and what to tell the visitor
   * when it does not (a key of the catalogues' functions.rules); the first one failed gives the message.
   */
  tests: readonly { pattern: string; message: string }[];
  /** Longest value, in code points ("tooLong.<field>" says so); for a select, the room its choice has in the body cap. */
  max: number;
  /** A select: the value must be one of the choices the built site offers ("notChosen.<field>" otherwise). */
  choice?: true;
}

// C0 and C1 controls, DEL, and the Unicode line and paragraph separators: never in a one-line field
// (a name, a phone number), where a browser's input cannot even produce them.
const LINE_FORBIDDEN = '\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029';
// A message is a textarea: it keeps its tabs and line breaks (CR LF as browsers send them).
const TEXT_FORBIDDEN = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f';

/**
 * Characters that show nothing on their own: Unicode's White_Space and Default_Ignorable_Code_Point
 * (NBSP, U+3000, the zero-width and bidirectional controls, variation selectors, tags…), the other
 * format characters (Cf) except the Arabic and Syriac number signs, which are drawn, and the blank
 * Braille pattern U+2800. A name or a message made only of them reads as empty (issue 38, N6);
 * tests/unit/leads-rules.test.ts checks the list against the Unicode properties JavaScript knows.
 */
export const BLANK_RANGES: readonly (readonly [number, number])[] = [
  [0x09, 0x0d], [0x20, 0x20], [0x85, 0x85], [0xa0, 0xa0], [0xad, 0xad], [0x34f, 0x34f], [0x61c, 0x61c], [0x115f, 0x1160], [0x1680, 0x1680],
  [0x17b4, 0x17b5], [0x180b, 0x180f], [0x2000, 0x200f], [0x2028, 0x202f], [0x205f, 0x206f], [0x2800, 0x2800], [0x3000, 0x3000], [0x3164, 0x3164],
  [0xfe00, 0xfe0f], [0xfeff, 0xfeff], [0xffa0, 0xffa0], [0xfff0, 0xfffb], [0x13430, 0x1343f], [0x1bca0, 0x1bca3], [0x1d173, 0x1d17a], [0xe0000, 0xe0fff],
];
// Written as the characters themselves: JavaScript and Postgres spell an escape beyond U+FFFF
// differently (\u{…}, \U…), and both read a character as itself. leadRulesSql() writes them into
// the migration as U& escapes.
const cp = String.fromCodePoint;
const NOT_BLANK = `[^${BLANK_RANGES.map(([a, b]) => (a === b ? cp(a) : `${cp(a)}-${cp(b)}`)).join('')}]`;

const line = <C extends string>(field: LeadField, column: C, max: number) => ({
  column,
  tests: [
    { pattern: NOT_BLANK, message: `rules.empty.${field}` },
    { pattern: `^[^${LINE_FORBIDDEN}]*$`, message: 'rules.control' },
  ],
  max,
}) satisfies FieldRule;

/**
 * An address as browsers' type=email inputs take it (the HTML standard's "valid e-mail address"),
 * except that the domain must have a dot: "name@gmail.com", "a.b+tag@shop.co.in".
 */
const EMAIL_PATTERN =
  "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$";

/** The fields of the site's forms (spec §3), by their names in the forms. */
export type LeadField = 'name' | 'email' | 'phone' | 'message' | 'service' | 'serviceType' | 'area' | 'brandName' | 'subject';

const RULES = {
  name: line('name', 'name', 100),
  email: { column: 'email', tests: [{ pattern: EMAIL_PATTERN, message: 'rules.email' }], max: 254 },
  /**
   * 10 to 13 digits with spaces, brackets, dots or hyphens between them, and at most one "+"
   * before the first digit: "+91 98290 12345", "0141-2345678", "+(91) (98290) (12345)".
   */
  phone: {
    column: 'phone',
    tests: [
      { pattern: '^[ ().-]*[+]?[0-9 ().-]*$', message: 'rules.phone' },
      { pattern: '^[^0-9]*([0-9][^0-9]*){10,13}$', message: 'rules.phone' },
    ],
    max: 30,
  },
  message: {
    column: 'message',
    tests: [
      { pattern: NOT_BLANK, message: 'rules.empty.message' },
      { pattern: `^[^${TEXT_FORBIDDEN}]*$`, message: 'rules.control' },
    ],
    max: 2000,
  },
  service: { column: 'service', tests: [], max: 100, choice: true },
  serviceType: { column: 'service_type', tests: [], max: 40, choice: true },
  area: line('area', 'area', 100),
  brandName: line('brandName', 'brand_name', 60),
  subject: line('subject', 'subject', 100),
} as const satisfies Readonly<Record<LeadField, FieldRule>>;

/** The column of public.leads that stores a field. */
export type ColumnOf<F extends LeadField> = (typeof RULES)[F]['column'];

/** The rules, by form field name. */
export const FIELD_RULES: { readonly [F in LeadField]: FieldRule & { column: ColumnOf<F> } } = RULES;

/** Length in code points, as Postgres counts the characters of a text. */
export const codePoints = (s: string): number => [...s].length;

/**
 * Why `value` breaks the rule of `field` (the key of its message under the catalogues'
 * functions.rules, as "rules.<…>"), or null when it may be stored as it is. `choices`: the values the built site's
 * select offers, for a select's field.
 */
export function fieldProblem(field: LeadField, value: string, choices: readonly string[] = []): string | null {
  const rule = FIELD_RULES[field];
  if (rule.choice) return choices.includes(value) ? null : `rules.notChosen.${field}`;
  for (const t of rule.tests) if (!new RegExp(t.pattern, 'u').test(value)) return t.message;
  return codePoints(value) > rule.max ? `rules.tooLong.${field}` : null;
}

/**
 * A string as an SQL literal: as it is between quotes when it is printable ASCII, else as a
 * Unicode escape string (U&'…'), every other character written \XXXX or \+XXXXXX.
 */
const sqlText = (s: string) => {
  if (/^[\x20-\x7e]*$/.test(s)) return `'${s.replace(/'/g, "''")}'`;
  const hex = (n: number, width: number) => n.toString(16).toUpperCase().padStart(width, '0');
  const chars = [...s].map((c) => {
    const n = c.codePointAt(0)!;
    if (c === "'") return "''";
    if (c === '\\') return '\\\\';
    if (n >= 0x20 && n < 0x7f) return c;
    return n > 0xffff ? `\\+${hex(n, 6)}` : `\\${hex(n, 4)}`;
  });
  return `U&'${chars.join('')}'`;
};

/** The constraint names leadRulesSql() adds: leads_<column>_rule. */
export const constraintOf = (field: LeadField) => `leads_${FIELD_RULES[field].column}_rule`;

/**
 * The statements that put the rules on public.leads, one check constraint per field (replacing
 * the field's earlier one), added NOT VALID (a row stored under an earlier rule does not stop the
 * migration; the migration validates what it can); a select's field has none. The latest
 * migration that sets them holds this text verbatim: a changed rule is a new migration.
 */
export function leadRulesSql(): string {
  return (Object.keys(FIELD_RULES) as LeadField[])
    .map((f) => {
      const { column, tests, max, choice } = FIELD_RULES[f];
      const drop = `alter table public.leads drop constraint if exists ${constraintOf(f)}`;
      const check = [...tests.map((t) => `${column} ~ ${sqlText(t.pattern)}`), `length(${column}) <= ${max}`].join('\n    and ');
      return choice ? `${drop};` : `${drop},\n  add constraint ${constraintOf(f)} check (\n    ${check}) not valid;`;
    })
    .join('\n');
}
