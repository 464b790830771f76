import type { PageMeta } from '../contract/site.ts';
import { useSiteData } from './site-context.tsx';

/**
 * A link to this page in each other language that has it (decision 081), named in that language
 * (its catalogue's `language.name`, decision 110); nothing on pages without a twin. Plain links:
 * the client's navigation swaps the page and `<html lang>` like any other.
 */
export function LanguageSwitch({ translations }: { translations?: PageMeta['translations'] }) {
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
