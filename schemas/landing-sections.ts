import { z } from 'zod';
import { RelatedLinkSchema, RoutePath, Slug } from './common.ts';
import { FaqSchema } from './faq.ts';
import { ServiceIcon } from './service.ts';
import { TestimonialSchema } from './testimonial.ts';

/*
 * The sections a landing page (schemas/landing-page.ts) is made of, one schema each; `type` says
 * which. Text fields may use {phone}, {hours}, {warranty}, {years}, {founded}, {business}, {city},
 * and {price.<id>} for each price of site.yaml: they are filled from content/site.yaml.
 */

/** The icons a card or list item can show (drawn in src/components/icons.tsx). */
export const SectionIcon = z.enum([
  ...ServiceIcon.options,
  'phone', 'chat', 'mail', 'pin', 'clock', 'check', 'star', 'shield', 'award', 'tag', 'book', 'users', 'heart', 'bulb', 'home', 'link',
]);

/** A card with a heading and a sentence or two. */
const CardSchema = z.strictObject({
  /** Card heading, e.g. "Backlight Repair". */
  title: z.string().min(3),
  /** One to three sentences. */
  text: z.string().min(10),
  /** Icon name, e.g. "monitor", "zap", "shield". */
  icon: SectionIcon.optional(),
});

/** Fields every section may carry. */
const base = {
  /** The section heading (H2). Most sections have a sensible default. */
  title: z.string().min(3).optional(),
  /** One sentence under the heading. */
  lead: z.string().min(10).optional(),
  /** The anchor of the section, so other pages can link to /page#anchor. */
  anchor: Slug.optional(),
};

/** A section of `type` with the fields every section may carry. */
const section = <T extends string, S extends z.core.$ZodLooseShape>(type: T, shape: S) => z.strictObject({ type: z.literal(type), ...base, ...shape });

/** The top band: the page's only H1, a lead sentence, and the book / call buttons. */
const HeroSection = z.strictObject({
  type: z.literal('hero'),
  /** The page's H1, e.g. "Acme Repair in Old Town". */
  heading: z.string().min(10).max(90),
  /** One or two sentences under the H1. */
  lead: z.string().min(20),
  /** A small line above the H1, e.g. "Acme specialists, every model". */
  eyebrow: z.string().min(3).optional(),
  /** Show "Book Repair" (to /contact). */
  book: z.boolean().default(true),
  /** Show "Call Now" (a tel: link to the shop). */
  call: z.boolean().default(true),
});

/** Three to six service cards, each with a "Learn More" link. */
const ServicesSection = section('services', {
  items: z
    .array(
      CardSchema.extend({
        /** Icon name, e.g. "monitor". */
        icon: ServiceIcon,
        /** Where "Learn More" goes: a route, e.g. "/services#screen-repair". */
        href: RoutePath,
      }),
    )
    .min(3)
    .max(6),
});

/** Common faults of this brand or area, as cards. */
const ProblemsSection = section('problems', { items: z.array(CardSchema).min(2).max(12) });

/** Reasons to choose the shop, as cards. */
const WhyChooseSection = section('why-choose', { items: z.array(CardSchema).min(2).max(8) });

/** Questions and answers, one open at a time. */
const FaqSection = section('faq', { items: z.array(FaqSchema).min(1).max(10) });

/** Model lines or series we repair. */
const ModelsSection = section('models', {
  /** The icon beside each model, e.g. "monitor" for TVs; a plain check mark when left out. */
  icon: SectionIcon.optional(),
  items: z
    .array(
      z.strictObject({
        /** The series name, e.g. "Crystal 4K UHD (AU/CU series)". */
        name: z.string().min(2),
        /** What to know about it: panel type, common fault. */
        detail: z.string().min(5).optional(),
      }),
    )
    .min(2),
});

/** A list of areas; an area with a page links to it. */
const AreasSection = section('areas', {
  items: z
    .array(
      z.strictObject({
        /** Area name as locals write it, e.g. "Malviya Nagar". */
        name: z.string().min(2),
        /** Where it links, e.g. "/repair-old-town". Leave out: the area page of the same name, if any. */
        href: RoutePath.optional(),
      }),
    )
    .min(1),
});

/** Tiles of our brand pages (12 by default), taken from content/brands/ by `order`; this page is left out. */
const BrandGridSection = section('brand-grid', {
  /** How many tiles, 12 per the design. */
  count: z.number().int().min(1).max(24).default(12),
});

/** Customer reviews as cards (initials, name, locality, stars, quote). */
const TestimonialsSection = section('testimonials', {
  /** Reviews written here: a review of content/testimonials.yaml without its id and home flag. */
  items: z
    .array(TestimonialSchema.omit({ id: true, home: true }).extend({ rating: TestimonialSchema.shape.rating.default(5) }))
    .default([]),
  /** Ids of reviews in content/testimonials.yaml, e.g. ["t1", "t3"]. */
  ids: z.array(z.string().min(1)).default([]),
});

/** A row of short facts, e.g. "{years} Years | Since {founded}". */
const StripSection = section('strip', {
  items: z
    .array(
      z.strictObject({
        /** The big text, e.g. "{years} Years" or "{warranty}". */
        value: z.string().min(2),
        /** The small line under it, e.g. "Since {founded}". */
        label: z.string().min(2),
        /** Icon name. */
        icon: SectionIcon.optional(),
      }),
    )
    .min(2)
    .max(6),
});

/** A titled list of links to related pages, each with an icon by type. */
const RelatedLinksSection = section('related-links', {
  links: z.array(RelatedLinkSchema).min(1),
});

/** The closing "Ready to Get It Fixed?" banner with call and quote buttons. */
const CtaSection = z.strictObject({
  type: z.literal('cta'),
  /** The sentence under the banner's heading. */
  text: z.string().min(10).optional(),
});

/** Where and when we serve this area: an address line and the service hours. */
const ServiceInfoSection = section('service-info', {
  /** The service address line, e.g. "Doorstep service across Old Town, 411038". */
  address: z.string().min(10).optional(),
  /** Show the service hours ({hours}). */
  hours: z.boolean().default(true),
});

/** The shop's phone number written two ways: with +91 and without. */
const PhoneFormatsSection = section('phone-formats', {});

/** Where the MDX body goes; without this section it follows the first section. */
const BodySection = z.strictObject({ type: z.literal('body') });

/** One block of a landing page; `type` says which. */
export const LandingSectionSchema = z.discriminatedUnion('type', [
  HeroSection,
  ServicesSection,
  ProblemsSection,
  WhyChooseSection,
  FaqSection,
  ModelsSection,
  AreasSection,
  BrandGridSection,
  TestimonialsSection,
  StripSection,
  RelatedLinksSection,
  CtaSection,
  ServiceInfoSection,
  PhoneFormatsSection,
  BodySection,
]);
export type LandingSection = z.output<typeof LandingSectionSchema>;
