import { z } from 'zod';
import { Pin, Slug } from './common.ts';
import { SectionIcon } from './landing-sections.ts';

const Hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'a 24-hour time such as "08:00"' });

/** One statement of opening hours. */
const HoursReadingSchema = z.strictObject({
  /** Human label shown on pages, e.g. "Monday to Sunday, 8:00 AM – 9:00 PM". */
  label: z.string().min(1),
  /** First day, two letters as schema.org writes them (Mo, Tu, We, Th, Fr, Sa, Su). */
  days: z.string().regex(/^(Mo|Tu|We|Th|Fr|Sa|Su)-(Mo|Tu|We|Th|Fr|Sa|Su)$/, { error: 'a day range such as "Mo-Su"' }),
  /** Opening time, 24-hour. */
  opens: Hhmm,
  /** Closing time, 24-hour. */
  closes: Hhmm,
  /** Where this reading is used (documentation for `site check`). */
  usedOn: z.string().optional(),
});

/** One statement of the warranty. */
const WarrantyReadingSchema = z.strictObject({
  /** Length in days (90 days = "3-Month Warranty"). */
  days: z.number().int().positive(),
  /** Text shown on pages, e.g. "90-day warranty". */
  label: z.string().min(1),
  /** Short badge text, e.g. "3-Month Warranty". */
  badge: z.string().min(1),
  /** Where this reading is used. */
  usedOn: z.string().optional(),
});

/** The reading used on most pages, and the other readings the content states (each an accepted alternative). */
const readings = <S extends z.ZodType>(reading: S) => ({ primary: reading, alternatives: z.record(z.string(), reading).default({}) });

const Phone = z.string().regex(/^\+91[6-9]\d{9}$/, { error: 'an Indian mobile number in E.164 form such as "+919876543210"' });

/** A function's URL: an https URL, or a path on the site's own server. */
const endpoint = (example: string) => z.string().regex(/^(https:\/\/[^\s]+|\/[\w/-]+)$/, { error: `an https URL or a path such as "${example}"` });

export const SiteSchema = z.strictObject({
  business: z.strictObject({
    /** The business name as visitors see it, e.g. "Acme Repairs". */
    name: z.string().min(2),
    /** The site title used in every page title after " | ". */
    title: z.string().min(2),
    /** One or two sentences describing the business; the default page description. */
    description: z.string().min(50).max(200),
    /** The founder shown on the About page. */
    founder: z.strictObject({
      /** Full name. */
      name: z.string().min(2),
      /** Role, e.g. "Founder & Lead Technician". */
      role: z.string().min(2),
      /** A short biography. */
      bio: z.string().min(20),
    }),
    /**
     * The logo: a square SVG or PNG file in content/, e.g. "logo.svg". The header, the favicon and
     * the social cards show it; left out, they show a plain mark in the site's colour.
     */
    logo: z.string().regex(/^[\w-]+(\/[\w-]+)*\.(svg|png)$/, { error: 'a file in content/ such as "logo.svg" (an SVG or PNG)' }).optional(),
    /** True while name, phone, e-mail and street are sample values (the spec leaves them open). */
    sample: z.boolean().default(false),
  }),
  /** The public origin of the site, no trailing slash, e.g. "https://www.example.in". */
  origin: z.url({ protocol: /^https?$/, error: 'an absolute http(s) URL with no path, such as "https://www.example.in"' })
    .refine((u) => !u.endsWith('/'), { error: 'an origin with no trailing slash' }),
  /**
   * The languages of the site, e.g. [en, hi]. The first is the default: its pages are at the root,
   * made from content/. Every other language's pages are at /<code>/…, made from its translated
   * files in content/<code>/; each language has its words in content/messages/<code>.yaml. A code
   * is a lower-case language subtag ("hi", "mr"), optionally with more ("pt-br").
   */
  languages: z
    .array(z.string().regex(/^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/, { error: 'a lower-case language code such as "mr"' }))
    .min(1, { error: 'at least one language, the default first, e.g. [en]' })
    .refine((codes) => new Set(codes).size === codes.length, { error: 'each language once' }),
  contact: z.strictObject({
    /** The shop's phone number, E.164. Every tel: link uses this. */
    phone: Phone,
    /** The number that takes WhatsApp chats, E.164. */
    whatsapp: Phone,
    /** Prefilled text of the WhatsApp chat. */
    whatsappText: z.string().min(10),
    /** The shop's e-mail address. */
    email: z.email({ error: 'an e-mail address such as "help@example.in"' }),
  }),
  address: z.strictObject({
    /** Street and building. */
    street: z.string().min(3),
    /** Area of the city, e.g. "Mansarovar". */
    locality: z.string().min(2),
    /** City. */
    city: z.string().min(2),
    /** State. */
    region: z.string().min(2),
    /** Two-letter country code. */
    country: z.string().regex(/^[A-Z]{2}$/, { error: 'a two-letter country code such as "IN"' }),
    /** Postal code (PIN). */
    postalCode: Pin,
  }),
  geo: z.strictObject({
    /** Latitude in degrees north. */
    latitude: z.number().min(-90).max(90),
    /** Longitude in degrees east. */
    longitude: z.number().min(-180).max(180),
  }),
  /** The map embedded on the contact page (an https embed URL). */
  mapEmbedUrl: z.url({ protocol: /^https$/ }),
  /**
   * The page where a visitor writes a review of the shop ("Leave Us a Review"), e.g. Google's
   * https://g.page/r/<id>/review or https://search.google.com/local/writereview?placeid=<id>.
   * A map search is not a review page: it lands the visitor on a list, one step from writing.
   */
  reviewUrl: z
    .url({ protocol: /^https$/ })
    .refine((url) => !/\/maps\/search\/|[?&]query=/.test(url), { error: 'the link to your review page (e.g. https://g.page/r/<id>/review), not a map search' }),
  hours: z.strictObject({
    ...readings(HoursReadingSchema),
    /** Which reading the page-head structured data states: "primary" or a key of alternatives. */
    structuredData: z.string().default('primary'),
  }).refine((h) => h.structuredData === 'primary' || h.structuredData in h.alternatives, {
    error: 'the name of a reading: "primary" or a key of hours.alternatives',
    path: ['structuredData'],
  }),
  warranty: z.strictObject(readings(WarrantyReadingSchema)),
  /**
   * The starting prices the pages state, in rupees. `{price.<id>}` in any text writes one, a service
   * of services.yaml shows one with `priceKey`, and `site check` reports a page that gives an amount
   * other than the price a `covers` phrase names just before it.
   */
  prices: z
    .array(
      z.strictObject({
        /** The name of `{price.<id>}` and of a service's `priceKey`, e.g. "powerSupply". */
        id: z.string().regex(/^[A-Za-z][A-Za-z0-9]*$/, { error: 'letters and digits such as "powerSupply"' }),
        /** What it is for, as `site check` names it, e.g. "power supply". */
        label: z.string().min(2),
        /** The amount in rupees ("from ₹399"). */
        amount: z.number().int().positive(),
        /** Phrases that name it in a sentence, e.g. "power supply", "power fault": a ₹ amount soon after one must be this price. */
        covers: z.array(z.string().min(2)).min(1),
      }),
    )
    .refine((list) => new Set(list.map((p) => p.id)).size === list.length, { error: 'prices with different ids' })
    .default([]),
  /** The year the business was founded. */
  founded: z.number().int().min(1950).max(2100),
  /** Claims made across pages; the words around each figure are the messages' (content/messages). */
  stats: z.strictObject({
    /** Years of experience as pages state it, e.g. "10+". */
    years: z.string().regex(/^\d+\+$/, { error: 'a number of years such as "10+"' }),
    /** Jobs done so far, e.g. "1000+" ({jobs}: "1000+ Repairs Done"). */
    jobs: z.string().min(1),
    /** Jobs done in the past 12 months, e.g. "850+" (the testimonials page). */
    jobsLastYear: z.string().min(1),
    /** Average rating, e.g. 4.9. */
    rating: z.number().min(0).max(5),
    /** Share of satisfied customers, e.g. "97%". */
    satisfied: z.string().min(1),
  }),
  /**
   * What the service centre repairs, in the order its pages list them: each product's id (a key of
   * a brand's `services` in content/service-center/, and the value its request form sends) and its
   * icon. The words are the messages' serviceCenter.brand.products.<id> (the card's title and the form's
   * choice) and serviceCenter.brand.meta.<id> (its short name in the meta description).
   */
  products: z.record(Slug, SectionIcon).default({}),
  /** The areas the business serves, for structured data (areaServed). */
  serviceArea: z.array(z.string().min(2)).min(1),
  /** schema.org priceRange. */
  priceRange: z.string().min(1),
  /** The default social sharing image (1200x630). The build renders it, and one per page type, into dist/og/. */
  socialImage: z.strictObject({
    path: z.literal('/og/default.png', { error: 'the path the build renders it to: "/og/default.png"' }),
    width: z.literal(1200),
    height: z.literal(630),
    alt: z.string().min(5),
  }),
  forms: z.strictObject({
    /**
     * Where the quote and contact forms (and the newsletter) post: the site's leads function, a
     * path on the site's own server ("/functions/v1/leads") or its https URL on Supabase.
     */
    contactEndpoint: endpoint('/functions/v1/leads'),
    /** Where the brand service request form posts: the leads function too, as a rule. */
    serviceRequestEndpoint: endpoint('/functions/v1/leads'),
    /**
     * An external form service the leads function also forwards every lead to, server-side, e.g.
     * "https://formsubmit.co/owner@yourshop.in". Leave out to keep leads on the dashboard only.
     */
    forwardTo: z.url({ protocol: /^https$/ }).optional(),
    /**
     * The contact form's "Service needed" choices: ids of content/services.yaml, in order; an
     * "Other" choice follows. The form sends a service's title, and the leads function takes only these.
     */
    services: z.array(Slug).default([]),
    /** A hidden field people never fill in; the leads function drops submissions that have it. */
    honeypotField: z.string().regex(/^[\w-]{1,40}$/).default('_honey'),
  }),
  analytics: z.strictObject({
    /** The analytics function's URL; a path means the site's own origin (the local server). */
    endpoint: endpoint('/functions/v1/analytics'),
  }),
  ads: z
    .strictObject({
      /** Google Ads conversion id such as "AW-123456789"; leave out to load no ad script. */
      conversionId: z.string().regex(/^AW-\d+$/, { error: 'an id such as "AW-123456789"' }),
      /** The conversion label for phone clicks. */
      phoneLabel: z.string().min(1),
    })
    .optional(),
  /** Cache-busting version tag (spec: dated 2025-07-03). */
  version: z.string().min(1),
});

export type Site = z.output<typeof SiteSchema>;
