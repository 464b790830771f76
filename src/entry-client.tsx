import './styles.css';
import { mountIslands } from './client/islands.ts';
import { SCROLL_KEY } from './client/inline-scripts.ts';
import { enhancePage, enhanceShell } from './client/shell.ts';
import { startAdTag } from './lib/ad-tag.ts';
import type { ClientConfig } from './document.tsx';
import { startTracker } from './tracker/index.ts';

/**
 * The spec's page-transition state (styles.css, #loading-bar) again, for a page shown without being
 * loaded: another animation name starts it again (the finished one is gone from getAnimations()).
 */
const replayLoadingBar = () => document.getElementById('loading-bar')?.toggleAttribute('data-replay');

/**
 * The browser's part of every page (decision 090): no renderer, only enhancements of HTML that
 * already works. Started by the boot script once the page's largest content is painted (decision 002).
 * Navigation is the browser's (decision 091): View Transitions, Speculation Rules, the back/forward
 * cache, with its own history, scroll, focus and redirects; nothing here may stop a page from
 * entering the back/forward cache (no unload handler).
 */
function start() {
  const config = JSON.parse(document.getElementById('site-config')?.textContent ?? '{}') as Partial<ClientConfig>;
  const root = document.getElementById('root');
  enhanceShell();
  if (root) {
    enhancePage(root);
    mountIslands(root);
  }
  // A page shown from the back/forward cache, or a prerendered one when it is shown: a path change too.
  addEventListener('pageshow', (e) => e.persisted && replayLoadingBar());
  document.addEventListener('prerenderingchange', replayLoadingBar);
  // Where this page was left, for a next page that keeps the scroll position (KEEP_SCROLL_SCRIPT).
  addEventListener('pagehide', () => {
    try {
      sessionStorage.setItem(SCROLL_KEY, String(Math.round(scrollY)));
    } catch {
      // no storage: the next page opens at the top
    }
  });
  // A prerendered page counts (the tracker waits for it to be shown) and loads the ad tag only once it is shown.
  if (config.analytics) startTracker({ endpoint: config.analytics });
  const prerendered = (document as Document & { prerendering?: boolean }).prerendering;
  if (prerendered) document.addEventListener('prerenderingchange', () => requestAnimationFrame(() => setTimeout(() => startAdTag(config.ads))), { once: true });
  else startAdTag(config.ads);
  // Tests and tools wait for this mark: every control of the page now has its JavaScript behaviour.
  document.documentElement.setAttribute('data-enhanced', '');
}

start();
