import type { PageMeta } from '../contract/site.ts';
import { alternatesOf, languageOf } from '../i18n/href.ts';
import { scriptJson } from './island.tsx';
import { useSiteData } from './site-context.tsx';

/**
 * Every page's head tags. React 19 hoists <title>, <meta> and <link> into <head>; this is the only
 * place that renders them, so each page has exactly one title and one canonical.
 */
export function Head({ meta }: { meta: PageMeta }) {
  const shell = useSiteData();
  const { site, languages } = shell;
  const language = languageOf(shell);
  const alternates = alternatesOf(meta.translations, languages);
  return (
    <>
      <title>{meta.title}</title>
      <meta name="description" content={meta.description} />
      <meta name="robots" content={meta.noindex ? 'noindex, follow' : 'index, follow'} />
      {meta.canonical && <link rel="canonical" href={meta.canonical} />}
      {alternates.map(({ hreflang, path }) => (
        <link key={hreflang} rel="alternate" hrefLang={hreflang} href={`${site.origin}${path}`} />
      ))}
      <meta property="og:type" content={meta.ogType} />
      <meta property="og:site_name" content={site.business.name} />
      <meta property="og:locale" content={language.locale} />
      {alternates.length > 0 && languages.filter((l) => l !== language && meta.translations?.[l.code] !== undefined).map((l) => <meta key={l.code} property="og:locale:alternate" content={l.locale} />)}
      <meta property="og:title" content={meta.title} />
      <meta property="og:description" content={meta.description} />
      {meta.canonical && <meta property="og:url" content={meta.canonical} />}
      <meta property="og:image" content={meta.image.url} />
      <meta property="og:image:width" content={String(meta.image.width)} />
      <meta property="og:image:height" content={String(meta.image.height)} />
      <meta property="og:image:alt" content={meta.image.alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={meta.title} />
      <meta name="twitter:description" content={meta.description} />
      <meta name="twitter:image" content={meta.image.url} />
      {meta.jsonLd.map((data, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />
      ))}
    </>
  );
}
