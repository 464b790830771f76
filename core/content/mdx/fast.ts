// The entry of the fast renderer's bundle (pool.ts): the direct path alone, for a build that
// renders a few plain-Markdown bodies in its own thread and need not load MDX's parser.
export { renderFast } from './render-direct.ts';
