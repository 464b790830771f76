import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { parse } from 'yaml';
import { manifestFile } from '#core/pipeline/record.ts';
import { translate, type MessageVars } from '#src/i18n/translate.ts';
import { axeViolations, DIST, expect } from './support.ts';

/** The business facts the built site was made from (tests compare pages with them, never with literals). */
export const SITE = parse(readFileSync(path.resolve('content/site.yaml'), 'utf8')) as {
  languages?: string[];
  business: { name: string; founder: { name: string } };
  contact: { phone: string; whatsapp: string; whatsappText: string; email: string };
  address: { street: string; locality: string; city: string };
  hours: { primary: { label: string } };
  warranty: { primary: { label: string } };
  founded: number;
  stats: { years: string; jobs: string; jobsLastYear: string; rating: number; satisfied: string };
  mapEmbedUrl: string;
  reviewUrl: string;
  forms: { contactEndpoint: string; serviceRequestEndpoint: string; forwardTo?: string; honeypotField: string; services: string[] };
  products: Record<string, string>;
};

/** The default language's catalogue (content/messages/<code>.yaml), flattened to its dotted keys. */
const flat = (o: object, prefix = ''): [string, string][] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flat(v as object, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)] as [string, string]]));
const MESSAGES = Object.fromEntries(flat(parse(readFileSync(path.resolve(`content/messages/${SITE.languages?.[0] ?? 'en'}.yaml`), 'utf8')) as object));

/** What the site says for a message key, as its pages say it (tests read words from content, never literals). */
export const say = (key: string, vars?: MessageVars) => translate(MESSAGES, key, vars);

/** Every route of the built site, with its kind and language (the build's manifest, core/pipeline/record.ts). */
export const ALL_ROUTES = (JSON.parse(readFileSync(manifestFile(DIST), 'utf8')) as { routes: { path: string; file: string; kind: string; lang?: string }[] }).routes;

/** The routes of the default language's pages; the other languages' are tested in languages.spec.ts. */
export const ROUTES = ALL_ROUTES.filter((r) => !r.lang || r.lang === (SITE.languages?.[0] ?? 'en'));

/** The contact form's service choices as content makes them: the titles of site.yaml's `forms.services`, then the catalogue's "Other". */
export const CONTACT_CHOICES = (() => {
  const services = parse(readFileSync(path.resolve('content/services.yaml'), 'utf8')) as { id: string; title: string }[];
  return [...SITE.forms.services.map((id) => services.find((s) => s.id === id)!.title), say('forms.contact.service.other')];
})();

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
