import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { parse } from 'yaml';
import { manifestFile } from '#core/pipeline/record.ts';
import { axeViolations, DIST, expect } from './support.ts';

/** The business facts the built site was made from (tests compare pages with them, never with literals). */
export const SITE = parse(readFileSync(path.resolve('content/site.yaml'), 'utf8')) as {
  business: { name: string; founder: { name: string } };
  contact: { phone: string; whatsapp: string; whatsappText: string; email: string };
  address: { street: string; locality: string; city: string };
  hours: { primary: { label: string } };
  stats: { years: string; tvsRepaired: string; tvsRepairedLastYear: string; rating: number; satisfied: string };
  mapEmbedUrl: string;
  reviewUrl: string;
  forms: { contactEndpoint: string; serviceRequestEndpoint: string; forwardTo?: string; honeypotField: string };
};

/** The routes of the built English site, with their kind (the build's manifest, core/pipeline/record.ts); the Hindi edition's are tested in hindi.spec.ts. */
export const ROUTES = (JSON.parse(readFileSync(manifestFile(DIST), 'utf8')) as { routes: { path: string; kind: string; lang?: string }[] })
  .routes.filter((r) => r.lang !== 'hi');

/** The pages this suite owns: issue 4's screens. */
export const SCREENS = ['/services', '/about', '/contact', '/testimonials', '/thank-you'];

export async function expectAxeClean(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** Sideways overflow of the page in CSS pixels (0: nothing to scroll horizontally). */
export function horizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Record gtag calls: a stand-in for the ad tag that the page calls if it exists. */
export const RECORD_GTAG = () => {
  const w = window as unknown as { gtag: (...a: unknown[]) => void; __gtagCalls: unknown[][] };
  w.__gtagCalls = [];
  w.gtag = (...args: unknown[]) => w.__gtagCalls.push(args);
  // The dialer cannot open in a test browser: keep tel: clicks on the page (the click still bubbles).
  window.addEventListener('click', (e) => {
    if (e.target instanceof Element && e.target.closest('a[href^="tel:"]')) e.preventDefault();
  }, true);
};
