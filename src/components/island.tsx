import type { ReactNode } from 'react';

/** The islands the browser knows how to start (src/client/islands.ts maps each to its module). */
export type IslandName = 'analytics';

/** JSON inside a <script> element: nothing in it may close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * A part of the page that React runs in the browser (decision 090). The server renders the children
 * as usual; the browser hydrates this element alone, with `props` read from the JSON script before it.
 * Everything outside an island stays HTML.
 */
export function Island<P>({ name, props, children }: { name: IslandName; props: P; children: ReactNode }) {
  return (
    <>
      <script type="application/json" id={`island-${name}`} dangerouslySetInnerHTML={{ __html: scriptJson(props) }} />
      <div data-island={name}>{children}</div>
    </>
  );
}
