import type { AnchorHTMLAttributes } from 'react';
import { localHref } from '../i18n/href.ts';
import { useCurrentPath, useHrefs } from './site-context.tsx';

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * Links to pages of this site, in the page's language: on a page of another language a link to /about leads to
 * /<code>/about when that twin exists (decision 110). Components link the default language's paths and never think
 * about the language; the language switch is the one link that crosses on purpose.
 *
 * A plain <a>: pages are navigated by the browser (decision 090).
 */
export function Link({ to, ...rest }: AnchorProps) {
  return <a {...rest} href={localHref({ hrefs: useHrefs() }, to)} />;
}

/** A link that knows whether it leads to the current page (or, unless `end`, a page below it). */
export function NavLink({ to, end = false, className, ...rest }: Omit<AnchorProps, 'className'> & { end?: boolean; className?: string | ((state: { isActive: boolean }) => string) }) {
  const href = localHref({ hrefs: useHrefs() }, to);
  const here = useCurrentPath().toLowerCase();
  const target = href.split(/[?#]/)[0]!.toLowerCase();
  const isActive = here === target || (!end && target !== '/' && here.startsWith(`${target}/`));
  return <a {...rest} aria-current={isActive ? 'page' : undefined} className={typeof className === 'function' ? className({ isActive }) : className} href={href} />;
}
