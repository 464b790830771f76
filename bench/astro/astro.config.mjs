import mdx from '@astrojs/mdx';
import { defineConfig } from 'astro/config';

// A minimal blog: the generated posts of bench/long-posts.mjs as MDX pages, plain static output.
export default defineConfig({ site: 'https://bench.example', integrations: [mdx()], trailingSlash: 'never', build: { format: 'file' } });
