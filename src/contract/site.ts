// The shared vocabulary of the build (Node) and the screens (browser): types only, importing
// nothing but schema types, so neither side depends on the other.

import type { BlogPost, BreadcrumbItem, Image, Site } from '#schemas/index.ts';

/** A language of the site: its code as content/site.yaml lists it under `languages` ("hi", "mr"). */
export type Lang = string;

/**
 * A language of the site as its pages state it: the code from site.yaml, the rest from the
 * `language` keys of its catalogue, content/messages/<code>.yaml (decision 110).
 */
export interface Language {
  code: Lang;
  /** Where its pages are: "" for the default language (the first listed), "/<code>" for every other. */
  prefix: string;
  /** Its own name, written in it: the language switch shows it ("हिन्दी"). */
  name: string;
  /** The page's `<html lang>` ("en-IN", "hi"). */
  tag: string;
  /** og:locale ("hi_IN"). */
  locale: string;
  /** hreflang and schema.org inLanguage: the locale as a language tag ("hi-IN"). */
  hreflang: string;
  /** The direction its script is written in. */
  dir: 'ltr' | 'rtl';
}

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
  /** The contact form's service choices (site.yaml forms.services): the value sent (the default language's title) and the label shown. */
  contactServices: { value: string; label: string }[];
  /**
   * The forms' hidden subjects (functions.subject.*), the default language's on every page: the
   * owner reads them, and the leads function tells the forms apart by them.
   */
  subjects: Messages;
  /** The blog feed's title (the feed is in the default language). */
  feedTitle: string;
  /** The build date, YYYY-MM-DD (the privacy policy shows it until the page script replaces it with today). */
  buildDate: string;
  /** The language of the pages this shell is for. */
  lang: Lang;
  /** Every language of the site, the default first: the language switch and the alternates name them. */
  languages: Language[];
  messages: Messages;
  /**
   * A page's path in the default language → its twin's path in this language, for every page that
   * has one ("/about" → "/hi/about"); empty for the default language. Components use localHref()
   * (src/i18n/href.ts), so a link leads to the twin when there is one and to the page otherwise.
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
  /** The page's path in each language that has it, the default first, when it has a twin (hreflang alternates, the language switch); absent: no twin. */
  translations?: Record<Lang, string>;
  /** False on the one page that keeps its scroll position on arrival (spec: AOC). */
  scrollToTop: boolean;
}

/** An image as pages render it; the build adds `srcset` and modern-format `sources` to raster images. */
export type PictureImage = Image & { srcset?: string; sources?: { type: string; srcset: string }[] };

/** A blog post as cards and lists show it. */
export type PostCard = Pick<BlogPost, 'slug' | 'title' | 'excerpt' | 'date' | 'category' | 'author'> & { image: PictureImage };
