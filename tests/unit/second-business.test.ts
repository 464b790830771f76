// A second business in another trade and city (tests/fixtures/ac-repair: AC and refrigerator repair
// in Pune), built by the engine that builds the TV shop (issue 36). Its pages say only what its
// content says: the URL patterns, PIN, prices and figures, form choices, feed, 404 texts,
// structured data and social cards all come from it, and nothing of a TV shop in Jaipur
// (tests/fixtures/content, built beside it) shows, nor anything of it on the TV shop's pages.
// Every expectation is read from the fixtures.

import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { readBuiltFunctionsContent } from '#core/pipeline/functions-content.ts';
import { buildSite } from '#core/pipeline/index.ts';
import { prepareSite, cacheDirOf } from '#core/pipeline/prepare.ts';
import type { Site } from '#schemas/index.ts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ModelsSection } from '#src/components/sections.tsx';
import { formatPrice } from '#src/lib/format.ts';
import { site as cli } from '../support/cli.ts';
import { TV_SHOP } from '../support/functions-content.ts';
import { CONTACT, form, SERVICE_REQUEST } from '../support/hostile-leads.ts';
import { makeLeadsHandler, postForm } from '../support/leads-contract.ts';
import { migratedPglite } from '../support/pglite.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FIXTURE = path.join(ROOT, 'tests/fixtures/ac-repair');
const TV_FIXTURE = path.join(ROOT, 'tests/fixtures/content');
const work = mkdtempSync(path.join(tmpdir(), 'site-second-business-'));
const content = path.join(work, 'content');
const dist = path.join(work, 'dist');
const tvContent = path.join(work, 'tv', 'content');
const tvDist = path.join(work, 'tv', 'dist');

const yaml = <T>(file: string): T => parse(readFileSync(path.join(FIXTURE, file), 'utf8')) as T;
const SITE = yaml<Site & { prices: Site['prices'] }>('site.yaml');
/** The fixture's catalogue, flattened to dotted keys as the loader flattens it. */
const WORDS: Record<string, string> = (() => {
  const out: Record<string, string> = {};
  const walk = (v: unknown, at: string[]) => (typeof v === 'string' ? void (out[at.join('.')] = v) : Object.entries(v as object).forEach(([k, c]) => walk(c, [...at, k])));
  walk(yaml('messages/en.yaml'), []);
  return out;
})();
const fill = (key: string, vars: Record<string, string>) => WORDS[key]!.replace(/\{(\w+)\}/g, (_, k: string) => vars[k]!);
const page = (file: string) => readFileSync(path.join(dist, file), 'utf8');
/** The text of the HTML's elements, tags dropped. */
const text = (html: string) => html.replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ');
/** The value of a hidden field of the form that follows `from` (an attribute of the form or of what holds it) on a page. */
const hidden = (html: string, from: string, name: string) => new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html.slice(html.indexOf(from)))?.[1];
/** The forms of the pages: the quote dialog (on every page), the contact form, a brand's request form. */
const QUOTE = 'id="quote-dialog"';
const CONTACT_FORM = 'id="contact-form"';
/** A brand's request form: the only one with a brandName, its subject just before it. */
const requestForm = (html: string) => {
  const [, subject, brandName] = /name="subject" value="([^"]*)"\/><input type="hidden" name="brandName" value="([^"]*)"/.exec(html) ?? [];
  return { subject: subject!, brandName: brandName! };
};
const options = (html: string, name: string) =>
  [...(new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? '').matchAll(/<option value="([^"]*)"[^>]*>([^<]*)</g)].map((m) => [m[1], m[2]]);

/** A page of the fixture that states prices and a founding year, for `site check`. */
const FACTS_POST = `---
id: "facts"
slug: prices-this-summer
title: Prices This Summer
excerpt: What a gas refill and a service cost this summer, and what a noisy fan costs to fix.
date: "2026-05-01"
author: Sanjay Kulkarni
category: Guides
image: { src: /images/blog/guides.png, alt: A price list on a workshop wall, width: 1200, height: 675 }
meta:
  title: AC Repair Prices This Summer in Pune
  description: What a gas refill, a wet service and a noisy fan cost to fix in Pune this summer, with the written quote you get first.
  keywords: [ac repair price pune]
---

A gas refill costs ₹999 this month.

A noisy fan? Sound checks start from ${formatPrice(SITE.prices[0]!.amount)}.

We have been cooling homes in ${SITE.address.city} since ${SITE.founded - 1}.
`;

beforeAll(async () => {
  cpSync(FIXTURE, content, { recursive: true });
  writeFileSync(path.join(content, 'blog', 'prices-this-summer.mdx'), FACTS_POST);
  const report = await buildSite({ root: ROOT, contentDir: content, outDir: dist });
  expect(report.problems).toEqual([]);
  cpSync(TV_FIXTURE, tvContent, { recursive: true });
  const tv = await buildSite({ root: ROOT, contentDir: tvContent, outDir: tvDist });
  expect(tv.problems).toEqual([]);
}, 600_000);

/** What the files of a content folder say: their values and bodies, comments left out. */
const contentText = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.(ya?ml|mdx?)$/.test(d.name))
    .map((d) => {
      const text = readFileSync(path.join(d.parentPath, d.name), 'utf8');
      const front = /^---\n([\s\S]*?)\n---\n/.exec(text);
      return front ? `${JSON.stringify(parse(front[1]!))}\n${text.slice(front[0].length)}` : JSON.stringify(parse(text));
    })
    .join('\n');
/**
 * The words by which a business's pages would show it: those of its name, title and description,
 * its city, region and locality, each of two letters or more, and not written anywhere in the content
 * of `other` (so they cannot be the other's own words).
 */
function ownWords(dir: string, other: string): string[] {
  const facts = parse(readFileSync(path.join(dir, 'site.yaml'), 'utf8')) as Site;
  const theirs = new Set(contentText(other).toLowerCase().match(/\p{L}+/gu));
  const text = [facts.business.name, facts.business.title, facts.business.description, facts.business.founder.bio, facts.address.city, facts.address.region, facts.address.locality].join(' ');
  return [...new Set(text.match(/\p{L}{2,}/gu))].filter((w) => !theirs.has(w.toLowerCase()));
}
/** The built files of `out` that name one of `words` (whole words, in any case). */
function naming(out: string, words: string[]): string[] {
  const pattern = new RegExp(`(?<!\\p{L})(${words.join('|')})(?!\\p{L})`, 'iu');
  const files = readdirSync(out, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.(html|xml|json|txt|svg)$|^_(headers|redirects)$/.test(d.name))
    .map((d) => path.join(d.parentPath, d.name));
  expect(files.length).toBeGreaterThan(10);
  return files.flatMap((f) => {
    const m = pattern.exec(readFileSync(f, 'utf8'));
    return m ? [`${path.relative(out, f)}: ${m[0]}`] : [];
  });
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a second business, from its content alone', () => {
  test('no page, feed, sitemap or text file of one business names the other: its trade, city, region or locality', () => {
    const tv = ownWords(tvContent, content);
    const ac = ownWords(content, tvContent);
    // The words the issue lists for the TV shop are among them, read from its content.
    for (const w of ['TV', 'LED', 'LCD', 'OLED', 'QLED', 'televisions', 'Jaipur', 'Rajasthan', 'Mansarovar']) expect(tv).toContain(w);
    expect(ac.length).toBeGreaterThan(3);
    expect(naming(dist, tv)).toEqual([]);
    expect(naming(tvDist, ac)).toEqual([]);
  });

  test('brand and area pages are at the URLs of its own slugs, and `site new` makes new ones from its archetypes\' pattern', async () => {
    const slugOf = (file: string) => /^slug: "?([^"\n]+)"?$/m.exec(readFileSync(path.join(FIXTURE, file), 'utf8'))![1]!;
    for (const file of ['brands/daikin.mdx', 'areas/kothrud.mdx']) expect(existsSync(path.join(dist, `${slugOf(file)}.html`)), file).toBe(true);
    // The breadcrumb spells the URL's words as the page's title does ("AC"), not as a list of the TV trade's acronyms.
    expect(page(`${slugOf('brands/daikin.mdx')}.html`)).toContain('"position":2,"name":"Daikin AC Repair"');
    const made = await cli('new', 'brand', 'voltas', '--content', content);
    expect(made.code).toBe(0);
    const pattern = slugOf('_archetypes/brand.mdx').replace('{{slug}}', 'voltas');
    expect(pattern).not.toBe('voltas');
    expect(readFileSync(path.join(content, 'brands/voltas.mdx'), 'utf8')).toContain(`slug: "${pattern}"`);
    expect(made.stderr).toContain(`/${pattern}`);
    rmSync(path.join(content, 'brands/voltas.mdx'));
  });

  test('its area\'s PIN (any Indian PIN) is in the area page\'s structured data', () => {
    const pin = /^pincode: "(\d+)"$/m.exec(readFileSync(path.join(FIXTURE, 'areas/kothrud.mdx'), 'utf8'))![1]!;
    expect(page('ac-repair-kothrud.html')).toContain(`"postalCode":"${pin}"`);
  });

  test('its prices and figures are the lists of its site.yaml', () => {
    const services = text(page('services.html'));
    for (const price of SITE.prices) expect(services).toContain(fill('serviceDetail.from', { price: formatPrice(price.amount) }));
    expect(services).toContain(SITE.stats.jobs);
    expect(text(page('testimonials.html'))).toContain(SITE.stats.jobsLastYear);
    expect(text(page('index.html'))).toContain(fill('home.whyChoose.repaired.title', { jobs: SITE.stats.jobs }));
  });

  test('`site check` holds its pages to its own prices and city: a named price with another amount, a founding year "in <city>"', async () => {
    const { code, stdout } = await cli('check', dist, '--content', content, '--json');
    expect(code).toBe(1);
    const problems = (JSON.parse(stdout) as { problems: { rule: string; message: string; expected?: string; received?: string; url?: string }[] }).problems;
    const [gas] = SITE.prices;
    expect(problems.map((p) => [p.rule, p.url?.replace(SITE.origin, ''), p.received])).toEqual([
      ['fact-price', '/blog/prices-this-summer', '"₹999"'],
      ['fact-years', '/blog/prices-this-summer', `"since ${SITE.founded - 1}"`],
    ]);
    expect(problems[0]).toMatchObject({ message: `the page states a ${gas!.label} price other than content/site.yaml`, expected: `₹${gas!.amount} (prices: ${gas!.id})` });
  });

  test('the contact form offers its services, and the brand form the products that brand offers', () => {
    const services = yaml<{ id: string; title: string }[]>('services.yaml');
    expect(options(page('contact.html'), 'service')).toEqual([
      ['', WORDS['forms.contact.service.placeholder']],
      ...SITE.forms.services.map((id) => services.find((s) => s.id === id)!.title).map((t) => [t, t]),
      [WORDS['forms.contact.service.other'], WORDS['forms.contact.service.other']],
    ]);
    const brand = yaml<{ id: string; services: Record<string, string> }>('service-center/daikin.yaml');
    const offered = Object.keys(SITE.products).filter((id) => brand.services[id]);
    expect(offered.length).toBeGreaterThan(1);
    expect(options(page(`service-center/${brand.id}.html`), 'serviceType')).toEqual([
      ['', WORDS['forms.serviceRequest.serviceType.placeholder']],
      ...offered.map((id) => [id, WORDS[`serviceCenter.brand.products.${id}`]]),
    ]);
  });

  test('its leads function, given what its build kept for it, stores a lead for each choice its forms offer and refuses another (no code edit, no migration)', async () => {
    const functions = readBuiltFunctionsContent(dist)!;
    expect(functions.site).toEqual({ name: SITE.business.name, origin: SITE.origin });
    const db = await migratedPglite();
    try {
      const h = makeLeadsHandler(db, { rateLimit: { burst: 1e9, perSecond: 1 } }, [], undefined, undefined, functions);
      // Each option of its pages' selects, as a form sends it: [the choice, the form's fields].
      const contact = { ...CONTACT, subject: hidden(page('contact.html'), CONTACT_FORM, 'subject')! };
      const brandPage = page('service-center/daikin.html');
      const request = { ...SERVICE_REQUEST, ...requestForm(brandPage) };
      const offered: [string, Record<string, string>][] = [
        ...options(page('contact.html'), 'service').map(([v]): [string, Record<string, string>] => [v!, { ...contact, service: v! }]),
        ...options(brandPage, 'serviceType').map(([v]): [string, Record<string, string>] => [v!, { ...request, serviceType: v! }]),
      ];
      // The placeholders ("") are refused: a choice must be made.
      expect(await Promise.all(offered.map(async ([v, f]) => [v, (await h(postForm(form(f)))).status]))).toEqual(offered.map(([v]) => [v, v ? 303 : 400]));
      // A service of the TV shop's, which this business does not offer.
      const [theirs] = TV_SHOP.choices.service.map((c) => c.value).filter((v) => !functions.choices.service.some((c) => c.value === v));
      const refused = await h(postForm(form({ ...contact, service: theirs! }), { accept: 'application/json' }));
      expect([refused.status, await refused.json()]).toMatchObject([400, { issues: [{ path: 'service', message: WORDS['functions.rules.notChosen.service'] }] }]);
      expect((await db.query('select count(*)::int as n from public.leads'))[0]!.n).toBe(offered.filter(([v]) => v).length);
    } finally {
      await db.close();
    }
  });

  test('its forms send the subjects of its catalogue, which its leads function takes, and not the TV shop\'s', async () => {
    const subjects = {
      quote: hidden(page('index.html'), QUOTE, 'subject'),
      contact: hidden(page('contact.html'), CONTACT_FORM, 'subject'),
      serviceRequest: requestForm(page('service-center/daikin.html')).subject,
    };
    const brand = requestForm(page('service-center/daikin.html')).brandName;
    expect(subjects).toEqual({ quote: WORDS['functions.subject.quote'], contact: WORDS['functions.subject.contact'], serviceRequest: fill('functions.subject.serviceRequest', { brand }) });
    const db = await migratedPglite();
    try {
      const h = makeLeadsHandler(db, { rateLimit: { burst: 1e9, perSecond: 1 } }, [], undefined, undefined, readBuiltFunctionsContent(dist)!);
      const quote = { name: 'Asha Patil', email: 'asha@gmail.com', phone: '+91 98220 12345', message: 'The AC does not cool' };
      expect((await h(postForm(form({ ...quote, subject: subjects.quote! })))).status).toBe(303);
      // The TV shop's subject is not one of this site's forms.
      const theirs = await h(postForm(form({ ...quote, subject: TV_SHOP.messages[TV_SHOP.languages[0]!]!['subject.quote']! }), { accept: 'application/json' }));
      expect([theirs.status, await theirs.json()]).toMatchObject([400, { issues: [{ path: 'subject', message: WORDS['functions.form.unknown'] }] }]);
      expect((await db.query('select subject from public.leads')).map((r) => r.subject)).toEqual([subjects.quote]);
    } finally {
      await db.close();
    }
  });

  test('a brand\'s models list shows the icon its content chose, and a list without one a neutral mark, not a TV', () => {
    const file = readFileSync(path.join(FIXTURE, 'brands/daikin.mdx'), 'utf8');
    const { slug, sections } = parse(file.split(/^---$/m)[1]!) as { slug: string; sections: { type: string; icon?: string; items: { name: string }[] }[] };
    const models = sections.find((s) => s.type === 'models')!;
    expect(models.icon).toBeDefined();
    /** The icon drawn beside each model's name on a page. */
    const iconsOf = (html: string, names: string[]) => names.map((n) => new RegExp(`#([\\w-]+)"></use></svg><span><span class="block font-semibold text-ink">${n}<`).exec(html)?.[1]);
    const names = models.items.map((m) => m.name);
    expect(iconsOf(page(`${slug}.html`), names)).toEqual(names.map(() => models.icon));
    // The same section with no icon named: the mark every trade can use.
    const plain = renderToStaticMarkup(createElement(ModelsSection, { section: { ...models, icon: undefined } as never }));
    expect(iconsOf(plain, names)).toEqual(names.map(() => 'check'));
  });

  test('its owner\'s dashboard is rendered in its words, and carries to the browser its dashboard.* words and no others', () => {
    const html = page('analytics.html');
    const island = JSON.parse(/<script type="application\/json" id="island-analytics">([\s\S]*?)<\/script>/.exec(html)![1]!) as { words: Record<string, string> };
    expect(island.words).toEqual(Object.fromEntries(Object.entries(WORDS).filter(([k]) => k.startsWith('dashboard.'))));
    for (const key of ['dashboard.timeZone', 'dashboard.loading']) expect(text(html)).toContain(WORDS[key]);
  });

  test('its feed, 404 pages, structured data and service-centre pages speak its words', () => {
    const business = SITE.business.name;
    const rss = page('rss.xml');
    expect(rss).toContain(`<title>${fill('blog.feed.title', { business })}</title>`);
    expect(rss).toContain(`<description>${fill('blog.feed.description', { business, city: SITE.address.city })}</description>`);
    expect(page('index.html')).toContain(`title="${fill('blog.feed.title', { business })}"`);
    expect(page('404.html')).toContain(`<meta name="description" content="${fill('notFound.meta.description', { business })}"/>`);
    expect(page('blog/404.html')).toContain(`<title>${WORDS['notFound.post.meta.title']} | ${SITE.business.title}</title>`);
    expect(page('daikin-ac-repair.html')).toContain(`"serviceType":"${WORDS['seo.serviceType']}"`);
    const products = Object.keys(SITE.products).map((id) => WORDS[`serviceCenter.brand.meta.${id}`]).join(', ');
    expect(page('service-center/daikin.html')).toContain(`content="${fill('serviceCenter.brand.meta.description', { brand: 'Daikin', products, city: SITE.address.city })}"`);
    expect(text(page('blog.html'))).toContain(fill('links.areaRepair', { area: 'Kothrud' }));
  });

  test('its social cards draw its name, its words and its logo (the generator\'s neutral mark: it has none of its own)', async () => {
    const prepared = await prepareSite({ root: ROOT, contentDir: content, cacheDir: cacheDirOf(ROOT), buildDate: '2026-11-27' });
    if (!prepared.ok) throw new Error('the fixture does not load');
    const brands = prepared.site.cards.get('brand')!;
    expect(brands.svg).toContain(SITE.business.name);
    expect(brands.svg).toContain(fill('socialCards.brand.kicker', {}));
    expect(brands.alt).toBe(fill('socialCards.alt', { business: SITE.business.name, headline: fill('socialCards.brand.headline', { city: SITE.address.city }) }));
    expect(page('daikin-ac-repair.html')).toContain(`<meta property="og:image:alt" content="${brands.alt}"/>`);
    const logo = readFileSync(path.join(ROOT, 'public/logo.svg'));
    expect(brands.svg).toContain(`data:image/svg+xml;base64,${logo.toString('base64')}`);
    expect(readFileSync(path.join(dist, 'logo.svg')).equals(logo)).toBe(true);
    expect(page('index.html')).toMatch(/<link rel="icon" href="\/logo\.svg" type="image\/svg\+xml"\/>[\s\S]*<header[\s\S]*<img src="\/logo\.svg" alt=""/);
  });
});
