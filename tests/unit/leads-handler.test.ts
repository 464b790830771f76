// The leads function on PGlite: the shared contract (tests/support/leads-contract.ts) and the form
// parser's refusals.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#functions/_shared/db.ts';
import { parseFormBody } from '#functions/_shared/lead-form.ts';
import { describeLeadsContract, describeLeadsRowLevelSecurity } from '../support/leads-contract.ts';
import { migratedPglite } from '../support/pglite.ts';

let db: Db;

beforeAll(async () => {
  db = await migratedPglite();
});

afterAll(async () => {
  await db?.close();
});

describeLeadsContract('PGlite', () => db);
describeLeadsRowLevelSecurity('PGlite', () => db);

describe('parseFormBody', () => {
  const parse = (s: string) => parseFormBody(new TextEncoder().encode(s));

  it('decodes + and percent escapes as browsers encode them, keeping every character', () => {
    expect(parse('name=R%C4%81m+Kumar&msg=a%26b%3Dc&empty=&flag')).toEqual({
      fields: new Map([
        ['name', 'Rām Kumar'],
        ['msg', 'a&b=c'],
        ['empty', ''],
        ['flag', ''],
      ]),
    });
  });

  it('refuses what URLSearchParams would silently alter', () => {
    expect(parse('a=%FF')).toMatchObject({ issue: { code: 'invalid_encoding' } });
    expect(parse('a=%ED%A0%80')).toMatchObject({ issue: { code: 'invalid_encoding' } });
    expect(parse('a=1&a=2')).toMatchObject({ issue: { code: 'duplicate', path: 'a' } });
    expect(parse('a=%00')).toMatchObject({ issue: { code: 'invalid_string' } });
  });
});
