// The pages the leads function answers a browser with when it cannot send it to /thank-you: a
// form with problems (the visitor's input kept, the problems named next to it), a refusal, or the
// newsletter's acknowledgement. Plain HTML with inline styles: it must work with JavaScript off and
// without the site's stylesheet, whose origin may differ from the function's.

import type { BodyIssue } from './body.ts';
import { CONTACT_SERVICES, SERVICE_TYPES, type FormFields } from './lead-form.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const LABELS: Record<string, string> = {
  name: 'Your name',
  email: 'Email',
  phone: 'Phone',
  service: 'Service needed',
  serviceType: 'Service type',
  area: 'Your area',
  message: 'Message',
};
const SERVICE_TYPE_LABELS: Record<string, string> = { tv: 'TV Repair', ac: 'AC Repair', refrigerator: 'Refrigerator Repair', microwave: 'Microwave Repair' };
const HIDDEN = ['subject', 'brandName'];

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;color:#0f172a;margin:0;background:#f8fafc}
main{max-width:36rem;margin:0 auto;padding:2rem 1rem}h1{font-size:1.6rem;color:#1e3a8a;margin:0 0 .5rem}
.problems{background:#fef2f2;border:1px solid #fca5a5;border-radius:.5rem;padding:.75rem 1rem}
label{display:block;font-weight:600;margin-top:1rem}input,select,textarea{display:block;width:100%;box-sizing:border-box;
font:inherit;padding:.6rem;border:1px solid #94a3b8;border-radius:.5rem;margin-top:.25rem;background:#fff}
.err{color:#b91c1c;font-size:.9rem;margin:.25rem 0 0}button,.button{display:inline-block;margin-top:1.25rem;padding:.7rem 1.2rem;
border:0;border-radius:.5rem;background:#c2410c;color:#fff;font:inherit;font-weight:700;text-decoration:none}a{color:#1d4ed8}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function control(name: string, value: string, error: string | undefined): string {
  const id = `f-${name}`;
  const describedBy = error ? ` aria-invalid="true" aria-describedby="${id}-err"` : '';
  const attrs = `id="${id}" name="${name}" required${describedBy}`;
  const options = (values: readonly string[], label: (v: string) => string, placeholder: string) =>
    [`<option value="">${placeholder}</option>`, ...values.map((v) => `<option value="${escapeHtml(v)}"${v === value ? ' selected' : ''}>${escapeHtml(label(v))}</option>`)].join('');
  const input =
    name === 'message'
      ? `<textarea ${attrs} rows="4">${escapeHtml(value)}</textarea>`
      : name === 'service'
        ? `<select ${attrs}>${options(CONTACT_SERVICES, (v) => v, 'Select a service')}</select>`
        : name === 'serviceType'
          ? `<select ${attrs}>${options(SERVICE_TYPES, (v) => SERVICE_TYPE_LABELS[v] ?? v, 'Select Service Type')}</select>`
          : `<input ${attrs} type="${name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}" value="${escapeHtml(value)}">`;
  return `<label for="${id}">${LABELS[name]}</label>${input}${error ? `<p class="err" id="${id}-err">${escapeHtml(error)}</p>` : ''}`;
}

export interface PageLinks {
  /** Where the form posts again (the function's own URL path). */
  action: string;
  /** The site's origin ('' when the function is on the same origin), for the links back. */
  siteOrigin: string;
}

/** "Please check your request": the problems, then the form again with what the visitor typed. */
export function invalidLeadPage(fields: FormFields, issues: BodyIssue[], links: PageLinks): string {
  const byField = new Map(issues.filter((i) => LABELS[i.path]).map((i) => [i.path, i.message]));
  const general = issues.filter((i) => !LABELS[i.path]).map((i) => (i.path ? `${i.path}: ${i.message}` : i.message));
  const visible = Object.keys(LABELS).filter((n) => fields.has(n) || byField.has(n));
  const hidden = HIDDEN.filter((n) => fields.has(n))
    .map((n) => `<input type="hidden" name="${n}" value="${escapeHtml(fields.get(n)!)}">`)
    .join('');
  const summary = [...byField].map(([n, m]) => `<li><a href="#f-${n}">${LABELS[n]}</a>: ${escapeHtml(m)}</li>`);
  summary.push(...general.map((m) => `<li>${escapeHtml(m)}</li>`));
  return layout(
    'Please check your request',
    `<h1>Please check your request</h1><p>Nothing was sent yet. Correct the ${issues.length === 1 ? 'item' : 'items'} below and send it again.</p>
<div class="problems" role="alert"><ul>${summary.join('')}</ul></div>
<form method="post" action="${escapeHtml(links.action)}">${hidden}${visible.map((n) => control(n, fields.get(n) ?? '', byField.get(n))).join('')}
<button type="submit">Send again</button></form>
<p>Or call or WhatsApp us: the numbers are on <a href="${escapeHtml(links.siteOrigin)}/contact">our contact page</a>.</p>`,
  );
}

/** A refusal that is not about the fields (too large, too many requests, not allowed). */
export function refusalPage(title: string, message: string, links: PageLinks): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>
<p><a class="button" href="${escapeHtml(links.siteOrigin)}/contact">Back to the contact page</a></p>`);
}

/** The newsletter's acknowledgement, for a browser without JavaScript. */
export function subscribedPage(links: PageLinks): string {
  return layout('You are subscribed', `<h1>Thank you – you are subscribed</h1><p>One short e-mail a month with TV care tips. No spam.</p>
<p><a class="button" href="${escapeHtml(links.siteOrigin)}/blog">Back to the blog</a></p>`);
}
