// What the site's forms send to the leads function, and how it is read: a form body
// (application/x-www-form-urlencoded) decoded without altering a byte, then one schema per form
// (docs/decisions/070-leads-function.md). The fields and hidden values are the spec's (§3, §7).

import { z } from 'zod';
import { CONTROL_CHARACTER, decodeUtf8, unstorableText, type BodyIssue } from './body.ts';

export const LEAD_KINDS = ['quote', 'contact', 'service-request', 'newsletter'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

export const QUOTE_SUBJECT = 'New Quote Request from Website';
export const CONTACT_SUBJECT = 'New Contact Form Submission from Website';
export const SERVICE_REQUEST_SUBJECT = (brand: string) => `${brand} Service Request from Website`;

/** The contact form's services (spec §5), in order. */
export const CONTACT_SERVICES = ['Screen Repair', 'Power Supply Issues', 'Audio Problems', 'Motherboard Repair', 'TV Wall Mounting', 'Other'] as const;
export const SERVICE_TYPES = ['tv', 'ac', 'refrigerator', 'microwave'] as const;

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
 * Reads a form body. URLSearchParams would replace invalid UTF-8 (raw or percent-encoded, lone
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
    const name = rawName && decodeUtf8(rawName);
    const value = rawValue && decodeUtf8(rawValue);
    if (name == null || value == null) {
      return { issue: { path: '', code: 'invalid_encoding', message: 'The form is not valid UTF-8 form data' } };
    }
    const why = unstorableText(name) ?? unstorableText(value);
    if (why) return { issue: { path: name, code: 'invalid_string', message: why } };
    if (fields.has(name)) return { issue: { path: name, code: 'duplicate', message: 'Sent more than once' } };
    fields.set(name, value);
  }
  return { fields };
}

const PHONE_DIGITS = /\d/g;
// Line breaks and tabs belong in a message; any other control character is refused.
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

const line = (max: number, what: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `Please enter ${what}` })
    .max(max, { error: `${what[0]!.toUpperCase()}${what.slice(1)} may be at most ${max} characters` })
    .refine((s) => !CONTROL_CHARACTER.test(s), { error: 'Contains a control character' });

const email = z
  .string()
  .trim()
  .max(254, { error: 'The e-mail address may be at most 254 characters' })
  .pipe(z.email({ error: 'Please enter an e-mail address such as name@gmail.com' }));

/** 10 to 13 digits, optionally with +, spaces, hyphens, dots or brackets: "+91 90000 00001", "0141-2345678". */
const phone = z
  .string()
  .trim()
  .regex(/^\+?[\d\s().-]{7,20}$/, { error: 'Please enter a phone number such as +91 98290 12345' })
  .refine((s) => { const d = s.match(PHONE_DIGITS)?.length ?? 0; return d >= 10 && d <= 13; }, {
    error: 'Please enter a phone number such as +91 98290 12345',
  });

const message = z
  .string()
  .transform((s) => s.replace(/\r\n?/g, '\n').trim())
  .pipe(z.string()
  .min(1, { error: 'Please tell us what is wrong with the TV' })
  .max(2000, { error: 'The message may be at most 2,000 characters' })
  .refine((s) => !CONTROL_BUT_LINES.test(s), { error: 'Contains a control character' }));

const QuoteSchema = z.strictObject({
  subject: z.literal(QUOTE_SUBJECT),
  name: line(100, 'your name'),
  email,
  phone,
  message,
});

const ContactSchema = z.strictObject({
  subject: z.literal(CONTACT_SUBJECT),
  name: line(100, 'your name'),
  phone,
  email,
  service: z.enum(CONTACT_SERVICES, { error: 'Please choose a service' }),
  message,
});

const ServiceRequestSchema = z
  .strictObject({
    subject: z.string().max(200),
    brandName: line(60, 'the brand'),
    name: line(100, 'your name'),
    email,
    phone,
    serviceType: z.enum(SERVICE_TYPES, { error: 'Please choose a service type' }),
    area: line(100, 'your area'),
    message,
  })
  .refine((v) => v.subject === SERVICE_REQUEST_SUBJECT(v.brandName), { path: ['subject'], error: 'Unknown form' });

const NewsletterSchema = z.strictObject({ email });

/** A lead as stored: the kind and the columns of public.leads it fills. */
export interface Lead {
  kind: LeadKind;
  name: string | null;
  email: string;
  phone: string | null;
  service: string | null;
  serviceType: string | null;
  area: string | null;
  message: string | null;
  subject: string | null;
  brandName: string | null;
}

export type LeadResult = { ok: true; lead: Lead } | { ok: false; kind: LeadKind | null; issues: BodyIssue[] };

/** Which form sent the fields: by its hidden subject (spec §7), or a bare e-mail for the newsletter. */
export function leadKindOf(fields: FormFields): LeadKind | null {
  const subject = fields.get('subject');
  if (subject === QUOTE_SUBJECT) return 'quote';
  if (subject === CONTACT_SUBJECT) return 'contact';
  if (subject !== undefined && fields.has('brandName')) return 'service-request';
  if (subject === undefined && fields.has('email')) return 'newsletter';
  return null;
}

const SCHEMAS = { quote: QuoteSchema, contact: ContactSchema, 'service-request': ServiceRequestSchema, newsletter: NewsletterSchema };

/** Validates the fields a form sent (the honeypot already taken out). */
export function readLead(fields: FormFields): LeadResult {
  const kind = leadKindOf(fields);
  if (!kind) return { ok: false, kind, issues: [{ path: 'subject', code: 'unknown_form', message: 'This is not one of the site’s forms' }] };
  const parsed = SCHEMAS[kind].safeParse(Object.fromEntries(fields));
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({
      path: i.path.join('.') || (i.code === 'unrecognized_keys' ? String((i as { keys?: string[] }).keys?.[0] ?? '') : ''),
      code: i.code,
      message: i.code === 'unrecognized_keys' ? 'This form has no such field' : i.message,
    }));
    return { ok: false, kind, issues };
  }
  const v = parsed.data as Partial<Record<string, string>> & { email: string };
  return {
    ok: true,
    lead: {
      kind,
      name: v.name ?? null,
      email: v.email,
      phone: v.phone ?? null,
      service: v.service ?? null,
      serviceType: v.serviceType ?? null,
      area: v.area ?? null,
      message: v.message ?? null,
      subject: v.subject ?? null,
      brandName: v.brandName ?? null,
    },
  };
}

/** The fields a lead had on its form, in the spec's order, for forwarding and for the error page. */
export function formFieldsOf(lead: Lead): [string, string][] {
  const all: [string, string | null][] =
    lead.kind === 'newsletter'
      ? [['email', lead.email]]
      : lead.kind === 'contact'
        ? [['name', lead.name], ['phone', lead.phone], ['email', lead.email], ['service', lead.service], ['message', lead.message], ['subject', lead.subject]]
        : lead.kind === 'quote'
          ? [['name', lead.name], ['email', lead.email], ['phone', lead.phone], ['message', lead.message], ['subject', lead.subject]]
          : [['name', lead.name], ['email', lead.email], ['phone', lead.phone], ['serviceType', lead.serviceType], ['area', lead.area], ['message', lead.message], ['subject', lead.subject], ['brandName', lead.brandName]];
  return all.filter((f): f is [string, string] => f[1] !== null);
}
