import type { BodyHtml } from '#src/contract/pages.ts';
import type { LoadedBody } from '../content/types.ts';

/**
 * A loaded body as page data names it (`BodyHtml`): JSON is its key, and its HTML is read from the
 * content cache each time a screen or the feed asks (a page renders once; nothing is kept after).
 * A class, not a plain object: code that copies page data key by key (core/page-data/hindi.ts)
 * passes it on as one value.
 */
class BodyRef implements BodyHtml {
  constructor(private readonly body: LoadedBody) {}
  get key() {
    return this.body.key;
  }
  get html() {
    return this.body.html.text();
  }
  toJSON() {
    return this.body.key;
  }
}

/** The body of a page, when its file has one that renders to some HTML. */
export function bodyOf(rendered: LoadedBody | undefined): BodyHtml | undefined {
  return rendered && rendered.html.length > 0 ? new BodyRef(rendered) : undefined;
}
