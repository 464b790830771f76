// Types of long-posts.mjs, for the tests that parse its posts.
export const FACTS: Record<string, string>;
export function slugOf(title: string): string;
export function headingsOf(i: number): string[];
export function slugFor(i: number): string;
export function longPost(i: number, n: number, opts?: { placeholders?: boolean }): { file: string; frontMatter: Record<string, unknown>; body: string };
export function mdxFile(post: { frontMatter: Record<string, unknown>; body: string }): string;
