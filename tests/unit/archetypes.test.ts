import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderCollections, type FolderCollectionName } from '#schemas/index.ts';
import { fillArchetype, readNewEntry } from '#core/content/archetype.ts';

const dir = path.resolve(import.meta.dirname, '../../content/_archetypes');
const names = Object.keys(folderCollections) as FolderCollectionName[];

/** What `site new <kind> <name>` writes for a collection: its archetype with the placeholders filled. */
function filled(collection: FolderCollectionName, name: string, title: string) {
  const { archetype } = folderCollections[collection];
  const text = fillArchetype(readFileSync(path.join(dir, archetype.file), 'utf8'), { slug: archetype.slug(name), name: title, title, date: '2025-07-03' });
  return { text, ...readNewEntry(collection, `content/${folderCollections[collection].dir}/${name}${path.extname(archetype.file)}`, text) };
}

describe('archetypes filled by `site new` are valid with no hand edits', () => {
  it.each(names)('%s', (collection) => {
    const { text, data, problems } = collection === 'blog' ? filled(collection, 'how-to-clean-a-tv-screen', 'How to clean a TV screen') : filled(collection, 'haier', 'Haier');
    expect(problems).toEqual([]);
    expect(data).toBeDefined();
    expect(text).not.toContain('{{');
  });

  it('each new entry gets its URL from its collection', () => {
    const route = (c: FolderCollectionName, name: string) => (folderCollections[c].route as (d: unknown) => string)(filled(c, name, 'A long enough title').data);
    expect(route('brands', 'haier')).toBe('/haier-tv-repair');
    expect(route('areas', 'bani-park')).toBe('/tv-repair-bani-park');
    expect(route('blog', 'how-to-clean-a-tv-screen')).toBe('/blog/how-to-clean-a-tv-screen');
    expect(route('serviceCenter', 'haier')).toBe('/service-center/haier');
  });

  it('an unknown placeholder is left for the reader to see', () => {
    expect(fillArchetype('{{slug}} {{colour}}', { slug: 's', name: 'n', title: 't', date: 'd' })).toBe('s {{colour}}');
  });
});
