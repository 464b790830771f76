// What the site's forms send to the leads function, and how it is read: a form body
// (application/x-www-form-urlencoded) decoded without altering a byte, then the fields of each form
// checked by the rules of lead-rules.ts and kept as sent. The fields and hidden values are the
// spec's (§3, §7) (docs/decisions/070-leads-function.md, 075-leads-outbox-and-alerts.md).

import { decodeUtf8, unstorableText, type BodyIssue } from './body.ts';
import { wordsOf, type FunctionsContent, type Say } from './content.ts';
import { FIELD_RULES, fieldProblem, type ColumnOf, type LeadField } from './lead-rules.ts';

export const LEAD_KINDS = ['quote', 'contact', 'service-request', 'newsletter'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];
/** A kind's name in the catalogues' keys (subject.*, alert.*, digest.leads.*). */
export const kindKey = (kind: LeadKind) => (kind === 'service-request' ? 'serviceRequest' : kind);

/** The spam trap every form carries; people never see it, so a value in it means a bot. */
export const DEFAULT_HONEYPOT_FIELD = '_honey';

/** Decoded fields in the order sent; a name sent twice is a problem of its own. */
export type FormFields = Map<string, string>;

/** Percent-decodes one `application/x-www-form-urlencoded` component to bytes ("+" is a space). */
function percentBytes(part: Uint8Array): Uint8Array | null {
  const out = new Uint8Array(part.length);
  let n = 0;
  for (let i = 0; i < part.length; i++) {
    const b = part[i]!;
    if (b === 0x2b) out[n++] = 0x20;
    else if (b === 0x25) {
      const hex = String.fromCharCode(part[i + 1] ?? 0, part[i + 2] ?? 0);
      if (!/^[0-9a-f]{2}$/i.test(hex)) return null;
      out[n++] = parseInt(hex, 16);
      i += 2;
    } else out[n++] = b;
  }
  return out.subarray(0, n);
}

/**
 * Reads a form body; an issue's message is a key of the catalogues' functions.* (or, for text no
 * database stores, body.ts's own words). URLSearchParams would replace invalid UTF-8 (raw or percent-encoded, lone
 * surrogates included) by U+FFFD and keep the last of two values; here either is a refusal.
 */
export function parseFormBody(bytes: Uint8Array): { fields: FormFields } | { issue: BodyIssue } {
  const fields: FormFields = new Map();
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i < bytes.length && bytes[i] !== 0x26) continue;
    const pair = bytes.subarray(start, i);
    start = i + 1;
    if (pair.length === 0) continue;
    const eq = pair.indexOf(0x3d);
    const rawName = percentBytes(eq < 0 ? pair : pair.subarray(0, eq));
    const rawValue = percentBytes(eq < 0 ? new Uint8Array(0) : pair.subarray(eq + 1));
    const name = rawName && decodeUtf8(rawName, true);
    const value = rawValue && decodeUtf8(rawValue, true);
    if (name == null || value == null) {
      return { issue: { path: '', code: 'invalid_encoding', message: 'form.notUtf8' } };
    }
    const why = unstorableText(name) ?? unstorableText(value);
    if (why) return { issue: { path: name, code: 'invalid_string', message: why } };
    if (fields.has(name)) return { issue: { path: name, code: 'duplicate', message: 'form.twice' } };
    fields.set(name, value);
  }
  return { fields };
}

/** The fields of each form, in the spec's order (§3); a form must send all of its fields and no other. */
export const FORM_FIELDS: Record<LeadKind, readonly LeadField[]> = {
  quote: ['name', 'email', 'phone', 'message', 'subject'],
  contact: ['name', 'phone', 'email', 'service', 'message', 'subject'],
  'service-request': ['name', 'email', 'phone', 'serviceType', 'area', 'message', 'subject', 'brandName'],
  newsletter: ['email'],
};

/**
 * The subject each form sends in its hidden field (spec §7): the default language's
 * `functions.subject.*` on every page (SiteData.subjects); the brand form's names its brand.
 */
export function subjectOf(content: FunctionsContent, kind: Exclude<LeadKind, 'newsletter'>, brand = ''): string {
  return wordsOf(content)(`subject.${kindKey(kind)}`, { brand });
}

/** A lead as public.leads stores it: its kind, and each field in its column (lead-rules.ts), null when its form has no such field. */
export type Lead = { kind: LeadKind } & { [F in LeadField as ColumnOf<F>]: string | null } & { email: string };

/** A stored lead as the outbox and the dashboard read it back (LEAD_JSON in sql.ts). */
export type LeadRecord = Lead & { id: number; page_path: string | null; source: string | null; created_at: string };

/** Which form sent the fields: by its hidden subject (spec §7), or a bare e-mail for the newsletter. */
export function leadKindOf(fields: FormFields, content: FunctionsContent): LeadKind | null {
  const subject = fields.get('subject');
  if (subject === subjectOf(content, 'quote')) return 'quote';
  if (subject === subjectOf(content, 'contact')) return 'contact';
  if (subject !== undefined && fields.has('brandName')) return 'service-request';
  if (subject === undefined && fields.has('email')) return 'newsletter';
  return null;
}

/**
 * Validates the fields a form sent (the honeypot already taken out) by the rules of lead-rules.ts,
 * a select's against the choices the built site offers and the subject against its forms' (both in
 * `content`). Every value is kept exactly as sent; one that breaks its rule is refused with the
 * rule's message, in the words of `say`.
 */
export function readLead(fields: FormFields, content: FunctionsContent, say: Say): { ok: true; lead: Lead } | { ok: false; kind: LeadKind | null; issues: BodyIssue[] } {
  const { choices } = content;
  const kind = leadKindOf(fields, content);
  if (!kind) return { ok: false, kind, issues: [{ path: 'subject', code: 'unknown_form', message: say('form.unknown') }] };
  const form: readonly string[] = FORM_FIELDS[kind];
  const issues: BodyIssue[] = [];
  for (const name of fields.keys()) {
    if (!form.includes(name)) issues.push({ path: name, code: 'unrecognized_keys', message: say('form.noSuchField') });
  }
  for (const field of FORM_FIELDS[kind]) {
    const value = fields.get(field);
    const problem = fieldProblem(field, value ?? '', (choices[field as keyof typeof choices] ?? []).map((c) => c.value));
    if (problem) issues.push({ path: field, code: value === undefined ? 'required' : 'invalid', message: say(problem, { max: FIELD_RULES[field].max.toLocaleString('en-IN') }) });
  }
  const subject = kind === 'newsletter' ? null : subjectOf(content, kind, fields.get('brandName'));
  if (subject !== null && issues.length === 0 && fields.get('subject') !== subject) {
    issues.push({ path: 'subject', code: 'unknown_form', message: say('form.unknown') });
  }
  if (issues.length > 0) return { ok: false, kind, issues };
  const columns = Object.entries(FIELD_RULES).map(([f, r]) => [r.column, fields.get(f) ?? null]);
  return { ok: true, lead: { kind, ...Object.fromEntries(columns) } as Lead };
}
