import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';

/** Every .ts/.tsx file under src/, with its text. */
function sources(dir = 'src'): { file: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) ? [{ file: p, text: readFileSync(p, 'utf8') }] : [];
  });
}

/** Lines of code, comments removed (doc comments may show examples of a format). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

describe('src/ keeps business facts in content/ (STYLE.md "Pages and components")', () => {
  const site = parse(readFileSync('content/site.yaml', 'utf8'));
  const facts = [
    site.contact.phone,
    site.contact.phone.replace('+91', ''),
    site.contact.email,
    ...(site.prices as { amount: number }[]).map((p) => `₹${p.amount}`),
    site.hours.primary.opens,
    site.hours.primary.closes,
    site.warranty.primary.label,
    site.warranty.primary.badge,
  ];

  test('no component or page spells a phone number, price, hours, warranty or e-mail of site.yaml', () => {
    const found = sources().flatMap(({ file, text }) => facts.filter((f) => code(text).includes(f)).map((f) => `${file}: ${f}`));
    expect(found).toEqual([]);
  });

  test('no tel: number, rupee amount or ten-digit number is written in src/', () => {
    const found = sources().flatMap(({ file, text }) =>
      [...code(text).matchAll(/tel:\+?\d|₹\s?\d|(?<![\w.-])\d{10}(?!\d)/g)].map((m) => `${file}: ${m[0]}`),
    );
    expect(found).toEqual([]);
  });
});

test('no useId() in src/: the server renders the whole document and the browser hydrates islands alone, so generated ids would differ', () => {
  const found = sources().filter(({ text }) => /\buseId\s*\(/.test(code(text))).map(({ file }) => file);
  expect(found).toEqual([]);
});

test('no button is given a colour on top of its variant: the class that wins would depend on the stylesheet order', () => {
  const colour = /\b(?:hover:)?(?:bg|text|border)-(?:white|black|ink|muted|line|surface|brand|accent|chat|slate|amber|green|orange)(?:-\d+)?\b/;
  const found = sources().flatMap(({ file, text }) =>
    [...code(text).matchAll(/buttonClass\(\s*[^,)]+,\s*(['"`])(.*?)\1/g), ...code(text).matchAll(/<(?:ButtonLink|Button)\b[^>]*?\bclassName="([^"]*)"/g)]
      .map((m) => m.at(-1)!)
      .filter((classes) => colour.test(classes))
      .map((classes) => `${file}: "${classes}"`),
  );
  expect(found).toEqual([]);
});

test('one spelling of "Service Centre" (the site writes Indian English): no "Service Center" in screens or English content', () => {
  const english = [...sources(), ...sources('core'), ...['content/messages/en.yaml', 'content/pages.yaml', 'content/services.yaml'].map((file) => ({ file, text: readFileSync(file, 'utf8') }))];
  const found = english.filter(({ text }) => /Service Center\b/.test(text)).map(({ file }) => file);
  expect(found).toEqual([]);
});
