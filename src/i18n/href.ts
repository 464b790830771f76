import type { Lang, Language, SiteData } from '../contract/site.ts';

/** The path of a page of `language` whose default-language path is `path`: "/about" → "/hi/about", "/" → "/hi". */
export function pathIn(language: Pick<Language, 'prefix'>, path: string): string {
  if (!language.prefix) return path;
  return path === '/' ? language.prefix : `${language.prefix}${path}`;
}

/**
 * An internal href as pages of this language link it: the twin's path when the target page has one
 * (its #fragment and ?query kept), the href as it is otherwise (the default language's page, other origins).
 */
export function localHref(site: Pick<SiteData, 'hrefs'>, href: string): string {
  const cut = href.search(/[?#]/);
  const path = cut < 0 ? href : href.slice(0, cut);
  const local = site.hrefs[path];
  return local === undefined ? href : local + (cut < 0 ? '' : href.slice(cut));
}

/** The language of a shell's pages. */
export function languageOf(site: Pick<SiteData, 'lang' | 'languages'>): Language {
  const language = site.languages.find((l) => l.code === site.lang);
  if (!language) throw new Error(`The site has no language "${site.lang}" (content/site.yaml languages)`);
  return language;
}

/** The hreflang alternates of a page with a twin (decision 081): each language that has it, and x-default (the default language's page); none without a twin. */
export function alternatesOf(translations: Record<Lang, string> | undefined, languages: readonly Language[]): { hreflang: string; path: string }[] {
  const twins = languages.filter((l) => translations?.[l.code] !== undefined);
  if (twins.length < 2) return [];
  return [...twins.map((l) => ({ hreflang: l.hreflang, path: translations![l.code]! })), { hreflang: 'x-default', path: translations![languages[0]!.code]! }];
}
