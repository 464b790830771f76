import { useContext } from 'react';
import { Link } from './link.tsx';
import { localHref } from '../i18n/href.ts';
import { cn } from './cn.ts';
import { Icon } from './icons.tsx';
import { QuoteButton } from './quote-dialog.tsx';
import { PathContext, useSite, useSiteData, useT } from './site-context.tsx';
import { logoUrl } from '../lib/format.ts';
import type { PageMeta } from '../contract/site.ts';

const LINKS = [
  { to: '/', key: 'nav.home' },
  { to: '/services', key: 'nav.services' },
  { to: '/about', key: 'nav.about' },
  { to: '/service-center', key: 'nav.serviceCenter' },
  { to: '/blog', key: 'nav.blog' },
  { to: '/contact', key: 'nav.contact' },
];

/** The site's main links; the one to the current page (or, but for home, a page above it) is marked. */
function Links({ className }: { className: string }) {
  const t = useT();
  const shell = useSiteData();
  const here = useContext(PathContext).toLowerCase();
  return (
    <ul className={className}>
      {LINKS.map((l) => {
        const href = localHref(shell, l.to);
        const isActive = here === href.toLowerCase() || (l.to !== '/' && here.startsWith(`${href.toLowerCase()}/`));
        return (
          <li key={l.to}>
            <a aria-current={isActive ? 'page' : undefined} className={cn('block rounded-md px-3 py-2 font-medium md:text-nav', isActive ? 'text-brand-700 md:bg-brand-50' : 'hover:text-brand-700')} href={href}>
              {t(l.key)}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A link to this page in each other language that has it (decision 081), named in that language
 * (its catalogue's `language.name`, decision 110); nothing on pages without a twin. Plain links:
 * the client's navigation swaps the page and `<html lang>` like any other.
 */
function LanguageSwitch({ translations }: { translations?: PageMeta['translations'] }) {
  const { lang, languages } = useSiteData();
  const others = languages.filter((l) => l.code !== lang && translations?.[l.code]);
  return others.map((other, i) => (
    <a
      key={other.code}
      href={translations![other.code]}
      hrefLang={other.hreflang}
      lang={other.code}
      data-language-switch=""
      className={`${i === others.length - 1 ? 'mr-auto ' : ''}inline-flex min-h-11 shrink-0 items-center rounded-md px-2 text-sm font-semibold text-brand-700 hover:bg-surface hover:underline`}
    >
      {other.name}
    </a>
  ));
}

const QUOTE_CLASS = 'block rounded-lg bg-accent-600 px-4 py-2.5 text-center font-semibold text-white hover:bg-accent-700';

/**
 * Sticky top navigation. From the md breakpoint the links are a row; below it they fold behind a
 * native <details> toggle, which opens and closes without JavaScript (src/client/shell.ts adds
 * Escape, a click outside, and closing on "Get A Quote"). Only one of the two lists is displayed at
 * a time, so assistive technology meets the links once.
 */
export function Header({ translations }: { translations?: PageMeta['translations'] }) {
  const site = useSite();
  const t = useT();
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white">
      <nav aria-label={t('nav.label')} className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-800">
          <img src={logoUrl(site)} alt="" width={36} height={36} fetchPriority="low" className="size-9" />
          {site.business.name}
        </Link>
        <LanguageSwitch translations={translations} />
        <div className="hidden md:flex md:items-center md:gap-1">
          <Links className="flex gap-1" />
          <QuoteButton className={cn(QUOTE_CLASS, 'ml-2')} />
        </div>
        <details data-disclosure className="group md:hidden">
          <summary
            aria-label={t('nav.menu')}
            className="grid size-11 cursor-pointer place-items-center rounded-md text-ink hover:bg-surface"
          >
            <Icon name="menu" className="size-6 group-open:hidden" />
            <Icon name="close" className="hidden size-6 group-open:block" />
          </summary>
          <div id="main-menu" className="absolute inset-x-0 top-full border-b border-line bg-white px-4 pb-4 shadow-lg">
            <Links className="flex flex-col gap-1 py-2" />
            <QuoteButton className={cn(QUOTE_CLASS, 'mt-1 w-full')} />
          </div>
        </details>
      </nav>
    </header>
  );
}
