import './styles.css';
import { mountIslands, unmountIslands } from './client/islands.ts';
import { startNavigation } from './client/navigate.ts';
import { enhancePage, enhanceShell } from './client/shell.ts';
import { startAdTag } from './lib/ad-tag.ts';
import type { ClientConfig } from './document.tsx';
import { startTracker } from './tracker/index.ts';

/**
 * The browser's part of every page (decision 090): no renderer, only enhancements of HTML that
 * already works. Started by the boot script once the page's largest content is painted (decision 002).
 */
function start() {
  const config = JSON.parse(document.getElementById('site-config')?.textContent ?? '{}') as Partial<ClientConfig>;
  const root = document.getElementById('root');
  enhanceShell();
  if (root) {
    enhancePage(root);
    mountIslands(root);
  }
  startNavigation({
    onLeave: unmountIslands,
    onSwap: (next) => {
      enhancePage(next);
      mountIslands(next);
    },
  });
  startAdTag(config.ads);
  if (config.analytics) startTracker({ endpoint: config.analytics });
  // Tests and tools wait for this mark: every control of the page now has its JavaScript behaviour.
  document.documentElement.setAttribute('data-enhanced', '');
}

start();
