import type { Lang, SiteData } from '../contract/site.ts';

/** The hreflang of each language: the alternates, the sitemap and the language switch use it. */
export const HREFLANG: Record<Lang, string> = { en: 'en-IN', hi: 'hi-IN' };

/** The page kinds that can have a Hindi twin (decision 080); `site check` warns about English ones without. */
export const TWIN_KINDS: readonly string[] = ['home', 'services', 'about', 'contact', 'testimonials', 'privacy-policy', 'brand', 'area'];

/** The URL path of an English page's twin in `lang`: "/about" → "/hi/about", "/" → "/hi" (decision 081). */
export function twinPath(lang: Lang, englishPath: string): string {
  if (lang === 'en') return englishPath;
  return englishPath === '/' ? `/${lang}` : `/${lang}${englishPath}`;
}

/**
 * An internal href as pages of this language link it: the twin's path when the target page has one
 * (its #fragment and ?query kept), the href as it is otherwise (English pages, other origins).
 */
export function localHref(site: Pick<SiteData, 'hrefs'>, href: string): string {
  const cut = href.search(/[?#]/);
  const path = cut < 0 ? href : href.slice(0, cut);
  const local = site.hrefs[path];
  return local === undefined ? href : local + (cut < 0 ? '' : href.slice(cut));
}
