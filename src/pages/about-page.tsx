import { ClosingBanner } from '../components/closing-banner.tsx';
import { Hero, Section } from '../components/hero.tsx';
import { FeatureCards, type Feature } from '../components/feature-cards.tsx';
import { useSite } from '../components/site-context.tsx';
import type { PageData } from '../contract/pages.ts';

const VALUES: Feature[] = [
  { icon: 'shield', title: 'Integrity', text: 'We tell you what is wrong, what it costs and whether it is worth repairing – before we touch a screw.' },
  { icon: 'award', title: 'Quality', text: 'Genuine parts, careful soldering and a full test before every TV goes home.' },
  { icon: 'heart', title: 'Customer Focus', text: 'Pickup slots that suit you, updates on WhatsApp, and a technician who answers the phone.' },
  { icon: 'bulb', title: 'Innovation', text: 'We keep learning each new panel, board and smart-TV platform as it reaches Indian homes.' },
];

/** /about: story, mission, values, why choose us, the founder, and a call to action. */
export function Page(_: { data: PageData<'about'> }) {
  const site = useSite();
  const { founder } = site.business;
  const reasons: Feature[] = [
    { icon: 'award', title: `${site.stats.years} Years of Experience`, text: `Repairing TVs in ${site.address.city} since ${site.founded}.` },
    { icon: 'monitor', title: `${site.stats.tvsRepaired} TVs Repaired`, text: 'LED, LCD, OLED, QLED and smart TVs of every brand.' },
    { icon: 'clock', title: 'Same-Day Service', text: 'Most repairs are finished within 24 hours, many at your home.' },
    { icon: 'truck', title: 'Free Pickup & Delivery', text: `Anywhere in ${site.address.city}, when a repair needs the workshop.` },
    { icon: 'wrench', title: 'Genuine Parts', text: 'Original panels, boards and power supplies from brand suppliers.' },
    { icon: 'shield', title: site.warranty.primary.badge, text: `A ${site.warranty.primary.label} on parts and labour.` },
  ];
  return (
    <>
      <Hero
        eyebrow={`Since ${site.founded}`}
        title={`About ${site.business.name}`}
        lead={`A family-run TV repair workshop in ${site.address.locality}, ${site.address.city}, fixing the city's televisions for ${site.stats.years} years.`}
      />

      <section aria-labelledby="story" className="mx-auto grid max-w-6xl gap-10 px-4 py-14 md:grid-cols-2">
        <div>
          <h2 id="story" className="text-3xl font-bold text-brand-900">
            Our Story
          </h2>
          <p className="mt-4 text-lg text-ink">
            {site.business.name} began in {site.founded} as a one-bench workshop in {site.address.locality}. Neighbours brought their
            CRT sets; word spread, and today our technicians repair every kind of flat-panel and smart TV across {site.address.city}.
          </p>
          <p className="mt-4 text-muted">
            We have stayed small on purpose: the person who diagnoses your TV is the person who repairs it, and the quote you hear
            on the phone is the price you pay.
          </p>
        </div>
        <div className="rounded-xl bg-brand-50 p-8">
          <h2 id="mission" className="text-3xl font-bold text-brand-900">
            Our Mission
          </h2>
          <p className="mt-4 text-lg text-ink">
            To keep good televisions out of landfill by repairing them honestly, quickly and at a fair price – and to tell you
            plainly when a repair is not worth it.
          </p>
        </div>
      </section>

      <Section id="values" title="Our Values" className="bg-surface">
        <FeatureCards items={VALUES} className="sm:grid-cols-2 lg:grid-cols-4" />
      </Section>

      <Section id="why-choose" title={`Why Choose ${site.business.name}?`}>
        <FeatureCards items={reasons} />
      </Section>

      <Section id="founder" title="Meet Our Founder" className="bg-surface">
        <figure className="mx-auto flex max-w-3xl flex-col items-center gap-6 rounded-xl border border-line bg-white p-8 text-center md:flex-row md:text-left">
          <span aria-hidden="true" className="grid h-24 w-24 shrink-0 place-items-center rounded-full bg-brand-700 text-3xl font-bold text-white">
            {founder.name
              .split(/\s+/)
              .map((w) => w[0])
              .join('')
              .slice(0, 2)}
          </span>
          <figcaption>
            <h3 className="text-2xl font-bold text-ink">{founder.name}</h3>
            <p className="font-medium text-brand-700">{founder.role}</p>
            <p className="mt-3 text-muted">{founder.bio}</p>
          </figcaption>
        </figure>
      </Section>

      <ClosingBanner />
    </>
  );
}
