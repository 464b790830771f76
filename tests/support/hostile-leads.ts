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
