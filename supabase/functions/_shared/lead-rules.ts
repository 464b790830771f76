// One rule per field of a lead, in one place: the leads function validates a form with these
// rules, and the check constraints of public.leads are made from the same rules by leadRulesSql()
// (the migration holds its output verbatim; tests/unit/leads-rules.test.ts keeps them equal, and
// the property tests show that the function and the table accept exactly the same values).
//
// Each pattern is written in the part of regular-expression syntax that JavaScript (with the u
// flag) and Postgres (ARE) read alike: bracket classes of code points and \uXXXX escapes, ^ and $
// at the ends of the whole value, counted repeats. Lengths are in code points, as Postgres's
// length() counts them. Nothing is trimmed or otherwise changed: a value is stored as sent, or
// refused with the message of the first test it fails (docs/decisions/075-leads-outbox-and-alerts.md).

/** One test a value must pass: a pattern it must contain a match of, and what to tell the visitor when it does not. */
export interface RuleTest {
  pattern: string;
  message: string;
}

export interface FieldRule {
  /** The column of public.leads that stores the field. */
  column: string;
  /** Tests in order; the first one failed gives the message. */
  tests: readonly RuleTest[];
  /** Longest value, in code points. */
  max: number;
  tooLong: string;
  /** When set, the only values allowed (a select's options). */
  oneOf?: readonly string[];
  notOneOf?: string;
}

/** The spec's contact-form services (§5), in order. */
export const CONTACT_SERVICES = ['Screen Repair', 'Power Supply Issues', 'Audio Problems', 'Motherboard Repair', 'TV Wall Mounting', 'Other'] as const;
export const SERVICE_TYPES = ['tv', 'ac', 'refrigerator', 'microwave'] as const;

// C0 and C1 controls, DEL, and the Unicode line and paragraph separators: never in a one-line field
// (a name, a phone number), where a browser's input cannot even produce them.
const LINE_FORBIDDEN = '\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029';
// A message is a textarea: it keeps its tabs and line breaks (CR LF as browsers send them).
const TEXT_FORBIDDEN = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f';
const CONTROL_MESSAGE = 'Contains a control character (such as a tab or a line break), which this field does not take';

const line = (what: string, column: string, max: number): FieldRule => ({
  column,
  tests: [
    { pattern: '[^ ]', message: `Please enter ${what}` },
    { pattern: `^[^${LINE_FORBIDDEN}]*$`, message: CONTROL_MESSAGE },
  ],
  max,
  tooLong: `${what[0]!.toUpperCase()}${what.slice(1)} may be at most ${max} characters`,
});

/**
 * An address as browsers' type=email inputs take it (the HTML standard's "valid e-mail address"),
 * except that the domain must have a dot: "name@gmail.com", "a.b+tv@shop.co.in".
 */
const EMAIL_PATTERN =
  "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$";
const EMAIL_MESSAGE = 'Please enter an e-mail address such as name@gmail.com';
const PHONE_MESSAGE = 'Please enter a phone number such as +91 98290 12345';

/** The fields of the site's forms (spec §3), by their names in the forms. */
export type LeadField = 'name' | 'email' | 'phone' | 'message' | 'service' | 'serviceType' | 'area' | 'brandName' | 'subject';

/** The rules, by form field name. */
export const FIELD_RULES: Readonly<Record<LeadField, FieldRule>> = {
  name: line('your name', 'name', 100),
  email: {
    column: 'email',
    tests: [{ pattern: EMAIL_PATTERN, message: EMAIL_MESSAGE }],
    max: 254,
    tooLong: 'The e-mail address may be at most 254 characters',
  },
  /**
   * 10 to 13 digits with spaces, brackets, dots or hyphens between them, and at most one "+"
   * before the first digit: "+91 98290 12345", "0141-2345678", "+(91) (98290) (12345)".
   */
  phone: {
    column: 'phone',
    tests: [
      { pattern: '^[ ().-]*[+]?[0-9 ().-]*$', message: PHONE_MESSAGE },
      { pattern: '^[^0-9]*([0-9][^0-9]*){10,13}$', message: PHONE_MESSAGE },
    ],
    max: 30,
    tooLong: 'The phone number may be at most 30 characters',
  },
  message: {
    column: 'message',
    tests: [
      { pattern: '[^ \\t\\r\\n]', message: 'Please tell us what is wrong with the TV' },
      { pattern: `^[^${TEXT_FORBIDDEN}]*$`, message: CONTROL_MESSAGE },
    ],
    max: 2000,
    tooLong: 'The message may be at most 2,000 characters',
  },
  service: { column: 'service', tests: [], max: 100, tooLong: 'Please choose a service', oneOf: CONTACT_SERVICES, notOneOf: 'Please choose a service' },
  serviceType: { column: 'service_type', tests: [], max: 20, tooLong: 'Please choose a service type', oneOf: SERVICE_TYPES, notOneOf: 'Please choose a service type' },
  area: line('your area', 'area', 100),
  brandName: line('the brand', 'brand_name', 60),
  subject: line('the form’s subject', 'subject', 100),
};

const compiled = new Map<string, RegExp>();
const regex = (pattern: string) => {
  let r = compiled.get(pattern);
  if (!r) compiled.set(pattern, (r = new RegExp(pattern, 'u')));
  return r;
};

/** Length in code points, as Postgres counts the characters of a text. */
export const codePoints = (s: string): number => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

/** Why `value` breaks the rule of `field`, or null when it may be stored as it is. */
export function fieldProblem(field: LeadField, value: string): string | null {
  const rule = FIELD_RULES[field];
  if (rule.oneOf) return rule.oneOf.includes(value) ? null : (rule.notOneOf ?? 'Not one of the choices');
  for (const t of rule.tests) if (!regex(t.pattern).test(value)) return t.message;
  return codePoints(value) > rule.max ? rule.tooLong : null;
}

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The check expression of one field's column, from its rule. */
export function checkExpression(field: LeadField): string {
  const rule = FIELD_RULES[field];
  const col = rule.column;
  if (rule.oneOf) return `${col} in (${rule.oneOf.map(sqlText).join(', ')})`;
  return [...rule.tests.map((t) => `${col} ~ ${sqlText(t.pattern)}`), `length(${col}) <= ${rule.max}`].join('\n    and ');
}

/** The constraint names leadRulesSql() adds: leads_<column>_rule. */
export const constraintOf = (field: LeadField) => `leads_${FIELD_RULES[field].column}_rule`;

/**
 * The statements that put the rules on public.leads, one check constraint per field, added NOT
 * VALID (a row stored under an earlier rule does not stop the migration; the migration validates
 * what it can). The migration that adds them holds this text verbatim.
 */
export function leadRulesSql(): string {
  return (Object.keys(FIELD_RULES) as LeadField[])
    .map((f) => `alter table public.leads add constraint ${constraintOf(f)} check (\n    ${checkExpression(f)}) not valid;`)
    .join('\n');
}
