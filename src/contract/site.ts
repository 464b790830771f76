// The shared vocabulary of the build (Node) and the screens (browser): types only, importing
// nothing but schema types, so neither side depends on the other.

import type { BreadcrumbItem, Site } from '#schemas/index.ts';

/** The languages of the site: English at /, Hindi at /hi (decision 080). */
export type Lang = 'en' | 'hi';

/** A message catalogue (content/messages/<lang>.yaml) by dotted key: "nav.home" → "Home". */
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
  /** The page's language. */
  lang: Lang;
  /** The message catalogue of the page's language. */
  messages: Messages;
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
