import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { RawHtml } from './raw-html.tsx';

/**
 * Prerendered HTML whose links to this site navigate like router links (one JSON request, no full
 * page load). Plain links still work without JavaScript.
 */
export function RoutedHtml({ id, html, className }: { id: string; html: string | undefined; className?: string }) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element).closest('a');
    const href = a?.getAttribute('href');
    if (!a || !href || !href.startsWith('/') || href.startsWith('//') || a.target) return;
    e.preventDefault();
    void navigate(href);
  };
  return (
    // biome-ignore lint/a11y: the clicks handled are those of the links inside
    <div onClick={onClick}>
      <RawHtml id={id} html={html} className={className} />
    </div>
  );
}
