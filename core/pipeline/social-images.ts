import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Site } from '#schemas/index.ts';
import type { RouteEntry } from '../page-data/route-entry.ts';

/** The social-image families: each page kind shares one 1200×630 card. */
const TYPES: Record<string, { file: string; headline: (site: Site) => string; kicker: string }> = {
  default: { file: 'default', headline: (s) => `LED, LCD & Smart TV Repair in ${s.address.city}`, kicker: 'Same-day service · Free pickup & delivery · Genuine parts' },
  post: { file: 'blog', headline: () => 'TV Care & Repair Advice', kicker: 'Troubleshooting · Maintenance · Comparisons · Guides' },
  brand: { file: 'brands', headline: (s) => `Every TV Brand Repaired in ${s.address.city}`, kicker: 'Samsung · LG · Sony · Mi · OnePlus · TCL and more' },
  area: { file: 'areas', headline: (s) => `Doorstep TV Repair Across ${s.address.city}`, kicker: 'Free pickup and delivery in your area' },
  'service-center-brand': { file: 'service-center', headline: (s) => `Multi-Brand TV Service Centre, ${s.address.locality}`, kicker: 'Trained technicians · Genuine parts · Warranty' },
};
TYPES['service-center'] = TYPES['service-center-brand']!;
TYPES['blog-index'] = TYPES.post!;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

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

function cardSvg(site: Site, headline: string, kicker: string): string {
  const heading = lines(headline, 26)
    .map((l, i) => `<text x="90" y="${300 + i * 84}" font-size="72" font-weight="800">${esc(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" fill="#fff">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#172554"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/>
<rect x="90" y="110" width="84" height="84" rx="18" fill="#c2410c"/>
<rect x="106" y="130" width="52" height="34" rx="5" fill="none" stroke="#fff" stroke-width="6"/><path d="M121 180h22" stroke="#fff" stroke-width="6" stroke-linecap="round"/>
<text x="196" y="168" font-size="44" font-weight="700">${esc(site.business.name)}</text>
${heading}
<text x="90" y="560" font-size="32" fill="#dbeafe">${esc(kicker)}</text>
</svg>`;
}

/**
 * Render the social images (one per page type) into `outDir/og/`, reusing earlier renders from
 * `cacheDir` (keyed by the SVG's hash), and point every page's meta image at its type's card.
 */
export async function socialImages(site: Site, routes: RouteEntry[], outDir: string, cacheDir: string): Promise<void> {
  mkdirSync(path.join(outDir, 'og'), { recursive: true });
  mkdirSync(cacheDir, { recursive: true });
  const rendered = new Map<string, string>();
  for (const type of new Set(Object.values(TYPES))) {
    const svg = cardSvg(site, type.headline(site), type.kicker);
    const cached = path.join(cacheDir, `${createHash('sha256').update(svg).digest('hex').slice(0, 16)}.png`);
    if (!existsSync(cached)) await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(cached);
    copyFileSync(cached, path.join(outDir, 'og', `${type.file}.png`));
    rendered.set(type.file, `/og/${type.file}.png`);
  }
  for (const route of routes) {
    const type = TYPES[route.data.kind] ?? TYPES.default!;
    const meta = route.data.meta;
    if (!meta.image.url.endsWith(site.socialImage.path)) continue; // a page that chose its own image keeps it
    meta.image = { ...meta.image, url: `${site.origin}${rendered.get(type.file)}`, alt: `${site.business.name} – ${type.headline(site)}` };
  }
}
