import type { ComponentType } from 'react';
import type { PageData, PageKind } from '../contract/pages.ts';
import { Page as About } from './about-page.tsx';
import { Page as Analytics } from './analytics-screen.tsx';
import { Page as BlogIndex } from './blog-index-page.tsx';
import { Page as Contact } from './contact-page.tsx';
import { Page as Home } from './home-page.tsx';
import { Page as Landing } from './landing-page.tsx';
import { Page as NotFound, SectionPage as SectionNotFound } from './not-found-page.tsx';
import { Page as Post } from './post-page.tsx';
import { Page as PrivacyPolicy } from './privacy-policy-page.tsx';
import { Page as ServiceCenterBrand } from './service-center-brand-page.tsx';
import { Page as ServiceCenter } from './service-center-page.tsx';
import { Page as Services } from './services-page.tsx';
import { Page as Testimonials } from './testimonials-page.tsx';
import { Page as ThankYou } from './thank-you-page.tsx';

/** A screen: renders the data of its page kind (src/contract/pages.ts). */
type Screen<K extends PageKind> = ComponentType<{ data: PageData<K> }>;

/**
 * The screen of each page kind. Pages are rendered at build time only (the browser gets their
 * HTML), so this map is part of the server renderer alone. A new page kind gets its data in
 * src/contract/pages.ts, a line here (a type error until it has one) and a builder in core/page-data/.
 */
const screens: { [K in PageKind]: Screen<K> } = {
  home: Home,
  'privacy-policy': PrivacyPolicy,
  'not-found': NotFound,
  services: Services,
  about: About,
  contact: Contact,
  testimonials: Testimonials,
  'blog-index': BlogIndex,
  post: Post,
  'post-not-found': SectionNotFound,
  'service-center': ServiceCenter,
  'service-center-brand': ServiceCenterBrand,
  'brand-not-found': SectionNotFound,
  brand: Landing,
  area: Landing,
  analytics: Analytics,
  'thank-you': ThankYou,
};

/** The screen that renders pages of this kind. */
export const screenOf = <K extends PageKind>(kind: K) => screens[kind] as Screen<K>;
