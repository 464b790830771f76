import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AreaPageSchema, BlogPostSchema, BrandPageSchema, ServiceCenterBrandSchema } from '#schemas/index.ts';
import { splitMdx } from '#core/content/front-matter.ts';
import { parseYamlSource } from '#core/content/yaml-source.ts';

const dir = path.resolve(import.meta.dirname, '../../content/_archetypes');

/** What `site new <kind> haier` writes: the placeholders of content/_archetypes/README.md filled in. */
function fillArchetype(file: string, slug: string) {
  const name = slug.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
  return readFileSync(path.join(dir, file), 'utf8')
    .replaceAll('{{slug}}', slug)
    .replaceAll('{{name}}', name)
    .replaceAll('{{title}}', name)
    .replaceAll('{{date}}', '2025-07-03');
}

describe('archetypes filled by `site new` are valid with no hand edits', () => {
  it.each([
    ['brand.mdx', 'haier', BrandPageSchema],
    ['area.mdx', 'bani-park', AreaPageSchema],
    ['post.mdx', 'how-to-clean-a-tv-screen', BlogPostSchema],
  ] as const)('%s', (file, slug, schema) => {
    const { source, body } = splitMdx(`content/_archetypes/${file}`, fillArchetype(file, slug));
    expect(source.problems).toEqual([]);
    const result = schema.safeParse(source.value);
    expect(result.error?.issues ?? []).toEqual([]);
    expect(body).not.toContain('{{');
  });

  it('service-center.yaml', () => {
    const source = parseYamlSource('x.yaml', fillArchetype('service-center.yaml', 'haier'));
    expect(ServiceCenterBrandSchema.safeParse(source.value).error?.issues ?? []).toEqual([]);
  });

  it('a new brand page gets its URL from the name', () => {
    const { source } = splitMdx('x.mdx', fillArchetype('brand.mdx', 'haier'));
    expect(BrandPageSchema.parse(source.value)).toMatchObject({ slug: 'haier-tv-repair', name: 'Haier', title: 'Haier TV Repair in Jaipur' });
  });
});
