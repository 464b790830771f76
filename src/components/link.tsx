import { Link as RouterLink, NavLink as RouterNavLink, type LinkProps, type NavLinkProps } from 'react-router';
import { localHref } from '../i18n/href.ts';
import { useHrefs } from './site-context.tsx';

/**
 * Links to pages of this site, in the page's language: on a Hindi page a link to /about leads to
 * /hi/about when that twin exists (decision 081). Components link English paths and never think
 * about the language; the language switch is the one link that crosses on purpose.
 */
export function Link({ to, ...rest }: Omit<LinkProps, 'to'> & { to: string }) {
  return <RouterLink to={localHref({ hrefs: useHrefs() }, to)} {...rest} />;
}

export function NavLink({ to, ...rest }: Omit<NavLinkProps, 'to'> & { to: string }) {
  return <RouterNavLink to={localHref({ hrefs: useHrefs() }, to)} {...rest} />;
}
