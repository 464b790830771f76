import type { ReactNode } from 'react';
import type { PageData } from '../contract/pages.ts';
import type { SiteData } from '../contract/site.ts';
import { Breadcrumb } from './breadcrumb.tsx';
import { CallBar, ContactWidget } from './contact-widget.tsx';
import { Footer } from './footer.tsx';
import { Head } from './head.tsx';
import { Header } from './header.tsx';
import { QuoteDialog } from './quote-dialog.tsx';
import { PathContext, SiteContext } from './site-context.tsx';
import { translate } from '../i18n/translate.ts';
import { KEEP_SCROLL_SCRIPT } from '../client/inline-scripts.ts';

/**
 * The shell around every page: head tags, navigation, breadcrumb, footer, widget and dialog.
 * Rendered on the server only; the browser enhances it with src/client/ (decision 090).
 */
export function Layout({ site, page, path, children }: { site: SiteData; page: PageData; path: string; children: ReactNode }) {
  return (
    <SiteContext.Provider value={site}>
      <PathContext.Provider value={path}>
        <a href="#main" className="skip-link">
          {translate(site.messages, 'layout.skipLink')}
        </a>
        <Head meta={page.meta} />
        <Header translations={page.meta.translations} />
        {/* data-keep-scroll: a page that does not open at the top (spec §2, the AOC page); its script keeps the previous page's position. */}
        <main id="main" tabIndex={-1} className="outline-none" data-keep-scroll={page.meta.scrollToTop === false ? '' : undefined}>
          {page.meta.scrollToTop === false && <script dangerouslySetInnerHTML={{ __html: KEEP_SCROLL_SCRIPT }} />}
          {/* The spec's page-transition state (§2, §4), without JavaScript: a slim bar and a faint overlay that
              styles.css shows from 100 ms to 350 ms after each page appears (the client entry replays it for a
              page from the back/forward cache or a prerender). Inside <main>, a landmark; fixed to the top. */}
          <div id="loading-bar">
            <div role="progressbar" aria-label={translate(site.messages, 'layout.loadingPage')} className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100">
              <div className="h-full w-1/3 bg-accent-600" />
            </div>
            <div data-testid="loading-overlay" aria-hidden="true" className="pointer-events-none fixed inset-0 z-40 bg-white/30" />
          </div>
          {page.meta.breadcrumb && <Breadcrumb items={page.meta.breadcrumb} />}
          {children}
        </main>
        <Footer />
        <ContactWidget />
        <CallBar />
        <QuoteDialog />
      </PathContext.Provider>
    </SiteContext.Provider>
  );
}
