// One rule per field (supabase/functions/_shared/lead-rules.ts): the migration holds the checks
// made from it, verbatim; the cases of issue 25 (items 1-3) answered as the rules say.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#functions/_shared/db.ts';
import { FORM_FIELDS } from '#functions/_shared/lead-form.ts';
import { BLANK_RANGES, codePoints, constraintOf, FIELD_RULES, fieldProblem, leadRulesSql, type LeadField } from '#functions/_shared/lead-rules.ts';
import { MAX_LEAD_BODY_BYTES } from '#functions/_shared/leads-handler.ts';
import { form, QUOTE, SERVICE_REQUEST } from '../support/hostile-leads.ts';
import { say, TV_SHOP } from '../support/functions-content.ts';
import { makeLeadsHandler, postForm } from '../support/leads-contract.ts';
import { migratedPglite } from '../support/pglite.ts';

const MIGRATIONS = path.resolve('supabase/migrations');

let db: Db;
beforeAll(async () => {
  db = await migratedPglite();
});
afterAll(() => db?.close());

describe('the rules of a lead', () => {
  it('are put on the table by the latest migration that sets them, which holds leadRulesSql() verbatim', () => {
    const generated = /-- begin generated: leadRulesSql\(\)\n([\s\S]*?)\n-- end generated: leadRulesSql\(\)/;
    const files = readdirSync(MIGRATIONS).filter((f) => /^\d{14}_.+\.sql$/.test(f)).sort();
    const setting = files.filter((f) => generated.test(readFileSync(path.join(MIGRATIONS, f), 'utf8')));
    expect(setting.length).toBeGreaterThan(0);
    // A changed rule needs a new migration: applied migrations are never edited.
    expect(generated.exec(readFileSync(path.join(MIGRATIONS, setting.at(-1)!), 'utf8'))?.[1]).toBe(leadRulesSql());
  });

  it('leave room in the body cap for the largest form they allow', () => {
    const largest = Object.fromEntries(FORM_FIELDS['service-request'].map((f) => [f, '😀'.repeat(FIELD_RULES[f].max)]));
    expect(new TextEncoder().encode(form(largest)).length).toBeLessThan(MAX_LEAD_BODY_BYTES);
  });

  it('count characters as Postgres does (code points)', () => {
    expect(codePoints('😀'.repeat(100))).toBe(100);
    expect(fieldProblem('name', '😀'.repeat(100))).toBeNull();
    expect(fieldProblem('name', '😀'.repeat(101))).toBe('rules.tooLong.name');
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
      expect(await res.json()).toEqual({ error: say('form.invalid'), issues: [{ path: 'phone', code: 'invalid', message: say('rules.phone') }] });
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

  it('give each refusal the message of the rule it breaks (a key of the catalogues\' functions.rules)', () => {
    const [choice] = TV_SHOP.choices.service.map((c) => c.value);
    const cases: [LeadField, string, string | null][] = [
      ['name', ' ', 'rules.empty.name'],
      ['name', 'Asha\nVerma', 'rules.control'],
      ['message', '\r\n\t ', 'rules.empty.message'],
      ['message', 'line one\r\nline two\ttabbed', null],
      ['message', 'bell\u0007', 'rules.control'],
      ['phone', '+91 98290 1234', null],
      ['phone', '98290 12345 +', 'rules.phone'],
      ['phone', '12345', 'rules.phone'],
      ['phone', `${'9'.repeat(10)}${' '.repeat(21)}`, 'rules.tooLong.phone'],
      ['email', 'a.b+tv@shop.co.in', null],
      ['email', 'asha@gmail', 'rules.email'],
      ['service', choice!, null],
      ['service', `${choice} `, 'rules.notChosen.service'],
      ['serviceType', '', 'rules.notChosen.serviceType'],
    ];
    const choices = { service: TV_SHOP.choices.service.map((c) => c.value), serviceType: TV_SHOP.choices.serviceType.map((c) => c.value) } as Record<string, string[]>;
    expect(cases.map(([f, v]) => fieldProblem(f, v, choices[f]))).toEqual(cases.map((c) => c[2]));
  });

  /** Whether public.leads takes `value` in `column` (a valid quote otherwise; rolled back), or the constraint that refused it. */
  async function table(column: string, value: string): Promise<true | string> {
    const rollback = new Error('rollback');
    const row: Record<string, string> = { kind: 'quote', name: 'Asha', email: 'a@b.in', phone: '9829012345', message: 'No picture', subject: 'New Quote Request from Website', [column]: value };
    const cols = Object.keys(row);
    try {
      await db.transaction(async (tx) => {
        await tx.query(`insert into public.leads (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(row));
        throw rollback;
      });
    } catch (error) {
      if (error === rollback) return true;
      const e = error as { code?: string; constraint?: string; message: string };
      if (e.code === '23514') return e.constraint ?? /constraint "([^"]+)"/.exec(e.message)?.[1] ?? e.message;
      throw error;
    }
    throw new Error('unreachable');
  }

  it('(issue 38, item 4) the phone\'s limits, in the function and in the table: 9 and 14 digits refused, 10 and 13 accepted', async () => {
    // The limits as the spec gives them, whatever the rule's text: a rule and its migration changed
    // together (to {9,13}, say) still fail here.
    const written = (n: number) => ['9'.repeat(n), `+${'9'.repeat(2)} ${'8'.repeat(n - 2)}`, `(${'0'.repeat(3)}) ${'7'.repeat(n - 3)}`];
    for (const [n, ok] of [[9, false], [10, true], [13, true], [14, false]] as const) {
      for (const phone of written(n)) {
        expect([phone, fieldProblem('phone', phone) === null]).toEqual([phone, ok]);
        expect([phone, await table('phone', phone)]).toEqual([phone, ok ? true : constraintOf('phone')]);
      }
    }
  });

  it('(issue 38, N6) a name, message, area or brand of only white space or invisible characters is refused, in the function and in the table', async () => {
    const blanks = ['\u00a0', '\u200b', '\u3000', '\u00a0\u200b\u3000 ', '\u2060\ufeff', '\u{e0041}\u{e0042}', '\u{1d173}', '\u3164', '\u2800', '\u180e', '\u00ad'];
    for (const field of ['name', 'message', 'area', 'brandName'] as const) {
      for (const blank of blanks) {
        expect([field, blank, fieldProblem(field, blank)]).toEqual([field, blank, `rules.empty.${field}`]);
        expect([field, blank, await table(FIELD_RULES[field].column, blank)]).toEqual([field, blank, constraintOf(field)]);
      }
      // One visible character among them is a value.
      expect(fieldProblem(field, '\u00a0A\u200b')).toBeNull();
      expect(await table(FIELD_RULES[field].column, '\u00a0A\u200b')).toBe(true);
    }
  });

  it('(issue 38, N6) count as blank every character Unicode calls white space, default-ignorable or format (Cf), but the drawn number signs', () => {
    const property = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}]/u;
    // Cf characters that are drawn: the Arabic, Syriac and Kaithi number and end-of-ayah signs.
    const drawn = new Set([0x600, 0x601, 0x602, 0x603, 0x604, 0x605, 0x6dd, 0x70f, 0x890, 0x891, 0x8e2, 0x110bd, 0x110cd]);
    const blank = (c: number) => BLANK_RANGES.some(([a, b]) => c >= a && c <= b);
    const missing: string[] = [];
    for (let c = 1; c <= 0x10ffff; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      if (property.test(String.fromCodePoint(c)) && !drawn.has(c) && !blank(c)) missing.push(c.toString(16));
    }
    expect(missing).toEqual([]);
    for (const c of drawn) expect(blank(c)).toBe(false);
  });
});
