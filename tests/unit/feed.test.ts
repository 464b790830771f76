import { describe, expect, test } from 'vitest';
import { FEED_ITEMS, rssFeed } from '#core/pipeline/feed.ts';
import type { RouteEntry } from '#core/page-data/route-entry.ts';
import type { Site } from '#schemas/index.ts';

const site = { origin: 'https://tv.example', business: { name: 'TV Care' }, address: { city: 'Jaipur' } } as unknown as Site;
/** A post route with what the feed reads: its card, body's HTML and path. */
const post = (n: number, date: string) =>
  ({
    path: `/blog/post-${n}`,
    data: {
      kind: 'post',
      card: { title: `Post ${n}`, date, author: 'A', category: 'Guides', excerpt: 'An excerpt.', image: { src: '/_img/a.png' } },
      body: `<p>Body ${n}</p>`,
    },
  }) as unknown as RouteEntry;

/** The feed's words, as a catalogue of content/messages gives them. */
const WORDS = { 'blog.feed.title': '{business} – Notes', 'blog.feed.description': 'Advice from {business} in {city}.' };

describe('the RSS feed (decision 066)', () => {
  test('its title and description are the messages\', with the business and its city', () => {
    const xml = rssFeed(site, [post(1, '2024-01-01')], { hreflang: 'en-IN' }, WORDS);
    expect(xml).toContain(`<title>${site.business.name} – Notes</title>`);
    expect(xml).toContain(`<description>Advice from ${site.business.name} in ${site.address.city}.</description>`);
  });

  test(`holds the ${FEED_ITEMS} newest posts, newest first, each with its full text`, () => {
    // Dates out of order, more posts than the feed holds.
    const routes = Array.from({ length: FEED_ITEMS + 15 }, (_, i) => post(i, `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`));
    const xml = rssFeed(site, routes, { hreflang: 'en-IN' }, WORDS);
    const links = [...xml.matchAll(/<link>https:\/\/tv\.example(\/blog\/post-\d+)<\/link>/g)].map((m) => m[1]);
    const newest = [...routes].sort((a, b) => (b.data as { card: { date: string } }).card.date.localeCompare((a.data as { card: { date: string } }).card.date)).slice(0, FEED_ITEMS);
    expect(links).toEqual(newest.map((r) => r.path));
    expect(xml.match(/<content:encoded>/g)).toHaveLength(FEED_ITEMS);
    expect(xml).toContain(`<content:encoded><![CDATA[<p>Body ${links[0]!.slice('/blog/post-'.length)}</p>]]></content:encoded>`);
  });

  test('a blog with fewer posts lists them all', () => {
    const xml = rssFeed(site, [post(1, '2024-01-01'), post(2, '2024-02-01')], { hreflang: 'en-IN' }, WORDS);
    expect([...xml.matchAll(/<item>/g)]).toHaveLength(2);
    expect(xml.indexOf('/blog/post-2')).toBeLessThan(xml.indexOf('/blog/post-1'));
  });
});
