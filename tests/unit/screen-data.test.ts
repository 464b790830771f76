import { describe, expect, it } from 'vitest';
import { areaCells, servicesAndAreas } from '#core/page-data/contact.ts';
import type { Content } from '#core/content/types.ts';
import type { RouteEntry } from '#core/page-data/route-entry.ts';

const route = (path: string, kind: string, name: string, navLabel?: string) =>
  ({ path, kind, navLabel, source: { file: 'x', line: 1 }, sitemap: true, data: { kind, meta: { name } } }) as unknown as RouteEntry;

const collected = [
  route('/led-tv-repair-malviya-nagar', 'area', 'LED TV Repair in Malviya Nagar', 'Malviya Nagar'),
  route('/tv-repair-c-scheme', 'area', 'C-Scheme'),
  route('/samsung-tv-repair', 'brand', 'Samsung'),
  route('/blog', 'blog-index', 'Blog'),
];

const content = {
  areasServed: [
    { name: 'Malviya Nagar' },
    { name: 'C Scheme' },
    { name: 'Bani Park' },
    { name: 'Samsung' },
    { name: 'Sodala', link: '/blog' },
    { name: 'Muhana', link: '/no-such-page' },
  ],
  services: [
    { id: 'a', title: 'A', main: true },
    { id: 'b', title: 'B', main: false },
  ],
  messages: { 'links.areaRepair': 'TV Repair in {area}' },
  language: { code: 'en', prefix: '' },
  languages: { list: [{ code: 'en', prefix: '' }], hrefs: { en: {} } },
} as unknown as Content;

describe('the contact page data', () => {
  it('links an area served only when an area page (or its own link) exists', () => {
    expect(areaCells(content, collected)).toEqual([
      { name: 'Malviya Nagar', href: '/led-tv-repair-malviya-nagar' },
      { name: 'C Scheme', href: '/tv-repair-c-scheme' },
      { name: 'Bani Park' },
      { name: 'Samsung' },
      { name: 'Sodala', href: '/blog' },
      { name: 'Muhana' },
    ]);
  });

  it('lists main services, then area pages, under "Our Services & Popular Repair Areas"', () => {
    expect(servicesAndAreas(content, collected)).toEqual([
      { href: '/services#a', title: 'A', type: 'service' },
      { href: '/led-tv-repair-malviya-nagar', title: 'TV Repair in Malviya Nagar', type: 'location' },
      { href: '/tv-repair-c-scheme', title: 'TV Repair in C-Scheme', type: 'location' },
    ]);
  });
});
