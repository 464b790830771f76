import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useRouteLoaderData } from 'react-router';
import type { PageData } from '../contract/pages.ts';
import { Breadcrumb } from './breadcrumb.tsx';
import { ContactWidget } from './contact-widget.tsx';
import { Footer } from './footer.tsx';
import { Head } from './head.tsx';
import { Header } from './header.tsx';
import { LoadingBar } from './loading-bar.tsx';
import { QuoteDialogProvider } from './quote-dialog.tsx';
import { useSite } from './site-context.tsx';

/** Scroll to the top (or to the #fragment) after each path change, unless the page opts out. */
function useScrollOnNavigate(page: PageData | undefined) {
  const { pathname, hash } = useLocation();
  const shown = useRef(pathname);
  const scrollToTop = page?.meta.scrollToTop ?? true;
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    } else if (scrollToTop) {
      window.scrollTo(0, 0);
    }
    // Only a path change scrolls; re-rendering the same page does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}

/** The shell around every page: head tags, navigation, breadcrumb, footer, widget and dialog. */
export function Layout() {
  const site = useSite();
  const page = useRouteLoaderData('page') as PageData | undefined;
  useScrollOnNavigate(page);
  // Effects run once hydration has committed: mark the document interactive (tests wait for it).
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), []);
  return (
    <QuoteDialogProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow-lg"
      >
        Skip to content
      </a>
      {page && <Head meta={page.meta} siteName={site.business.name} />}
      <Header />
      <main id="main" tabIndex={-1} className="outline-none">
        {/* Inside <main> so that the bar belongs to a landmark; it is fixed to the top of the screen. */}
        <LoadingBar />
        {page?.meta.breadcrumb && <Breadcrumb items={page.meta.breadcrumb} />}
        <Outlet />
      </main>
      <Footer />
      <ContactWidget />
    </QuoteDialogProvider>
  );
}
