/** Prerendered HTML (an article body, a page's MDX body). Its links are plain links: src/client/navigate.ts makes them navigate in place. */
export function RawHtml({ id, html, className }: { id: string; html: string | undefined; className?: string }) {
  return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: html ?? '' }} />;
}
