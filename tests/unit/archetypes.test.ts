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
  const text = fillArchetype(readFileSync(path.join(dir, archetype.file), 'utf8'), { slug: name, name: title, title, date: '2025-07-03' });
  return { text, ...readNewEntry(collection, `content/${folderCollections[collection].dir}/${name}${path.extname(archetype.file)}`, text) };
}

describe('archetypes filled by `site new` are valid with no hand edits', () => {
  it.each(names)('%s', (collection) => {
    const { text, data, problems } = collection === 'blog' ? filled(collection, 'how-to-book-a-visit', 'How to book a visit') : filled(collection, 'acme', 'Acme');
    expect(problems).toEqual([]);
    expect(data).toBeDefined();
    expect(text).not.toContain('{{');
  });

  it('each new entry gets its URL from the slug: line of its archetype (the trade\'s URL pattern is content)', () => {
    const route = (c: FolderCollectionName, name: string) => (folderCollections[c].route as (d: unknown) => string)(filled(c, name, 'A long enough title').data);
    /** The archetype's own pattern, {{slug}} filled with the name. */
    const pattern = (c: FolderCollectionName, name: string) => {
      const text = readFileSync(path.join(dir, folderCollections[c].archetype.file), 'utf8');
      return /^(?:slug|id): "(.*)"$/m.exec(text)![1]!.replace('{{slug}}', name);
    };
    expect(pattern('brands', 'acme')).not.toBe('acme');
    expect(route('brands', 'acme')).toBe(`/${pattern('brands', 'acme')}`);
    expect(route('areas', 'old-town')).toBe(`/${pattern('areas', 'old-town')}`);
    expect(route('blog', 'how-to-book-a-visit')).toBe('/blog/how-to-book-a-visit');
    expect(route('serviceCenter', 'acme')).toBe('/service-center/acme');
  });

  it('an unknown placeholder is left for the reader to see', () => {
    expect(fillArchetype('{{slug}} {{colour}}', { slug: 's', name: 'n', title: 't', date: 'd' })).toBe('s {{colour}}');
  });
});
