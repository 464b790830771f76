import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { mediaDirOf, prepareSite } from '#core/pipeline/prepare.ts';
import { renderSocialCard } from '#core/pipeline/social-images.ts';

const work = mkdtempSync(path.join(tmpdir(), 'site-media-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const files = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(path.join(dir, f)).isFile()).sort() : []);
const prepare = (contentDir: string, cacheDir: string) => prepareSite({ root: path.resolve('.'), contentDir, cacheDir, buildDate: '2026-01-01' });

describe('pictures and social cards are kept with the content (decision 064)', () => {
  test('a build makes the missing ones into content/_media once; the next one, with an empty build cache, makes none', async () => {
    const content = path.join(work, 'content');
    cpSync(path.resolve('content'), content, { recursive: true });
    rmSync(mediaDirOf(content), { recursive: true, force: true });

    const first = await prepare(content, path.join(work, 'cache-1'));
    if (!first.ok) throw new Error('the content has problems');
    const { images, imageCacheDir, cards, cardDir } = first.site;
    expect(imageCacheDir.startsWith(mediaDirOf(content))).toBe(true);
    expect(images.length).toBeGreaterThan(0);
    for (const name of images) expect(existsSync(path.join(imageCacheDir, name)), name).toBe(true);
    for (const card of cards.values()) await renderSocialCard(card, cardDir);
    const made = files(mediaDirOf(content));
    const stamps = made.map((f) => statSync(path.join(mediaDirOf(content), f)).mtimeMs);

    const second = await prepare(content, path.join(work, 'cache-2'));
    if (!second.ok) throw new Error('the content has problems');
    for (const card of second.site.cards.values()) await renderSocialCard(card, second.site.cardDir);
    expect(files(mediaDirOf(content))).toEqual(made);
    expect(made.map((f) => statSync(path.join(mediaDirOf(content), f)).mtimeMs)).toEqual(stamps);
  }, 300_000);

  test('the repository’s content/_media holds every picture variant and card its content uses (commit them with their image)', async () => {
    const content = path.join(work, 'checkout');
    cpSync(path.resolve('content'), content, { recursive: true });
    const committed = files(mediaDirOf(content));
    const prepared = await prepare(content, path.join(work, 'cache-3'));
    if (!prepared.ok) throw new Error('the content has problems');
    for (const card of prepared.site.cards.values()) await renderSocialCard(card, prepared.site.cardDir);
    // Nothing had to be made: a checkout builds without encoding a picture.
    expect(files(mediaDirOf(content))).toEqual(committed);
  }, 300_000);
});
