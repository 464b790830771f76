import type { Site } from '#schemas/index.ts';
import type { Language, Messages } from '#src/contract/site.ts';
import { translate } from '#src/i18n/translate.ts';
import { byCodePoint } from '../page-data/blog.ts';
import { routesOf, type RouteEntry } from '../page-data/route-entry.ts';
import { escapeXml } from './escape.ts';

export const FEED_PATH = '/rss.xml';
/**
 * Posts in the feed: the newest, as feed readers poll it. Readers show only what is new, and a feed
 * of every post in full text grows with the blog, in every poll and in the build's memory.
 */
export const FEED_ITEMS = 50;

const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
const rfc822 = (isoDate: string) => new Date(`${isoDate}T00:00:00+05:30`).toUTCString();

/** RSS 2.0 of the blog in one language (`routes`: its pages): the FEED_ITEMS newest published posts, newest first, with their full text; its title and description are the language's messages. */
export function rssFeed(site: Site, routes: RouteEntry[], language: Pick<Language, 'hreflang'>, messages: Messages): string {
  const posts = routesOf(routes, 'post')
    .sort((a, b) => byCodePoint(b.data.card.date, a.data.card.date))
    .slice(0, FEED_ITEMS);
  const newest = posts.map((p) => p.data.updated ?? p.data.card.date).sort().at(-1);
  const items = posts.map((p) => {
    const url = `${site.origin}${p.path}`;
    const c = p.data.card;
    const image = c.image.src.startsWith('/') ? `${site.origin}${c.image.src}` : c.image.src;
    const html = p.data.body;
    return [
      '    <item>',
      `      <title>${escapeXml(c.title)}</title>`,
      `      <link>${escapeXml(url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `      <pubDate>${rfc822(c.date)}</pubDate>`,
      `      <dc:creator>${escapeXml(c.author)}</dc:creator>`,
      `      <category>${escapeXml(c.category)}</category>`,
      `      <description>${escapeXml(c.excerpt)}</description>`,
      `      <enclosure url="${escapeXml(image)}" type="image/${/\.png$/i.test(image) ? 'png' : /\.webp$/i.test(image) ? 'webp' : 'jpeg'}" length="0"/>`,
      html ? `      <content:encoded>${cdata(html)}</content:encoded>` : '',
      '    </item>',
    ]
      .filter(Boolean)
      .join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    '  <channel>',
    `    <title>${escapeXml(translate(messages, 'blog.feed.title', { business: site.business.name }))}</title>`,
    `    <link>${escapeXml(`${site.origin}/blog`)}</link>`,
    `    <atom:link href="${escapeXml(`${site.origin}${FEED_PATH}`)}" rel="self" type="application/rss+xml"/>`,
    `    <description>${escapeXml(translate(messages, 'blog.feed.description', { business: site.business.name, city: site.address.city }))}</description>`,
    `    <language>${escapeXml(language.hreflang)}</language>`,
    newest ? `    <lastBuildDate>${rfc822(newest)}</lastBuildDate>` : '',
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}
