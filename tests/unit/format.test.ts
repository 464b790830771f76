import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { LoadContext } from '#core/content/context.ts';
import { readMessages } from '#core/content/messages.ts';
import { SiteSchema } from '#schemas/site.ts';
import { formatDate } from '#src/i18n/translate.ts';
import { formatPrice, indianNumber } from '#src/lib/format.ts';

// Written by hand so that a build process (and a phone) does not load ICU's locale data: each must
// write what Intl's formats write (prices as en-IN groups them; dates in the page's language).
describe('prices and dates read as Intl writes them', () => {
  test('whole numbers group as toLocaleString("en-IN") groups them', () => {
    const numbers = [0, 7, 99, 399, 999, 1000, 1499, 12500, 99999, 100000, 123456, 1234567, 12345678, 123456789, 1e12, Number.MAX_SAFE_INTEGER, -1, -1234, -123456];
    for (let n = 1; n < 1e15; n = n * 7 + 3) numbers.push(n);
    for (const n of numbers) expect(indianNumber(n), String(n)).toBe(n.toLocaleString('en-IN'));
    expect(formatPrice(12500)).toBe('₹12,500');
    expect(formatPrice(1499.5)).toBe(`₹${(1499.5).toLocaleString('en-IN')}`);
  });

  test('every day of 1999–2032 in a catalogue’s words, as Intl writes a long date in its language where the business is', () => {
    const codes = SiteSchema.parse(parse(readFileSync('content/site.yaml', 'utf8'))).languages;
    const { messages, languages } = readMessages(new LoadContext(path.resolve('content'), path.resolve('.')), codes)!;
    const monthsOf = (code: string) => Object.entries(messages[code]!).filter(([key]) => key.startsWith('format.months.'));
    // A catalogue whose months are still the default language's words is not translated yet (a
    // --go-live problem): it writes dates as the default language does, and is compared as such.
    const [first] = languages;
    for (const { code, locale } of languages) {
      const translated = code === first!.code || JSON.stringify(monthsOf(code)) !== JSON.stringify(monthsOf(first!.code));
      const intl = new Intl.DateTimeFormat((translated ? locale : first!.locale).replace('_', '-'), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
      for (let t = Date.UTC(1999, 0, 1); t < Date.UTC(2033, 0, 1); t += 86_400_000) {
        const iso = new Date(t).toISOString().slice(0, 10);
        expect(formatDate(iso, messages[code]!), `${code} ${iso}`).toBe(intl.format(new Date(t)));
      }
    }
  });
});
