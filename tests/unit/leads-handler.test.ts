// The leads function on PGlite: the shared contract (tests/support/leads-contract.ts), the form
// parser's refusals, and forwarding's retry rules.

import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, pgliteDb, type AnalyticsDb } from '#cli/lib/server/analytics.ts';
import { forwardLead } from '#functions/_shared/forward.ts';
import { parseFormBody } from '#functions/_shared/lead-form.ts';
import { describeLeadsContract, describeLeadsRowLevelSecurity } from '../support/leads-contract.ts';

let db: AnalyticsDb;

beforeAll(async () => {
  db = pgliteDb(await PGlite.create());
  await applyMigrations(db);
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

describe('forwardLead', () => {
  const answers = (...statuses: number[]) => {
    const calls: number[] = [];
    const fn = (async () => {
      const status = statuses[calls.length] ?? 200;
      calls.push(status);
      return new Response(null, { status });
    }) as unknown as typeof fetch;
    return { fn, calls };
  };

  it('does not retry a 4xx that would only be refused again', async () => {
    const { fn, calls } = answers(422);
    expect(await forwardLead([['email', 'a@b.in']], { url: 'https://forms.example/x', backoffMs: [1] }, fn)).toEqual({ ok: false, attempts: 1, error: 'HTTP 422' });
    expect(calls).toEqual([422]);
  });

  it('retries a 429 and a network error, and counts a redirect as delivered', async () => {
    let n = 0;
    const fn = (async () => {
      n++;
      if (n === 1) throw new TypeError('fetch failed');
      return new Response(null, { status: n === 2 ? 429 : 303 });
    }) as unknown as typeof fetch;
    expect(await forwardLead([['email', 'a@b.in']], { url: 'https://forms.example/x', backoffMs: [1] }, fn)).toEqual({ ok: true, attempts: 3 });
  });
});
