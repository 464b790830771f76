// Form posts to the leads function that must be refused, each with the status it must get; none
// may store a row. Used by the leads contract (PGlite and PostgreSQL) and by bench/bad-inputs.mjs,
// so no vitest here.

export const QUOTE = {
  name: 'Asha Verma',
  email: 'asha.verma@gmail.com',
  phone: '+91 98290 12345',
  message: 'Samsung 43" LED: sound but no picture.',
  subject: 'New Quote Request from Website',
};

// CONTACT's service and SERVICE_REQUEST's serviceType are choices the TV shop offers (its
// site.yaml's forms.services and products, in tests/fixtures/content and content/ alike).
export const CONTACT = {
  name: 'Ravi Meena',
  phone: '09829012345',
  email: 'ravi@yahoo.co.in',
  service: 'Power Supply Issues',
  message: 'LG TV does not turn on.\r\nRed light blinks.',
  subject: 'New Contact Form Submission from Website',
};

export const SERVICE_REQUEST = {
  name: 'Meera Joshi',
  email: 'meera@outlook.com',
  phone: '9829012345',
  serviceType: 'ac',
  area: 'Vaishali Nagar',
  message: 'AC cools poorly.',
  subject: 'Samsung Service Request from Website',
  brandName: 'Samsung',
};

export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
export const FORM_TYPE = 'application/x-www-form-urlencoded';

export interface HostileLead {
  name: string;
  body: string | Uint8Array;
  headers?: Record<string, string>;
  status: number;
}

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));

export function hostileLeads(): HostileLead[] {
  const quote = (extra: Record<string, string>) => form({ ...QUOTE, ...extra });
  return [
    { name: 'a required field left out', body: form({ ...QUOTE, name: '' }), status: 400 },
    { name: 'a phone number with letters', body: quote({ phone: 'call me maybe' }), status: 400 },
    { name: 'a phone number too short', body: quote({ phone: '12345' }), status: 400 },
    { name: 'an e-mail address without @', body: quote({ email: 'asha.gmail.com' }), status: 400 },
    { name: 'a field no form has', body: quote({ website: 'https://spam.example' }), status: 400 },
    { name: 'a subject no form sends', body: quote({ subject: 'Hello' }), status: 400 },
    { name: 'a brand request whose subject names another brand', body: form({ ...SERVICE_REQUEST, brandName: 'LG' }), status: 400 },
    { name: 'a service the contact form does not offer', body: form({ ...CONTACT, service: 'Car Repair' }), status: 400 },
    { name: 'a field sent twice', body: `${quote({})}&name=Other`, status: 400 },
    { name: 'a name over 100 characters', body: quote({ name: 'a'.repeat(101) }), status: 400 },
    { name: 'a message over 2,000 characters', body: quote({ message: 'b'.repeat(2001) }), status: 400 },
    { name: 'a NUL in the message', body: quote({ message: 'no\u0000picture' }), status: 400 },
    { name: 'a control character in the name', body: quote({ name: 'Asha\u001bVerma' }), status: 400 },
    { name: 'invalid UTF-8, raw', body: bytes(quote({}), '&x=', [0xff, 0xfe]), status: 400 },
    { name: 'invalid UTF-8, percent-encoded', body: `${quote({})}&name2=%C3%28`, status: 400 },
    { name: 'a lone surrogate, percent-encoded', body: form({ ...QUOTE, name: '' }).replace('name=', 'name=%ED%A0%80'), status: 400 },
    { name: 'a broken percent escape', body: `${quote({})}&note=%G1`, status: 400 },
    { name: 'a body over 32 KB', body: quote({ message: 'c'.repeat(33_000) }), status: 413 },
    { name: 'JSON instead of a form', body: JSON.stringify(QUOTE), headers: { 'content-type': 'application/json' }, status: 415 },
    { name: 'a form in another charset', body: quote({}), headers: { 'content-type': `${FORM_TYPE}; charset=iso-8859-1` }, status: 415 },
    { name: 'a post from an origin the site does not know', body: quote({}), headers: { origin: 'https://evil.example' }, status: 403 },
    { name: 'the spam trap filled in', body: quote({ _honey: 'http://spam.example' }), status: 303 },
  ];
}

/** One input of the lead campaign: the fields sent, and how to find its row (by e-mail or by name). */
export interface CampaignLead {
  name: string;
  fields: Record<string, string>;
  match: { column: 'email' | 'name'; value: string };
}

/**
 * The attack campaign's inputs on leads (issue 25, items 1-3): every field of each form with what
 * browsers and scripts send around a value — spaces, tabs, line breaks of every kind, Unicode
 * spaces and invisible characters, lengths at and past the caps, the phone formats people type.
 * Each is valid or not; whichever, nothing may be changed without a word: an accepted form is
 * stored exactly as sent, a refused one not at all. No vitest here (bench/ uses it).
 */
export function leadCampaign(): CampaignLead[] {
  const wraps: [string, (v: string) => string][] = [
    ['as is', (v) => v], ['space before', (v) => ` ${v}`], ['space after', (v) => `${v} `], ['spaces around', (v) => `  ${v}  `],
    ['tab after', (v) => `${v}\t`], ['CR LF after', (v) => `${v}\r\n`], ['LF inside', (v) => v.replace(' ', '\n')], ['VT inside', (v) => v.replace(' ', '\u000b')],
    ['FF inside', (v) => v.replace(' ', '\u000c')], ['U+2028 inside', (v) => v.replace(' ', '\u2028')], ['NBSP inside', (v) => v.replace(' ', '\u00a0')],
    ['zero-width space before', (v) => `\u200b${v}`], ['BOM before', (v) => `\ufeff${v}`], ['ideographic space after', (v) => `${v}\u3000`],
  ];
  const values: Record<string, string> = { name: 'Asha Verma', phone: '+91 98290 12345', message: 'No picture, sound OK.', area: 'Vaishali Nagar', email: 'asha.verma@gmail.com' };
  const out: CampaignLead[] = [];
  let n = 0;
  const add = (what: string, base: Record<string, string>, field: string, value: string) => {
    const i = ++n;
    const tagEmail = field !== 'email';
    const tag = tagEmail ? `campaign.${i}@gmail.com` : `Campaign ${i}`;
    const fields: Record<string, string> = { ...base, [tagEmail ? 'email' : 'name']: tag, [field]: value };
    out.push({ name: `${field}: ${what}`, fields, match: { column: tagEmail ? 'email' : 'name', value: tag } });
  };
  for (const field of ['name', 'phone', 'message', 'email']) for (const [what, wrap] of wraps) add(what, QUOTE, field, wrap(values[field]!));
  for (const [what, wrap] of wraps) add(what, SERVICE_REQUEST, 'area', wrap(values.area!));
  const phones = ['+(91) (98290) (12345)', '+91-98290-12345', '(0141) 234-5678', '0141.234.5678', '98290 12345', '+919829012345', '+91 98290 12345 6789', '+91 (0) 98290 12345',
    '98290\r\n12345', '98290\t12345', '98290\u202812345', '+91 98290 12345 ext 2', '++91 98290 12345', '+91 98290 1234', `+91 98290 12345${' '.repeat(16)}`];
  for (const p of phones) add(JSON.stringify(p), QUOTE, 'phone', p);
  for (const [what, v] of [['100 characters', 'A'.repeat(100)], ['101 characters', 'A'.repeat(101)], ['100 emoji', '😀'.repeat(100)], ['only spaces', '   ']] as const) add(what, QUOTE, 'name', v);
  for (const [what, v] of [['2,000 characters', 'm'.repeat(2000)], ['2,001 characters', 'm'.repeat(2001)], ['2,000 emoji', '📺'.repeat(2000)], ['only line breaks', '\r\n\r\n']] as const) add(what, QUOTE, 'message', v);
  return out;
}

/** The campaign's dashboard ranges (issue 25.4): each as `from`, then as `to`, on both functions. */
export const RANGE_CAMPAIGN = [
  '0000-01-01T00:00:00Z', '-000001-01-01T00:00:00Z', '-271821-04-20T00:00:00Z', '+275760-09-13T00:00:00Z', '0001-01-01T00:00:00Z', '1999-12-31T23:59:59Z',
  '1', '2026', 'Nov 1 2026', '2026-02-31T00:00:00Z', '2026-13-01T00:00:00Z', '2026-11-01', '2026-11-01T00:00:00', ' 2026-11-01T00:00:00Z', '2026-11-01T00:00:00Z\n',
  '9999-12-31T23:59:59Z', '1e9', 'Infinity', 'NaN', '', '2026-11-01T24:00:00Z', '2026-11-01T00:00:00+05:30', '2026-11-01T00:00:00.123456789Z',
];
