import type { Site } from '#schemas/index.ts';

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
    dataLayer?: unknown[];
  }
}

/** The Google tag: the queue function the snippet defines, then gtag.js by a script element (no inline script). */
function loadGtag(conversionId: string) {
  window.dataLayer ??= [];
  window.gtag = function gtag() {
    // gtag.js reads the Arguments object itself, not an array copy.
    // eslint-disable-next-line prefer-rest-params -- required by gtag.js
    window.dataLayer!.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', conversionId);
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(conversionId)}`;
  document.head.append(script);
}

/**
 * Called once by the client entry. Every tel: link on the page reports a conversion
 * when clicked (one listener, so links inside prerendered article HTML count too); the ad script is
 * loaded only when site.yaml configures `ads`, and only once the browser is idle.
 */
export function startAdTag(ads: Site['ads']) {
  const sendTo = ads ? `${ads.conversionId}/${ads.phoneLabel}` : undefined;
  document.addEventListener(
    'click',
    (e) => {
      // The conversion goes to the ad tag only when the page has one (spec §7 "Conversion event").
      if (typeof window.gtag !== 'function' || !(e.target instanceof Element && e.target.closest('a[href^="tel:"]'))) return;
      window.gtag('event', 'conversion', { ...(sendTo ? { send_to: sendTo } : {}), event_label: 'phone_call_clicked', currency: 'INR' });
    },
    true,
  );
  if (!ads) return;
  const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1));
  idle(() => loadGtag(ads.conversionId));
}
