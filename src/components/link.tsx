import type { AnchorHTMLAttributes } from 'react';
import { localHref } from '../i18n/href.ts';
import { useSiteData } from './site-context.tsx';

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * Links to pages of this site, in the page's language: on a page of another language a link to /about leads to
 * /<code>/about when that twin exists (decision 110). Components link the default language's paths and never think
 * about the language; the language switch is the one link that crosses on purpose.
 *
 * A plain <a>: pages are navigated by the browser (decision 090).
 */
export function Link({ to, ...rest }: AnchorProps) {
  return <a {...rest} href={localHref(useSiteData(), to)} />;
}
