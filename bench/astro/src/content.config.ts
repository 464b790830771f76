import { defineCollection, z } from 'astro:content';
import { glob } from 'astro/loaders';

const blog = defineCollection({
  loader: glob({ pattern: '*.mdx', base: './src/content/blog' }),
  schema: z.object({ title: z.string(), excerpt: z.string(), date: z.string(), author: z.string(), category: z.string() }).passthrough(),
});

export const collections = { blog };
