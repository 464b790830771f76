// The pages the leads function answers a browser with when it cannot send it to /thank-you: a
// form with problems (the visitor's input kept, the problems named next to it), a refusal, or the
// newsletter's acknowledgement. Plain HTML with inline styles: it must work with JavaScript off and
// without the site's stylesheet, whose origin may differ from the function's. Their words are the
// catalogue's (functions.*) in the language of the page the form was on.

import type { BodyIssue } from './body.ts';
import type { FunctionsContent, Say } from './content.ts';
import type { FormFields } from './lead-form.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The fields a visitor fills in, in the order the page shows them (functions.fields.<name>). */
const VISIBLE = ['name', 'email', 'phone', 'service', 'serviceType', 'area', 'message'];
const HIDDEN = ['subject', 'brandName'];

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;color:#0f172a;margin:0;background:#f8fafc}
main{max-width:36rem;margin:0 auto;padding:2rem 1rem}h1{font-size:1.6rem;color:#1e3a8a;margin:0 0 .5rem}
.problems{background:#fef2f2;border:1px solid #fca5a5;border-radius:.5rem;padding:.75rem 1rem}
label{display:block;font-weight:600;margin-top:1rem}input,select,textarea{display:block;width:100%;box-sizing:border-box;
font:inherit;padding:.6rem;border:1px solid #94a3b8;border-radius:.5rem;margin-top:.25rem;background:#fff}
.err{color:#b91c1c;font-size:.9rem;margin:.25rem 0 0}button,.button{display:inline-block;margin-top:1.25rem;padding:.7rem 1.2rem;
border:0;border-radius:.5rem;background:#c2410c;color:#fff;font:inherit;font-weight:700;text-decoration:none}a{color:#1d4ed8}`;

/** What a page is written with: the visitor's language, its words, and the selects' choices. */
export interface PageWords {
  lang: string;
  say: Say;
  choices: FunctionsContent['choices'];
  /** Where the form posts again (the function's own URL path). */
  action: string;
  /** The site's origin ('' when the function is on the same origin), for the links back. */
  siteOrigin: string;
}

function layout(title: string, body: string, words: PageWords): string {
  return `<!doctype html><html lang="${escapeHtml(words.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function control(name: string, value: string, error: string | undefined, words: PageWords): string {
  const id = `f-${name}`;
  const describedBy = error ? ` aria-invalid="true" aria-describedby="${id}-err"` : '';
  const attrs = `id="${id}" name="${name}" required${describedBy}`;
  const choices = name === 'service' || name === 'serviceType' ? words.choices[name] : undefined;
  const options = (list: FunctionsContent['choices']['service']) =>
    [`<option value="">${escapeHtml(words.say(`choose.${name}`))}</option>`, ...list.map((c) => `<option value="${escapeHtml(c.value)}"${c.value === value ? ' selected' : ''}>${escapeHtml(c.label[words.lang] ?? c.value)}</option>`)].join('');
  const input =
    name === 'message'
      ? `<textarea ${attrs} rows="4">${escapeHtml(value)}</textarea>`
      : choices
        ? `<select ${attrs}>${options(choices)}</select>`
        : `<input ${attrs} type="${name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}" value="${escapeHtml(value)}">`;
  return `<label for="${id}">${escapeHtml(words.say(`fields.${name}`))}</label>${input}${error ? `<p class="err" id="${id}-err">${escapeHtml(error)}</p>` : ''}`;
}

/** "Please check your request": the problems, then the form again with what the visitor typed. */
export function invalidLeadPage(fields: FormFields, issues: BodyIssue[], words: PageWords): string {
  const { say } = words;
  const byField = new Map(issues.filter((i) => VISIBLE.includes(i.path)).map((i) => [i.path, i.message]));
  const general = issues.filter((i) => !VISIBLE.includes(i.path)).map((i) => (i.path ? `${i.path}: ${i.message}` : i.message));
  const visible = VISIBLE.filter((n) => fields.has(n) || byField.has(n));
  const hidden = HIDDEN.filter((n) => fields.has(n))
    .map((n) => `<input type="hidden" name="${n}" value="${escapeHtml(fields.get(n)!)}">`)
    .join('');
  const summary = [...byField].map(([n, m]) => `<li><a href="#f-${n}">${escapeHtml(say(`fields.${n}`))}</a>: ${escapeHtml(m)}</li>`);
  summary.push(...general.map((m) => `<li>${escapeHtml(m)}</li>`));
  const contact = `<a href="${escapeHtml(words.siteOrigin)}/contact">${escapeHtml(say('page.contactPage'))}</a>`;
  return layout(
    say('page.check'),
    `<h1>${escapeHtml(say('page.check'))}</h1><p>${escapeHtml(say(issues.length === 1 ? 'page.correctOne' : 'page.correctMany'))}</p>
<div class="problems" role="alert"><ul>${summary.join('')}</ul></div>
<form method="post" action="${escapeHtml(words.action)}">${hidden}${visible.map((n) => control(n, fields.get(n) ?? '', byField.get(n), words)).join('')}
<button type="submit">${escapeHtml(say('page.sendAgain'))}</button></form>
<p>${escapeHtml(say('page.callUs')).replace('{link}', contact)}</p>`,
    words,
  );
}

/** A refusal that is not about the fields (too large, too many requests, not allowed). */
export function refusalPage(title: string, message: string, words: PageWords): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>
<p><a class="button" href="${escapeHtml(words.siteOrigin)}/contact">${escapeHtml(words.say('page.backToContact'))}</a></p>`, words);
}

/** The newsletter's acknowledgement, for a browser without JavaScript. */
export function subscribedPage(words: PageWords): string {
  const { say } = words;
  return layout(say('page.subscribedTitle'), `<h1>${escapeHtml(say('page.subscribed'))}</h1><p>${escapeHtml(say('page.subscribedText'))}</p>
<p><a class="button" href="${escapeHtml(words.siteOrigin)}/blog">${escapeHtml(say('page.backToBlog'))}</a></p>`, words);
}
