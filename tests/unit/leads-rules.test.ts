// One rule per field (supabase/functions/_shared/lead-rules.ts): the migration holds the checks
// made from it, verbatim; the cases of issue 25 (items 1-3) answered as the rules say.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsDb } from '#cli/lib/server/analytics.ts';
import { FORM_FIELDS } from '#functions/_shared/lead-form.ts';
import { codePoints, FIELD_RULES, fieldProblem, leadRulesSql, type LeadField } from '#functions/_shared/lead-rules.ts';
import { MAX_LEAD_BODY_BYTES } from '#functions/_shared/leads-handler.ts';
import { form, QUOTE, SERVICE_REQUEST } from '../support/hostile-leads.ts';
import { makeLeadsHandler, postForm } from '../support/leads-contract.ts';
import { migratedPglite } from '../support/pglite.ts';

const MIGRATIONS = path.resolve('supabase/migrations');

let db: AnalyticsDb;
beforeAll(async () => {
  db = await migratedPglite();
});
afterAll(() => db?.close());

describe('the rules of a lead', () => {
  it('are put on the table by a migration that holds leadRulesSql() verbatim', () => {
    const file = readdirSync(MIGRATIONS).filter((f) => f.endsWith('_leads_rules_and_outbox.sql'));
    expect(file).toHaveLength(1);
    const text = readFileSync(path.join(MIGRATIONS, file[0]!), 'utf8');
    const block = /-- begin generated: leadRulesSql\(\)\n([\s\S]*?)\n-- end generated: leadRulesSql\(\)/.exec(text)?.[1];
    // A changed rule needs a new migration: applied migrations are never edited.
    expect(block).toBe(leadRulesSql());
  });

  it('leave room in the body cap for the largest form they allow', () => {
    const largest = Object.fromEntries(FORM_FIELDS['service-request'].map((f) => [f, FIELD_RULES[f].oneOf ? FIELD_RULES[f].oneOf[0]! : '😀'.repeat(FIELD_RULES[f].max)]));
    expect(new TextEncoder().encode(form(largest)).length).toBeLessThan(MAX_LEAD_BODY_BYTES);
  });

  it('count characters as Postgres does (code points)', () => {
    expect(codePoints('😀'.repeat(100))).toBe(100);
    expect(fieldProblem('name', '😀'.repeat(100))).toBeNull();
    expect(fieldProblem('name', '😀'.repeat(101))).toBe('Your name may be at most 100 characters');
  });

  const post = (fields: Record<string, string>) => makeLeadsHandler(db)(postForm(form(fields), { accept: 'application/json' }));
  const stored = async () => db.query('select name, email, phone, message, area, brand_name from public.leads');

  it('(issue 25.1) take a phone the form takes, of any length up to 30: "+(91) (98290) (12345)" is stored, not a 503', async () => {
    await db.exec('truncate public.leads, public.leads_outbox restart identity');
    const res = await post({ ...QUOTE, name: 'A', email: 'a@example.com', phone: '+(91) (98290) (12345)', message: 'x' });
    expect(res.status).toBe(201);
    expect(await stored()).toEqual([{ name: 'A', email: 'a@example.com', phone: '+(91) (98290) (12345)', message: 'x', area: null, brand_name: null }]);
  });

  it('(issue 25.2) refuse a control character in a phone number, naming the field: CR LF, TAB, VT, FF, U+2028', async () => {
    await db.exec('truncate public.leads, public.leads_outbox restart identity');
    for (const bad of ['98290\r\n12345', '98290\t12345', '98290\u000b12345', '98290\u000c12345', '98290\u202812345', '98290\u00a012345']) {
      const res = await post({ ...QUOTE, phone: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(await res.json()).toEqual({ error: 'Invalid form', issues: [{ path: 'phone', code: 'invalid', message: 'Please enter a phone number such as +91 98290 12345' }] });
    }
    expect(await stored()).toEqual([]);
  });

  it('(issue 25.3) change nothing: spaces at the ends and CR LF are stored as sent', async () => {
    await db.exec('truncate public.leads, public.leads_outbox restart identity');
    const sent = { ...SERVICE_REQUEST, name: '  Meera Joshi ', phone: ' 98290 12345 ', message: ' AC cools poorly.\r\n\r\n', area: 'Vaishali Nagar ' };
    expect((await post(sent)).status).toBe(201);
    expect(await stored()).toEqual([{ name: sent.name, email: sent.email, phone: sent.phone, message: sent.message, area: sent.area, brand_name: 'Samsung' }]);
    // An e-mail address with a space is not an address: refused, not trimmed.
    const res = await post({ ...QUOTE, email: ' asha@gmail.com' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual(['email']);
  });

  it('give each refusal the message of the rule it breaks', () => {
    const cases: [LeadField, string, string | null][] = [
      ['name', ' ', 'Please enter your name'],
      ['name', 'Asha\nVerma', 'Contains a control character (such as a tab or a line break), which this field does not take'],
      ['message', '\r\n\t ', 'Please tell us what is wrong with the TV'],
      ['message', 'line one\r\nline two\ttabbed', null],
      ['message', 'bell\u0007', 'Contains a control character (such as a tab or a line break), which this field does not take'],
      ['phone', '+91 98290 1234', null],
      ['phone', '98290 12345 +', 'Please enter a phone number such as +91 98290 12345'],
      ['phone', '12345', 'Please enter a phone number such as +91 98290 12345'],
      ['phone', `${'9'.repeat(10)}${' '.repeat(21)}`, 'The phone number may be at most 30 characters'],
      ['email', 'a.b+tv@shop.co.in', null],
      ['email', 'asha@gmail', 'Please enter an e-mail address such as name@gmail.com'],
      ['service', 'Screen Repair ', 'Please choose a service'],
    ];
    expect(cases.map(([f, v]) => fieldProblem(f, v))).toEqual(cases.map((c) => c[2]));
  });
});
