import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Site } from '#schemas/index.ts';
import { logoUrl } from '#src/lib/format.ts';
import type { Messages } from '#src/contract/site.ts';
import { translate } from '#src/i18n/translate.ts';
import type { RouteEntry, SiteIndex } from '../page-data/route-entry.ts';
import { writeWhole } from '../content/cache.ts';
import { escapeXml } from './escape.ts';
import sharp from 'sharp';

/** The social-image families: each page kind shares one 1200×630 card, worded by the messages' socialCards.<key>. */
const TYPES: Record<string, { file: string; key: string }> = {
  default: { file: 'default', key: 'default' },
  post: { file: 'blog', key: 'post' },
  brand: { file: 'brands', key: 'brand' },
  area: { file: 'areas', key: 'area' },
  'service-center-brand': { file: 'service-center', key: 'serviceCenter' },
};
TYPES['service-center'] = TYPES['service-center-brand']!;
TYPES['blog-index'] = TYPES.post!;

/** Break a headline into lines of at most `max` characters. */
function lines(text: string, max: number): string[] {
  const out: string[] = [];
  for (const word of text.split(' ')) {
    const last = out.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= max) out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  return out;
}

function cardSvg(site: Site, headline: string, kicker: string, logo: string): string {
  // 72 px bold is some 47 px a character: 22 fit the 1,110 px right of the margin (26 ran off the card).
  const heading = lines(headline, 22)
    .map((l, i) => `<text x="90" y="${300 + i * 84}" font-size="72" font-weight="800">${escapeXml(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" fill="#fff">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#172554"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/>
<image x="90" y="110" width="84" height="84" href="${logo}"/>
<text x="196" y="168" font-size="44" font-weight="700">${escapeXml(site.business.name)}</text>
${heading}
<text x="90" y="560" font-size="32" fill="#dbeafe">${escapeXml(kicker)}</text>
</svg>`;
}

/**
 * The logo a site shows: site.yaml's `business.logo` in content/, else the generator's plain mark
 * (the project's public/logo.svg, or this checkout's for a project without one), and its URL.
 */
export function logoOf(site: Site, contentDir: string, root: string): { file: string; url: string } {
  const { logo } = site.business;
  const plain = [path.join(root, 'public', 'logo.svg'), fileURLToPath(new URL('../../public/logo.svg', import.meta.url))].find(existsSync)!;
  return { file: logo ? path.join(contentDir, logo) : plain, url: logoUrl(site) };
}

/** One social card: the PNG at `url` (under /og/) drawn from `svg`. */
export type SocialCard = { file: string; url: string; alt: string; svg: string };

/** The social cards of a site, by page kind (pages of other kinds use the default card), in the words of `messages`, with the logo of `logoFile`. */
export function socialCards(site: Site, messages: Messages, logoFile: string): Map<string, SocialCard> {
  const logo = `data:image/${logoFile.endsWith('.png') ? 'png' : 'svg+xml'};base64,${readFileSync(logoFile).toString('base64')}`;
  const { name: business } = site.business;
  const { city, locality } = site.address;
  const cards = new Map<string, SocialCard>();
  for (const [kind, type] of Object.entries(TYPES)) {
    const headline = translate(messages, `socialCards.${type.key}.headline`, { business, city, locality });
    const kicker = translate(messages, `socialCards.${type.key}.kicker`, { business, city, locality });
    const alt = translate(messages, 'socialCards.alt', { business, headline });
    cards.set(kind, { file: `${type.file}.png`, url: `/og/${type.file}.png`, alt, svg: cardSvg(site, headline, kicker, logo) });
  }
  return cards;
}

/** The index with every page that shows the site's default social image pointed at its kind's card. */
export function withSocialImages(index: SiteIndex, cards: Map<string, SocialCard>): SiteIndex {
  const { site } = index.site;
  const point = <R extends RouteEntry>(route: R): R => {
    const card = cards.get(route.data.kind) ?? cards.get('default')!;
    const meta = route.data.meta;
    if (!meta.image.url.endsWith(site.socialImage.path)) return route; // a page that chose its own image keeps it
    return { ...route, data: { ...route.data, meta: { ...meta, image: { ...meta.image, url: `${site.origin}${card.url}`, alt: card.alt } } } };
  };
  return { ...index, routes: index.routes.map(point), notFound: index.notFound.map(point) };
}

/** The PNG of a card, rendered once into `cacheDir` (named by its SVG's hash); returns its path there. */
export async function renderSocialCard(card: SocialCard, cacheDir: string): Promise<string> {
  const cached = path.join(cacheDir, `${createHash('sha256').update(card.svg).digest('hex').slice(0, 16)}.png`);
  if (!existsSync(cached)) writeWhole(cached, await sharp(Buffer.from(card.svg)).png({ compressionLevel: 9, palette: true }).toBuffer());
  return cached;
}

/** Write every card's PNG into `outDir/og/`. */
export async function writeSocialImages(cards: Map<string, SocialCard>, outDir: string, cacheDir: string): Promise<void> {
  mkdirSync(path.join(outDir, 'og'), { recursive: true });
  for (const card of new Map([...cards.values()].map((c) => [c.file, c])).values()) {
    copyFileSync(await renderSocialCard(card, cacheDir), path.join(outDir, 'og', card.file));
  }
}
