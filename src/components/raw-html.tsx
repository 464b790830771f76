import { useState } from 'react';

/**
 * Prerendered HTML (an article body). The hydration data leaves `html` out (DESIGN.md §3: it
 * must not repeat what the page already holds), so on the first client render the markup is
 * taken from the server-rendered element itself; after a client-side navigation it comes with
 * the page's data.
 */
export function RawHtml({ id, html, className }: { id: string; html: string | undefined; className?: string }) {
  const [initial] = useState(() => html ?? (typeof document === 'undefined' ? '' : document.getElementById(id)?.innerHTML ?? ''));
  return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: html ?? initial }} />;
}
