import type { BreadcrumbItem, Site } from '#schemas/index.ts';
import type { PageMeta } from '#src/contract/site.ts';

/** The opening-hours reading that the page-head structured data states. */
export function structuredHours(site: Site) {
  const key = site.hours.structuredData;
  return key === 'primary' ? site.hours.primary : site.hours.alternatives[key]!;
}

/** The site-wide LocalBusiness (TV repair) description, built from content/site.yaml only. */
export function localBusinessJsonLd(site: Site): Record<string, unknown> {
  const hours = structuredHours(site);
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

/** BreadcrumbList for a visible breadcrumb trail; the current page is the last item. */
export function breadcrumbJsonLd(site: Site, trail: BreadcrumbItem[], path: string, home: BreadcrumbItem = { label: 'Home', href: '/' }): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [home, ...trail].map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.label,
      item: `${site.origin}${item.href ?? path}`.replace(/#.*$/, ''),
    })),
  };
}

/** Words a path spells in lower case that are written in capitals. */
const ACRONYMS = new Set(['tv', 'led', 'lcd', 'oled', 'qled', 'ac', 'lg', 'tcl', 'bpl', 'aoc', 'jln']);

/** Breadcrumb labels from the path, each word capitalised (spec §2), acronyms kept: "/led-tv-repair-malviya-nagar" → LED TV Repair Malviya Nagar. */
export function breadcrumbFromPath(path: string, currentLabel?: string): BreadcrumbItem[] {
  const segments = path.split('/').filter(Boolean);
  return segments.map((seg, i) => {
    const label = seg
      .split('-')
      .map((w) => (ACRONYMS.has(w) ? w.toUpperCase() : w ? w[0]!.toUpperCase() + w.slice(1) : w))
      .join(' ');
    const last = i === segments.length - 1;
    return last ? { label: currentLabel ?? label } : { label, href: `/${segments.slice(0, i + 1).join('/')}` };
  });
}

export interface MetaInput {
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
  image?: PageMeta['image'];
}

/** The head of one page: title pattern, canonical = origin + path, image, breadcrumb and its JSON-LD. */
export function pageMeta(site: Site, input: MetaInput): PageMeta {
  const home = input.path === '/';
  const breadcrumb =
    input.breadcrumb === undefined ? (home ? null : breadcrumbFromPath(input.path, input.title)) : input.breadcrumb;
  const jsonLd = [...(input.jsonLd ?? [])];
  if (breadcrumb && !input.noindex) jsonLd.push(breadcrumbJsonLd(site, breadcrumb, input.path));
  return {
    title: home ? site.business.title : `${input.title} | ${site.business.title}`,
    name: input.title,
    description: input.description,
    canonical: input.noindex ? null : `${site.origin}${input.path === '/' ? '/' : input.path}`,
    noindex: input.noindex ?? false,
    ogType: input.ogType ?? 'website',
    image: input.image ?? {
      url: `${site.origin}${site.socialImage.path}`,
      width: site.socialImage.width,
      height: site.socialImage.height,
      alt: site.socialImage.alt,
    },
    breadcrumb,
    jsonLd,
    scrollToTop: input.scrollToTop ?? true,
  };
}
