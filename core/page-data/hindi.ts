// The Hindi edition's pages (decision 081): each twin of content/hi/ is a page at /hi + the English
// path, built by the same builders from `Content.hi`, then given its language: /hi links where the
// target has a twin, references resolved through the English twin, Hindi breadcrumb and structured
// data, and hreflang alternates both ways.

import type { BreadcrumbItem } from '#schemas/index.ts';
import type { AreaCell, PageData, ResolvedSection } from '#src/contract/pages.ts';
import type { Lang, Messages, NavLink, PageMeta, SiteData } from '#src/contract/site.ts';
import { HREFLANG, localHref, twinPath } from '#src/i18n/href.ts';
import type { LoadContext } from '../content/context.ts';
import type { Content } from '../content/types.ts';
import { collectionRoutes } from './collections.ts';
import { listName, routesOf, type NotFoundEntry, type RouteEntry, type SiteIndex } from './route-entry.ts';
import { breadcrumbJsonLd, localBusinessJsonLd, pageMeta } from './seo.ts';
import { staticRoutes } from './static.ts';

/** The catalogue of a language, once core/content/messages.ts loads them (an empty one until then). */
export const messagesOf = (content: Content, lang: Lang): Messages => (content as { messages?: Partial<Record<Lang, Messages>> }).messages?.[lang] ?? {};

type Json = Record<string, unknown>;
/** A plain object (not an array): what the copies below descend into. */
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/** A copy of `value` with `fn` applied to every string under a key named `key`. */
function mapKey(value: unknown, key: string, fn: (v: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => mapKey(v, key, fn));
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === key && typeof v === 'string' ? fn(v) : mapKey(v, key, fn)]));
}

/** A copy of `value` with every string equal to `from` replaced by `to`. */
function replaceString(value: unknown, from: string, to: string): unknown {
  if (value === from) return to;
  if (Array.isArray(value)) return value.map((v) => replaceString(v, from, to));
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceString(v, from, to)]));
}

/**
 * The page in its language: `lang`, and a WebPage block stating the language of the page
 * (`inLanguage`) beside the page's own structured data, for every page with a canonical address.
 */
export function withLanguage(route: RouteEntry, lang: Lang, origin: string, translations?: Partial<Record<Lang, string>>): RouteEntry {
  const meta = route.data.meta;
  const webPage = meta.canonical && {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    url: meta.canonical,
    name: meta.title,
    description: meta.description,
    inLanguage: HREFLANG[lang],
    isPartOf: { '@type': 'WebSite', url: `${origin}${twinPath(lang, '/')}`, inLanguage: HREFLANG[lang] },
  };
  const jsonLd = meta.jsonLd.map((block) => (block['@type'] === 'BlogPosting' ? { ...block, inLanguage: HREFLANG[lang] } : block));
  const next: PageMeta = { ...meta, jsonLd: webPage ? [...jsonLd, webPage] : jsonLd, ...(translations && { translations }) };
  return { ...route, lang, data: { ...route.data, meta: next } as PageData };
}

/**
 * References that the Hindi builders cannot resolve by name (a Devanagari name makes no ASCII key:
 * decision 080) are taken from the English twin at the same index: the `areas` items' and brand
 * grid's links, and the contact page's areas-served grid. Labels of links to twins become Hindi.
 */
function resolveLikeEnglish(data: PageData, english: PageData, hiLabels: Map<string, string>): PageData {
  const label = (l: NavLink): NavLink => ({ href: l.href, label: hiLabels.get(l.href) ?? l.label });
  if ((data.kind === 'brand' || data.kind === 'area') && data.kind === english.kind) {
    const en = english.sections;
    const sections = data.sections.map((s, i): ResolvedSection => {
      const e = en[i];
      if (s.type === 'areas' && e?.type === 'areas') return { ...s, items: s.items.map((it, j) => ({ ...it, href: e.items[j]?.href })) };
      if (s.type === 'brand-grid' && e?.type === 'brand-grid') return { ...s, tiles: e.tiles.map(label) };
      return s;
    });
    return { ...data, sections };
  }
  if (data.kind === 'contact' && english.kind === 'contact') {
    const areas = data.areas.map((cell, i): AreaCell => {
      const href = english.areas[i]?.href;
      return href ? { name: cell.name, href } : { name: cell.name };
    });
    return { ...data, areas };
  }
  return data;
}

/** The breadcrumb of a Hindi page: Hindi labels (a landing page's is its heading), /hi links to twins. */
function hindiBreadcrumb(trail: BreadcrumbItem[], data: PageData, site: SiteData, hiLabels: Map<string, string>, fromFrontMatter: boolean): BreadcrumbItem[] {
  const items = trail.map((it) => (it.href ? { label: hiLabels.get(it.href.split('#')[0]!) ?? it.label, href: localHref(site, it.href) } : it));
  if (fromFrontMatter || !(data.kind === 'brand' || data.kind === 'area') || !items.length) return items;
  const hero = data.sections.find((s) => s.type === 'hero');
  const last = hero && 'heading' in hero ? hero.heading : data.name;
  return [...items.slice(0, -1), { label: last }];
}

/** The meta of a Hindi page: its own path, canonical, title, Hindi breadcrumb and structured data. */
function hindiMeta(route: RouteEntry, site: SiteData, hiLabels: Map<string, string>, fromFrontMatter: boolean): PageMeta {
  const meta = route.data.meta;
  const { origin } = site.site;
  const path = twinPath('hi', route.path);
  const breadcrumb = meta.breadcrumb && hindiBreadcrumb(meta.breadcrumb, route.data, site, hiLabels, fromFrontMatter);
  const home = { label: site.messages['breadcrumb.home'] ?? 'Home', href: twinPath('hi', '/') };
  const jsonLd = meta.jsonLd
    .filter((block) => block['@type'] !== 'BreadcrumbList')
    .map((block) => replaceString(block, `${origin}${route.path}`, `${origin}${path}`) as Json);
  if (breadcrumb && !meta.noindex) jsonLd.push(breadcrumbJsonLd(site.site, breadcrumb, path, home));
  return {
    ...meta,
    // The home page's title is the business title in English; the Hindi one says which page it is.
    title: route.path === '/' ? `${meta.name} | ${site.site.business.title}` : meta.title,
    canonical: meta.canonical && `${origin}${path}`,
    breadcrumb,
    jsonLd,
  };
}

/** The Hindi 404 page, for /hi/… addresses that are no page (the nearest-404 of /hi). */
function hindiNotFound(hi: Content, site: SiteData, pagesFile: string): NotFoundEntry {
  const m = site.messages;
  const meta = pageMeta(hi.site, {
    path: '/hi/404',
    title: m['notFound.meta.title'] ?? 'Page Not Found',
    description: (m['notFound.meta.description'] ?? `The page you asked for is not on the {business} website. Return to the home page to find TV repair services.`).replace('{business}', hi.site.business.name),
    noindex: true,
    breadcrumb: null,
  });
  return { dir: '/hi', path: '/hi/404', source: { file: pagesFile, line: 1 }, sitemap: false, lang: 'hi', data: { kind: 'not-found', meta } };
}

/**
 * The English index with the Hindi edition added: the twins' pages at /hi/…, the Hindi site data
 * (nav lists with Hindi names and /hi links where twins exist, `hrefs`), alternates on both sides,
 * and the Hindi 404.
 */
export function hindiEdition(english: SiteIndex, content: Content, hi: Content, ctx: LoadContext, buildDate: string): SiteIndex {
  const { origin } = content.site;
  const messages = messagesOf(content, 'hi');
  const collected = collectionRoutes(hi, ctx);
  const shell: SiteData = { ...english.site, site: hi.site, lang: 'hi', messages, hrefs: {} };
  const englishByPath = new Map(english.routes.map((r) => [r.path, r]));
  const built = [...staticRoutes(hi, ctx, collected, shell), ...routesOf(collected, 'brand', 'area')].filter((r) => englishByPath.has(r.path));

  const hrefs = Object.fromEntries(built.map((r) => [r.path, twinPath('hi', r.path)]));
  const hiLabels = new Map(built.map((r) => [r.path, listName(r)]));
  const local = (l: NavLink): NavLink => (hrefs[l.href] ? { href: hrefs[l.href]!, label: hiLabels.get(l.href) ?? l.label } : l);
  const site: SiteData = {
    site: hi.site,
    nav: {
      services: hi.services.filter((s) => s.main).map((s) => ({ href: localHref({ hrefs }, `/services#${s.id}`), label: s.title })),
      brands: english.site.nav.brands.map(local),
      areas: english.site.nav.areas.map(local),
    },
    buildDate,
    lang: 'hi',
    messages,
    hrefs,
  };

  const frontMatterBreadcrumb = new Set(
    [...hi.brands, ...hi.areas].filter((e) => (e.data as { breadcrumb?: unknown }).breadcrumb).map((e) => `/${(e.data as { slug: string }).slug}`),
  );
  const hindi = built.map((route): RouteEntry => {
    const en = englishByPath.get(route.path)!;
    const resolved = resolveLikeEnglish(route.data, en.data, hiLabels);
    const { meta: _meta, ...rest } = resolved;
    const data = { ...(mapKey(rest, 'href', (h) => localHref(site, h)) as Json), meta: hindiMeta({ ...route, data: resolved }, site, hiLabels, frontMatterBreadcrumb.has(route.path)) } as PageData;
    const path = twinPath('hi', route.path);
    return withLanguage({ ...route, path, aliases: route.aliases?.map((a) => twinPath('hi', a)), data }, 'hi', origin, { en: route.path, hi: path });
  });
  const routes = english.routes.map((r) => withLanguage(r, 'en', origin, hrefs[r.path] ? { en: r.path, hi: hrefs[r.path] } : undefined));
  const pagesFile = ctx.display(`${hi.dir}/pages.yaml`);
  return {
    site: english.site,
    sites: { en: english.site, hi: site },
    routes: [...routes, ...hindi],
    notFound: [...english.notFound, hindiNotFound(hi, site, pagesFile)],
  };
}

/** The site-wide LocalBusiness of a page's shell: the facts of content/site.yaml, the description in the page's language. */
export function businessJsonLdOf(index: SiteIndex, site: SiteData): Record<string, unknown> {
  const base = localBusinessJsonLd(index.site.site);
  return site.lang === 'en' ? base : { ...base, description: site.site.business.description };
}
