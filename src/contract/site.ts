// The shared vocabulary of the build (Node) and the screens (browser): types only, importing
// nothing but schema types, so neither side depends on the other.

import type { BreadcrumbItem, Site } from '#schemas/index.ts';

/** A language of the site: English, and the Hindi edition under /hi (decisions 080, 081). */
export type Lang = 'en' | 'hi';

/** A message catalogue: key → text (content/messages/<lang>.yaml). */
export type Messages = Record<string, string>;

/** A link in the navigation, footer or a list. */
export interface NavLink {
  href: string;
  label: string;
}

/** What every page shares: the business facts and the link lists derived from content. */
export interface SiteData {
  site: Site;
  nav: {
    services: NavLink[];
    brands: NavLink[];
    areas: NavLink[];
  };
  /** The build date, YYYY-MM-DD (the privacy policy shows it until the page script replaces it with today). */
  buildDate: string;
  lang: Lang;
  messages: Messages;
  /**
   * English path → the path to link to on pages of this language: for 'hi', "/about" → "/hi/about"
   * when /about has a Hindi twin; empty for 'en'. Components use localHref() (src/i18n/href.ts).
   */
  hrefs: Record<string, string>;
}

/** The head of one page. */
export interface PageMeta {
  /** The full <title>: "page title | business title", or the business title alone on the home page. */
  title: string;
  /** The page heading's short name (breadcrumb's last step, social title). */
  name: string;
  description: string;
  /** origin + path; null on pages without a canonical address (not-found). */
  canonical: string | null;
  noindex: boolean;
  ogType: 'website' | 'article';
  image: { url: string; width: number; height: number; alt: string };
  /** The trail shown and described in BreadcrumbList; null: no breadcrumb on this page. */
  breadcrumb: BreadcrumbItem[] | null;
  /** Page-specific structured data (the site-wide LocalBusiness is in the document head). */
  jsonLd: Record<string, unknown>[];
  /** The page in each language, when it has a twin (hreflang alternates, the language switch); absent: no twin. */
  translations?: Partial<Record<Lang, string>>;
  /** False on the one page that keeps its scroll position on arrival (spec: AOC). */
  scrollToTop: boolean;
}

/** An image as pages render it; the build adds `srcset` and modern-format `sources` to raster images. */
export interface PictureImage {
  src: string;
  alt: string;
  width: number;
  height: number;
  srcset?: string;
  sources?: { type: string; srcset: string }[];
}

/** A blog post as cards and lists show it. */
export interface PostCard {
  slug: string;
  title: string;
  excerpt: string;
  date: string;
  category: string;
  author: string;
  image: PictureImage;
}
