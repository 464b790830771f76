/**
 * What each rendered body's HTML was made from, by the HTML itself: the renderer version and the
 * store key (pool.ts: the body and the facts it may use). A page key names a body by this instead
 * of hashing its HTML (page-key.ts): at 1,000 long posts that HTML is 14 MB to serialize and hash
 * in every build. The same id always means the same HTML, since the HTML is a function of what
 * the id names; a body with no id (no build cache) is hashed as it is.
 */
const ids = new Map<string, string>();

/** Note the id of a rendered body's HTML. */
export function noteBody(html: string, id: string) {
  ids.set(html, id);
}

/** The id of this HTML, when a render in this process made it. */
export function bodyId(html: string): string | undefined {
  return ids.get(html);
}
