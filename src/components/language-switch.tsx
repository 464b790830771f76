import type { Lang, PageMeta } from '../contract/site.ts';
import { HREFLANG } from '../i18n/href.ts';
import { useSiteData } from './site-context.tsx';

/** Each language's name, written in that language: the switch reads the same on either edition. */
const NAMES: Record<Lang, string> = { en: 'English', hi: 'हिन्दी' };

/**
 * A link to this page in the other language, on pages that have a twin (decision 081); nothing on
 * the others. A plain link: the client's navigation swaps the page and `<html lang>` like any other.
 */
export function LanguageSwitch({ translations }: { translations?: PageMeta['translations'] }) {
  const { lang } = useSiteData();
  const other: Lang = lang === 'hi' ? 'en' : 'hi';
  const href = translations?.[other];
  if (!href) return null;
  return (
    <a
      href={href}
      hrefLang={HREFLANG[other]}
      lang={other}
      data-language-switch=""
      className="mr-auto inline-flex min-h-11 shrink-0 items-center rounded-md px-2 text-sm font-semibold text-brand-700 hover:bg-surface hover:underline"
    >
      {NAMES[other]}
    </a>
  );
}
