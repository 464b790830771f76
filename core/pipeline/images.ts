import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { folderCollections } from '#schemas/index.ts';
import type { PictureImage } from '#src/contract/site.ts';
import { writeWhole } from '../content/cache.ts';
import { mapDeep } from '../content/facts.ts';
import type { Content, Entry } from '../content/types.ts';

/** The widths a content image is offered at (never wider than its original). */
export const WIDTHS = [480, 800, 1200];
const RASTER = /\.(png|jpe?g|webp|avif)$/i;

type Format = 'avif' | 'webp' | 'jpeg' | 'png';
const EXT: Record<Format, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png' };
/** How each format is encoded: with sharp's version, part of the cache key (a change re-encodes every image once). */
const ENCODE = { avif: { quality: 55, effort: 4 }, webp: { quality: 75 }, png: { palette: true }, jpeg: { quality: 78, mozjpeg: true } } as const;

/**
 * The folder of this encoder's variants: a variant is made once per source, width and these
 * settings (sharp's version and its libraries' among them), not once per build.
 */
export function imageEncoder(): string {
  return createHash('sha256').update(JSON.stringify({ ENCODE, sharp: sharp.versions })).digest('hex').slice(0, 12);
}

function isImage(v: unknown): v is PictureImage {
  const o = v as Record<string, unknown> | null;
  return !!o && typeof o === 'object' && typeof o.src === 'string' && typeof o.alt === 'string' && typeof o.width === 'number' && typeof o.height === 'number';
}

/** `value` with every image object replaced by `replace` (mapDeep: most of the content, a post's text fields, has none and stays shared). */
const mapImages = (value: unknown, replace: (image: PictureImage) => PictureImage): unknown => mapDeep(value, (part) => (isImage(part) ? replace(part) : part));

/**
 * Every local raster image in the content goes through sharp: AVIF and WebP at each width with a
 * fallback in the original format, made once into `cacheDir` (named by the source's hash; the caller
 * names the folder by imageEncoder()), all images side by side. Returns the content with each image
 * object given its real width and height, `srcset` and `sources` for <picture>, pointing at /_img/,
 * and the files to copy into dist/_img/. Only the entries' data is walked (not their
 * parsed sources); the input is left as it was.
 */
export async function processImages<T extends Content>(content: T, publicDir: string, cacheDir: string): Promise<{ content: T; files: string[] }> {
  const files = new Set<string>();
  mkdirSync(cacheDir, { recursive: true });

  const variantsOf = async (src: string) => {
    const file = path.join(publicDir, src);
    if (!src.startsWith('/') || !RASTER.test(src) || !existsSync(file)) return undefined;
    const input = readFileSync(file);
    const hash = createHash('sha256').update(input).digest('hex').slice(0, 10);
    const meta = await sharp(input).metadata();
    const original = { width: meta.width!, height: meta.height! };
    const fallbackFormat: Format = meta.format === 'png' ? 'png' : 'jpeg';
    const widths = [...new Set([...WIDTHS.filter((w) => w < original.width), Math.min(original.width, WIDTHS.at(-1)!)])];
    const base = path.basename(src).replace(RASTER, '');
    const srcset = { avif: [], webp: [], jpeg: [], png: [] } as Record<Format, string[]>;
    const encodes: Promise<unknown>[] = [];
    for (const w of widths) {
      for (const format of ['avif', 'webp', fallbackFormat] as Format[]) {
        const name = `${base}-${hash}-${w}.${EXT[format]}`;
        const cached = path.join(cacheDir, name);
        if (!existsSync(cached)) {
          // Written whole: a build stopped mid-encode leaves no half file under the real name.
          encodes.push(sharp(input).resize({ width: w }).toFormat(format, ENCODE[format]).toBuffer().then((data) => writeWhole(cached, data)));
        }
        files.add(name);
        srcset[format].push(`/_img/${name} ${w}w`);
      }
    }
    // sharp encodes on libuv's threads: the variants of an image (and the images) are made side by side.
    await Promise.all(encodes);
    const largest = widths.at(-1)!;
    return {
      width: largest,
      height: Math.round((original.height * largest) / original.width),
      srcset: Object.fromEntries(Object.entries(srcset).map(([k, v]) => [k, v.join(', ')])) as Record<Format, string>,
      fallback: `/_img/${base}-${hash}-${largest}.${EXT[fallbackFormat]}`,
      fallbackFormat,
    };
  };

  const mapContent = (of: Content, replace: (image: PictureImage) => PictureImage): Content =>
    Object.fromEntries(
      Object.entries(of).map(([key, value]) => [
        key,
        key in folderCollections
          ? (value as Entry<unknown>[]).map((e) => ({ ...e, data: mapImages(e.data, replace) }))
          : key === 'translations' && value
            ? (value as Content[]).map((t) => mapContent(t, replace))
            : mapImages(value, replace),
      ]),
    ) as unknown as Content;
  const sources = new Set<string>();
  mapContent(content, (image) => (sources.add(image.src), image));
  const done = new Map(await Promise.all([...sources].map(async (src) => [src, await variantsOf(src)] as const)));
  const replace = (image: PictureImage): PictureImage => {
    const v = done.get(image.src);
    if (!v) return image;
    return {
      ...image,
      width: v.width,
      height: v.height,
      src: v.fallback,
      srcset: v.srcset[v.fallbackFormat],
      sources: [
        { type: 'image/avif', srcset: v.srcset.avif },
        { type: 'image/webp', srcset: v.srcset.webp },
      ],
    };
  };
  return { content: mapContent(content, replace) as T, files: [...files].sort() };
}
