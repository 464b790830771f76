/** Prerendered HTML (an article body, a page's MDX body). Its links are plain links, and the browser navigates them (decision 091). */
export function RawHtml({ id, html, className }: { id: string; html: string | undefined; className?: string }) {
  return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: html ?? '' }} />;
}
