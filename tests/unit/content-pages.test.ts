import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BlogIndexData, LandingData, PostData } from '#src/contract/pages.ts';
import { fillDeep, pageFacts } from '#core/content/facts.ts';
import { fillFacts as fill } from '#src/lib/format.ts';
import { loadContent } from '#core/content/load.ts';
import { buildSiteIndex } from '#core/page-data/site-index.ts';

const root = path.resolve(import.meta.dirname, '../fixtures');
const loaded = await loadContent(path.join(root, 'content'), root);
const index = buildSiteIndex(loaded.content!, loaded.ctx, '2025-07-03');
const route = (p: string) => index.routes.find((r) => r.path === p)!;

describe('pages built from the content collections', () => {
  it('makes one route per file, with the kinds the footer and home page read', () => {
    const kinds = index.routes.filter((r) => ['brand', 'area', 'post', 'service-center-brand'].includes(r.data.kind)).map((r) => `${r.data.kind} ${r.path}`);
    expect(kinds).toEqual([
      'brand /lg-tv-repair',
      'area /led-tv-repair-malviya-nagar',
      'service-center-brand /service-center/samsung',
      'post /blog/why-is-there-sound-but-no-picture',
      'post /blog/how-to-clean-a-tv-screen',
    ]);
    expect(index.site.nav.brands).toEqual([{ href: '/lg-tv-repair', label: 'LG' }]);
    expect(index.site.nav.areas).toEqual([{ href: '/led-tv-repair-malviya-nagar', label: 'Malviya Nagar' }]);
  });

  it('a post is found by its id too (a redirect), and its body is HTML with the facts filled in', () => {
    const post = route('/blog/why-is-there-sound-but-no-picture');
    expect(post.aliases).toEqual(['/blog/1']);
    const data = post.data as PostData;
    expect(data.body).toBe('<p>Shine a torch at the screen. Repairs start at ₹399; see <a href="/services#screen-repair">screen repair</a>.</p>');
    expect(data.meta.jsonLd.map((j) => j['@type'])).toEqual(['BlogPosting', 'BreadcrumbList', 'WebPage']);
    expect(data.related).toEqual([]);
  });

  it('a brand grid lists the brand pages but not the page itself; hero, areas served', () => {
    const area = route('/led-tv-repair-malviya-nagar').data as LandingData;
    expect(area.sections.find((s) => s.type === 'brand-grid')).toMatchObject({ tiles: [{ href: '/lg-tv-repair', label: 'LG' }] });
    expect(area.meta.jsonLd[0]).toMatchObject({ '@type': 'Service', name: 'LED TV Repair in Malviya Nagar', areaServed: [{ name: 'Malviya Nagar, Jaipur', address: { postalCode: '302017' } }] });
    // Derived from the path, each word capitalised, with the acronyms people write in capitals.
    expect(area.meta.breadcrumb).toEqual([{ label: 'LED TV Repair Malviya Nagar' }]);
  });

  it('the blog index features the first post and lists the rest in its grid', () => {
    const blog = route('/blog').data as BlogIndexData;
    expect(blog.featured?.slug).toBe('why-is-there-sound-but-no-picture');
    expect(blog.grid.map((card) => card.slug)).toEqual(['how-to-clean-a-tv-screen']);
    expect(blog.pagination).toEqual({ page: 1, pages: 1 });
  });

  it('sections have their own not-found pages', () => {
    expect(index.notFound.map((n) => `${n.dir} ${n.data.kind}`)).toEqual(['/ not-found', '/blog post-not-found', '/service-center brand-not-found']);
  });

  it('{warranty} reads the page\'s own warranty when it names one (the Vu page)', () => {
    const site = loaded.content!.site;
    const price = site.prices[0]!;
    const messages = loaded.content!.messages;
    expect(fill(`{warranty}, {years}, from {price.${price.id}}`, pageFacts(site, undefined, messages))).toBe(`${site.warranty.primary.label}, ${site.stats.years}, from ₹${price.amount}`);
    expect(fill('{warranty}', pageFacts(site, 'vu', messages))).toBe(site.warranty.alternatives.vu!.label);
  });
});

describe('fillDeep', () => {
  const facts = { prices: { powerSupply: 1499, motherboard: 2499, audio: 999 }, warranty: '90-day warranty', hours: 'h', phone: '+91 98765 43210', years: '12+', founded: '2012', business: 'Sample TV Care', city: 'Jaipur' };

  it('fills every string, and leaves the value it was given as it was', () => {
    const value = { title: 'Call {phone}', tags: ['a', 'from {price.powerSupply}'], nested: { plain: 'x', n: 3, deep: [{ t: '{city}' }] } };
    const before = structuredClone(value);
    expect(fillDeep(value, facts)).toEqual({ title: 'Call +91 98765 43210', tags: ['a', 'from ₹1,499'], nested: { plain: 'x', n: 3, deep: [{ t: 'Jaipur' }] } });
    expect(value).toEqual(before);
  });

  it('returns what has no placeholder as it is, not a copy', () => {
    const plain = { title: 'No facts here', tags: ['a', 'b'], nested: { n: 1 } };
    expect(fillDeep(plain, facts)).toBe(plain);
    const mixed = { a: { b: 'x' }, c: '{city}' };
    const filled = fillDeep(mixed, facts);
    expect(filled).not.toBe(mixed);
    expect(filled.a).toBe(mixed.a);
  });
});
