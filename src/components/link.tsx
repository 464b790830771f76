import type { AnchorHTMLAttributes } from 'react';
import { localHref } from '../i18n/href.ts';
import { useSiteData } from './site-context.tsx';

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * A plain <a> (the browser navigates, decision 090) to a page of this site in the page's language: on a page of
 * another language /about leads to /<code>/about when that twin exists (decision 110), so components link the
 * default language's paths; the language switch is the one link that crosses on purpose.
 */
export function Link({ to, ...rest }: AnchorProps) {
  return <a {...rest} href={localHref(useSiteData(), to)} />;
}
