import type { BreadcrumbItem, Site } from '#schemas/index.ts';
import type { Lang, PageMeta, SiteData } from '#src/contract/site.ts';
import { localHref, pathIn } from '#src/i18n/href.ts';
import { translate } from '#src/i18n/translate.ts';
import type { Content } from '../content/types.ts';
import type { SiteIndex } from './route-entry.ts';

/** The site-wide LocalBusiness description, built from content/site.yaml only. */
export function localBusinessJsonLd(site: Site): Record<string, unknown> {
  // The opening-hours reading that the structured data states.
  const key = site.hours.structuredData;
  const hours = key === 'primary' ? site.hours.primary : site.hours.alternatives[key]!;
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${site.origin}/#business`,
    name: site.business.name,
    description: site.business.description,
    url: `${site.origin}/`,
    telephone: site.contact.phone,
    email: site.contact.email,
    image: `${site.origin}${site.socialImage.path}`,
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      addressLocality: site.address.city,
      addressRegion: site.address.region,
      addressCountry: site.address.country,
      postalCode: site.address.postalCode,
    },
    geo: { '@type': 'GeoCoordinates', latitude: site.geo.latitude, longitude: site.geo.longitude },
    openingHours: `${hours.days} ${hours.opens}-${hours.closes}`,
    priceRange: site.priceRange,
    areaServed: site.serviceArea.map((name) => ({ '@type': 'Place', name })),
    foundingDate: String(site.founded),
  };
}

/** The site-wide LocalBusiness of a shell: the facts of the default language's site.yaml, the description in the shell's language. */
export function businessJsonLdOf(index: SiteIndex, shell: SiteData): Record<string, unknown> {
  return { ...localBusinessJsonLd(index.site.site), description: shell.site.business.description };
}

/** The path of the page at `path` (its path in the default language) as the content's language has it: its twin's when there is one, else the page itself. */
export const ownPath = (content: Pick<Content, 'language' | 'languages'>, path: string): string => content.languages.hrefs[content.language.code]?.[path] ?? path;

/** The page at `path` in each language that has it, the default first; undefined when only one does (decision 081). */
export function translationsOf(content: Pick<Content, 'languages'>, path: string): Record<Lang, string> | undefined {
  const [first, ...others] = content.languages.list;
  const found: Record<Lang, string> = { [first!.code]: path };
  for (const l of others) {
    const twin = content.languages.hrefs[l.code]?.[path];
    if (twin !== undefined) found[l.code] = twin;
  }
  return Object.keys(found).length > 1 ? found : undefined;
}

/** BreadcrumbList for a visible breadcrumb trail at `path`, its links in the content's language; the current page is the last item. */
function breadcrumbJsonLd(content: Content, trail: BreadcrumbItem[], path: string): Record<string, unknown> {
  const hrefs = { hrefs: content.languages.hrefs[content.language.code] ?? {} };
  const home = { label: translate(content.messages, 'breadcrumb.home'), href: pathIn(content.language, '/') };
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [home, ...trail].map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.label,
      item: `${content.site.origin}${item.href ? localHref(hrefs, item.href) : path}`.replace(/#.*$/, ''),
    })),
  };
}

/**
 * Breadcrumb labels from the path, each word capitalised (spec §2), except a word that `written`
 * (the page's own title) spells in capitals: "/abc-repair" with the title "ABC Repair in …"
 * → ABC Repair.
 */
export function breadcrumbFromPath(path: string, currentLabel?: string, written = ''): BreadcrumbItem[] {
  const capitals = new Map(written.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1 && w === w.toUpperCase()).map((w) => [w.toLowerCase(), w]));
  const segments = path.split('/').filter(Boolean);
  return segments.map((seg, i) => {
    const label = seg
      .split('-')
      .map((w) => capitals.get(w) ?? (w ? w[0]!.toUpperCase() + w.slice(1) : w))
      .join(' ');
    const last = i === segments.length - 1;
    return last ? { label: currentLabel ?? label } : { label, href: `/${segments.slice(0, i + 1).join('/')}` };
  });
}

export interface MetaInput {
  /** The page's path in the default language; the page's own is that language's (ownPath). */
  path: string;
  /** The page's own title (without the business title). */
  title: string;
  description: string;
  noindex?: boolean;
  ogType?: PageMeta['ogType'];
  /** undefined: derive from the path; null: no breadcrumb; a list: use it. */
  breadcrumb?: BreadcrumbItem[] | null;
  jsonLd?: Record<string, unknown>[];
  scrollToTop?: boolean;
}

/**
 * The head of one page in the content's language: title pattern, canonical = origin + its path,
 * image, breadcrumb and its JSON-LD, the WebPage block stating its language, and its twins.
 */
export function pageMeta(content: Content, input: MetaInput): PageMeta {
  const { site, language } = content;
  const path = ownPath(content, input.path);
  const home = input.path === '/';
  const breadcrumb =
    input.breadcrumb === undefined ? (home ? null : breadcrumbFromPath(input.path, input.title)) : input.breadcrumb;
  const jsonLd = [...(input.jsonLd ?? [])];
  if (breadcrumb && !input.noindex) jsonLd.push(breadcrumbJsonLd(content, breadcrumb, path));
  // The default language's home page is titled by the business alone; every other page, another
  // language's home page too, says which page it is.
  const title = home && !language.prefix ? site.business.title : `${input.title} | ${site.business.title}`;
  const canonical = input.noindex ? null : `${site.origin}${path}`;
  const { description } = input;
  if (canonical) {
    const inLanguage = language.hreflang;
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      url: canonical,
      name: title,
      description,
      inLanguage,
      isPartOf: { '@type': 'WebSite', url: `${site.origin}${pathIn(language, '/')}`, inLanguage },
    });
  }
  const translations = translationsOf(content, input.path);
  return {
    title,
    name: input.title,
    description,
    canonical,
    noindex: input.noindex ?? false,
    ogType: input.ogType ?? 'website',
    image: {
      url: `${site.origin}${site.socialImage.path}`,
      width: site.socialImage.width,
      height: site.socialImage.height,
      alt: site.socialImage.alt,
    },
    breadcrumb,
    jsonLd,
    ...(translations && { translations }),
    scrollToTop: input.scrollToTop ?? true,
  };
}
