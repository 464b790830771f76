import { Link } from 'react-router';
import { BrandTiles } from '../components/brand-tiles.tsx';
import { ButtonLink } from '../components/button.tsx';
import { ServiceCard, TestimonialCard } from '../components/cards.tsx';
import { ClosingBanner } from '../components/closing-banner.tsx';
import { FaqAccordion } from '../components/faq-accordion.tsx';
import { FeatureCards } from '../components/feature-cards.tsx';
import { Hero, Section } from '../components/hero.tsx';
import { Icon, type IconName } from '../components/icons.tsx';
import { PostCard } from '../components/post-card.tsx';
import { useSite } from '../components/site-context.tsx';
import { WhatsAppBanner } from '../components/whatsapp-banner.tsx';
import type { HomeData } from '../contract/pages.ts';


export function Page({ data }: { data: HomeData }) {
  const site = useSite();
  const badges: { icon: IconName; title: string; text: string }[] = [
    { icon: 'check', title: 'Free Diagnosis', text: 'We find the fault before you pay anything.' },
    { icon: 'shield', title: site.warranty.primary.badge, text: 'Genuine parts, and the repair is covered.' },
    { icon: 'clock', title: 'Same-Day Service', text: 'Most repairs are finished within 24 hours.' },
  ];
  const reasons: { icon: IconName; title: string; text: string }[] = [
    { icon: 'award', title: `${site.stats.years} Years of Experience`, text: `Repairing TVs in ${site.address.city} since ${site.founded}.` },
    { icon: 'truck', title: 'Free Pickup & Delivery', text: 'We collect the TV from your home and bring it back fixed.' },
    { icon: 'wrench', title: 'Genuine Parts', text: 'Original panels, boards and power supplies, never cheap copies.' },
    { icon: 'users', title: 'Verified Technicians', text: 'Trained, background-checked technicians for every brand.' },
    { icon: 'tag', title: 'Upfront Prices', text: 'A written quote before we start; no hidden charges.' },
    { icon: 'monitor', title: `${site.stats.tvsRepaired} TVs Repaired`, text: 'LED, LCD, OLED, QLED and smart TVs of all brands.' },
  ];
  return (
    <>
      <Hero
        eyebrow={`TV repair in ${site.address.city} since ${site.founded}`}
        title={`Expert LED, LCD & Smart TV Repair in ${site.address.city}`}
        lead={`Same-day doorstep repair for all TV brands. Free diagnosis, free pickup and delivery, genuine parts and a ${site.warranty.primary.label}.`}
      >
        <ButtonLink to="/contact" variant="accent">
          Book Your Repair Now
        </ButtonLink>
        <ButtonLink to="/services" variant="light">
          Our TV Repair Services
        </ButtonLink>
      </Hero>

      <section aria-label="Why customers trust us" className="border-b border-line bg-surface">
        <ul className="mx-auto grid max-w-6xl gap-4 px-4 py-8 sm:grid-cols-3">
          {badges.map((b) => (
            <li key={b.title} className="flex items-start gap-3">
              <span className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-brand-700 text-white">
                <Icon name={b.icon} />
              </span>
              <span>
                <span className="block font-semibold text-ink">{b.title}</span>
                <span className="block text-sm text-muted">{b.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <Section id="services" title="Our TV Repair Services" lead="From a dead power board to a cracked panel, we repair every common TV fault.">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {data.services.map((s) => (
            <li key={s.id}>
              <ServiceCard service={s} />
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="service-center"
        title="Authorised Service Centre for Leading Brands"
        lead="Brand-trained technicians and genuine spare parts for the TVs in most Jaipur homes."
        className="bg-surface"
      >
        <BrandTiles tiles={data.brandTiles} />
        <p className="mt-8 text-center">
          <ButtonLink to="/service-center" variant="secondary">
            Visit Our Service Centre
          </ButtonLink>
        </p>
      </Section>

      <Section id="why-choose" title={`Why Choose ${site.business.name}?`}>
        <FeatureCards items={reasons} />
      </Section>

      <Section id="faq" title="Frequently Asked Questions" className="bg-surface">
        <div className="mx-auto max-w-3xl">
          <FaqAccordion items={data.faqs} idBase="faq" />
        </div>
      </Section>

      <Section id="testimonials" title="What Our Customers Say">
        <ul className="grid gap-6 md:grid-cols-2">
          {data.testimonials.map((t) => (
            <li key={t.id}>
              <TestimonialCard testimonial={t} />
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center">
          <Link to="/testimonials" className="font-semibold text-brand-700 hover:underline">
            Read more reviews
          </Link>
        </p>
      </Section>

      <WhatsAppBanner
        title="Send us a photo of the problem on WhatsApp"
        text="A technician replies with the likely fault and a price range, usually within minutes."
      />

      {data.posts.length > 0 && (
        <Section id="latest-posts" title="TV Care Tips from Our Blog">
          <ul className="grid gap-6 md:grid-cols-2">
            {data.posts.map((p) => (
              <li key={p.slug}>
                <PostCard post={p} />
              </li>
            ))}
          </ul>
          <p className="mt-8 text-center">
            <ButtonLink to="/blog" variant="secondary">
              Read All Articles
            </ButtonLink>
          </p>
        </Section>
      )}

      <ClosingBanner />
    </>
  );
}
