// The functions take their choices and words from content/ (issue 36, items 2 and 4): the leads
// function accepts exactly the choices a business's site offers, and every sentence it shows is
// a message of the catalogues. Two businesses of tests/fixtures/ (the TV shop, and AC and
// refrigerator repair in Pune) go through the same code; nothing here names a choice or a word.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Db } from '#functions/_shared/db.ts';
import { wordsOf, type FunctionsContent } from '#functions/_shared/content.ts';
import { FORM_FIELDS, subjectOf } from '#functions/_shared/lead-form.ts';
import { FIELD_RULES, type LeadField } from '#functions/_shared/lead-rules.ts';
import type { Site } from '#schemas/index.ts';
import { fixtureFunctionsContent, TV_SHOP } from '../support/functions-content.ts';
import { CONTACT, form, SERVICE_REQUEST } from '../support/hostile-leads.ts';
import { makeLeadsHandler, postForm } from '../support/leads-contract.ts';
import { migratedPglite } from '../support/pglite.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const AC_SHOP = await fixtureFunctionsContent('ac-repair');
const BUSINESSES: [string, FunctionsContent][] = [
  ['tests/fixtures/content', TV_SHOP],
  ['tests/fixtures/ac-repair', AC_SHOP],
];

let db: Db;
beforeAll(async () => {
  db = await migratedPglite();
});
afterAll(() => db?.close());

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`);

/** A catalogue's messages flattened to dotted keys, as the loader flattens them. */
function flat(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (v: unknown, at: string[]) => (typeof v === 'string' ? void (out[at.join('.')] = v) : Object.entries(v as object).forEach(([k, c]) => walk(c, [...at, k])));
  walk(parse(readFileSync(file, 'utf8')), []);
  return out;
}

/**
 * Every key the functions say: the literal ones in their sources, and those made from the rules
 * (a field's label and problems, a select's placeholder).
 */
function keysTheFunctionsSay(): string[] {
  const dir = path.join(ROOT, 'supabase/functions/_shared');
  const literal = readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .flatMap((f) => [...readFileSync(path.join(dir, f), 'utf8').matchAll(/'((?:alert|page|refusal|form)\.[A-Za-z0-9.]+)'/g)].map((m) => m[1]!));
  const fields = Object.keys(FIELD_RULES) as LeadField[];
  const shown = [...new Set(Object.values(FORM_FIELDS).flat())].filter((f) => f !== 'subject' && f !== 'brandName');
  const made = [
    ...fields.flatMap((f) => (FIELD_RULES[f].choice ? [`rules.notChosen.${f}`] : [`rules.tooLong.${f}`, ...FIELD_RULES[f].tests.map((t) => t.message)])),
    ...shown.map((f) => `fields.${f}`),
    ...fields.filter((f) => FIELD_RULES[f].choice).map((f) => `choose.${f}`),
  ];
  return [...new Set([...literal, ...made])].sort();
}

describe('the functions\' words', () => {
  it('are in every catalogue of every business: content/, the starter of `site init`, and the fixtures', () => {
    const keys = keysTheFunctionsSay();
    // The sources name the alert's, the pages' and the refusals' words.
    for (const group of ['alert.', 'page.', 'refusal.', 'form.', 'rules.', 'fields.', 'choose.']) expect(keys.some((k) => k.startsWith(group)), group).toBe(true);
    const catalogues = ['content', 'starter', 'tests/fixtures/content', 'tests/fixtures/ac-repair'].flatMap((dir) =>
      readdirSync(path.join(ROOT, dir, 'messages')).map((f) => path.join(dir, 'messages', f)),
    );
    const missing = catalogues.flatMap((file) => {
      const words = flat(path.join(ROOT, file));
      return keys.filter((k) => typeof words[`functions.${k}`] !== 'string').map((k) => `${file}: functions.${k}`);
    });
    expect(missing).toEqual([]);
  });

  it('are each business\'s own: its catalogue\'s text, placeholders filled', () => {
    for (const [dir, content] of BUSINESSES) {
      const words = flat(path.join(ROOT, dir, 'messages/en.yaml'));
      const say = wordsOf(content);
      expect(say('rules.empty.message')).toBe(words['functions.rules.empty.message']);
      expect(say('alert.name', { name: 'Asha' })).toBe(words['functions.alert.name']!.replace('{name}', 'Asha'));
    }
    expect(wordsOf(TV_SHOP)('rules.empty.message')).not.toBe(wordsOf(AC_SHOP)('rules.empty.message'));
  });
});

/** A form's fields with the subject the business's pages send (its catalogue's functions.subject.*). */
const sentBy = (content: FunctionsContent, fields: Record<string, string>) => ({
  ...fields,
  subject: subjectOf(content, 'brandName' in fields ? 'service-request' : 'service' in fields ? 'contact' : 'quote', fields.brandName),
});

describe('the pages the leads function answers a browser with', () => {
  for (const [dir, content] of BUSINESSES) {
    const other = BUSINESSES.find(([d]) => d !== dir)![1];
    it(`${dir}: the newsletter's thank-you and a refusal say what its catalogue says, not another business's words`, async () => {
      await db.exec('truncate public.leads, public.leads_outbox restart identity');
      const h = makeLeadsHandler(db, { rateLimit: { burst: 1e9, perSecond: 1 } }, [], undefined, undefined, content);
      const [say, theirs] = [wordsOf(content), wordsOf(other)];
      expect(say('page.subscribedText')).not.toBe(theirs('page.subscribedText'));
      const thanks = await h(postForm(form({ email: 'reader@gmail.com' })));
      expect(thanks.status).toBe(200);
      const html = await thanks.text();
      for (const key of ['page.subscribedTitle', 'page.subscribed', 'page.subscribedText', 'page.backToBlog']) expect(html).toContain(escapeHtml(say(key)));
      expect(html).not.toContain(escapeHtml(theirs('page.subscribedText')));
      const empty = await (await h(postForm(form({ ...sentBy(content, CONTACT), message: ' ' })))).text();
      expect(empty).toContain(escapeHtml(say('rules.empty.message')));
      expect(empty).not.toContain(escapeHtml(theirs('rules.empty.message')));
    });
  }
});

describe('the forms\' choices', () => {
  it('are what the business\'s site.yaml offers: the contact form\'s services (then "Other"), the products of its published service centres', () => {
    for (const [dir, content] of BUSINESSES) {
      const site = parse(readFileSync(path.join(ROOT, dir, 'site.yaml'), 'utf8')) as Site;
      const services = parse(readFileSync(path.join(ROOT, dir, 'services.yaml'), 'utf8')) as { id: string; title: string }[];
      const other = flat(path.join(ROOT, dir, 'messages/en.yaml'))['forms.contact.service.other'];
      expect(content.choices.service.map((c) => c.value)).toEqual([...site.forms.services.map((id) => services.find((s) => s.id === id)!.title), other]);
      const centres = readdirSync(path.join(ROOT, dir, 'service-center')).map((f) => parse(readFileSync(path.join(ROOT, dir, 'service-center', f), 'utf8')) as { services: Record<string, string> });
      const offered = Object.keys(site.products).filter((id) => centres.some((c) => c.services[id]));
      expect(content.choices.serviceType.map((c) => c.value)).toEqual(offered);
    }
  });

  for (const [dir, content] of BUSINESSES) {
    const other = BUSINESSES.find(([d]) => d !== dir)![1];
    const values = (c: FunctionsContent, field: 'service' | 'serviceType') => c.choices[field].map((x) => x.value);
    const foreign = (field: 'service' | 'serviceType') => values(other, field).filter((v) => !values(content, field).includes(v));

    it(`${dir}: a lead for each choice it offers is stored (303); one another business offers is refused with a 400 that says why, and nothing is stored`, async () => {
      await db.exec('truncate public.leads, public.leads_outbox restart identity');
      const h = makeLeadsHandler(db, { rateLimit: { burst: 1e9, perSecond: 1 } }, [], undefined, undefined, content);
      const say = wordsOf(content);
      const sent: [string, string][] = [];
      for (const [field, base] of [['service', sentBy(content, CONTACT)], ['serviceType', sentBy(content, SERVICE_REQUEST)]] as const) {
        for (const value of values(content, field)) {
          const res = await h(postForm(form({ ...base, [field]: value })));
          expect([field, value, res.status]).toEqual([field, value, 303]);
          sent.push([field, value]);
        }
        expect(foreign(field).length, `${field}: another business offers a choice this one does not`).toBeGreaterThan(0);
        for (const value of foreign(field)) {
          const page = await h(postForm(form({ ...base, [field]: value })));
          expect([field, value, page.status]).toEqual([field, value, 400]);
          const html = await page.text();
          expect(html).toContain(say(`rules.notChosen.${field}`));
          // The form again, with this business's choices and none of the other's.
          for (const label of content.choices[field].map((c) => c.label.en!)) expect(html).toContain(`>${escapeHtml(label)}</option>`);
          const theirs = other.choices[field].filter((c) => foreign(field).includes(c.value)).map((c) => c.label.en!);
          for (const label of theirs) expect(html).not.toContain(`>${escapeHtml(label)}</option>`);
          const json = await h(postForm(form({ ...base, [field]: value }), { accept: 'application/json' }));
          expect([json.status, await json.json()]).toEqual([400, { error: say('form.invalid'), issues: [{ path: field, code: 'invalid', message: say(`rules.notChosen.${field}`) }] }]);
        }
      }
      const rows = await db.query('select service, service_type from public.leads order by id');
      expect(rows.map((r) => (r.service !== null ? ['service', r.service] : ['serviceType', r.service_type]))).toEqual(sent);
    });
  }
});
