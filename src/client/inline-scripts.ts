/**
 * The inline scripts of a page besides the boot script (src/document.tsx). Their texts are constant,
 * so the Content-Security-Policy allows each by one hash (core/pipeline/headers.ts).
 */

/**
 * Speculation rules (decision 091): the browser prefetches, and prerenders, a page of the site the
 * visitor is about to open, so the next page shows at once. "moderate" waits for a sign of intent
 * (a pointer resting on the link on a computer; on a phone, a link that stays in view while the
 * visitor stops scrolling) and keeps at most two such pages: a few tens of kilobytes, not every
 * link of the page on a phone's data plan. Never the owner's dashboard, the functions, or files.
 */
const where = { and: [{ href_matches: '/*' }, { not: { href_matches: ['/analytics', '/analytics/*', '/functions/*', '/*.*'] } }] };
export const SPECULATION_RULES = JSON.stringify({ prefetch: [{ where, eagerness: 'moderate' }], prerender: [{ where, eagerness: 'moderate' }] });

/** Where a page leaves its scroll position for the next one (src/entry-client.tsx writes it on pagehide). */
export const SCROLL_KEY = 'site.scrollY';

/**
 * The page that keeps the scroll position (spec §2: the AOC page does not scroll to the top): opened
 * from a link on another page of the site, it shows at the position that page was left at, as it
 * did when pages were swapped in place. A prerendered page does it when it is shown.
 */
export const KEEP_SCROLL_SCRIPT =
  "(function(){var go=function(){try{var y=sessionStorage.getItem('" +
  SCROLL_KEY +
  "'),n=performance.getEntriesByType('navigation')[0];" +
  "if(y&&n&&n.type==='navigate'&&document.referrer.indexOf(location.origin+'/')===0)scrollTo({top:+y,behavior:'instant'})}catch(e){}};" +
  "if(document.prerendering)addEventListener('prerenderingchange',go,{once:true});else addEventListener('DOMContentLoaded',go,{once:true})})()";
