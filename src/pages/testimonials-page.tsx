import { ButtonLink } from '../components/button.tsx';
import { TestimonialCard } from '../components/cards.tsx';
import { Hero, Section } from '../components/hero.tsx';
import { Icon, type IconName } from '../components/icons.tsx';
import { useSite } from '../components/site-context.tsx';
import type { TestimonialsData } from '../contract/pages.ts';

/** /testimonials: the reviews, the shop's record, a link to leave a review, and the next steps. */
export function Page({ data }: { data: TestimonialsData }) {
  const site = useSite();
  const metrics: { icon: IconName; value: string; label: string }[] = [
    { icon: 'star', value: String(site.stats.rating), label: 'Average Rating' },
    { icon: 'heart', value: site.stats.satisfied, label: 'Satisfied Customers' },
    { icon: 'monitor', value: site.stats.tvsRepairedLastYear, label: 'TVs Repaired in the Past 12 Months' },
  ];
  return (
    <>
      <Hero
        eyebrow="Customer reviews"
        title="What Our Customers Say"
        lead={`Households and offices across ${site.address.city} on their TV repairs – in their own words.`}
      />

      <section aria-label="Our record" className="border-b border-line bg-surface">
        <dl className="mx-auto grid max-w-6xl gap-6 px-4 py-10 text-center sm:grid-cols-3">
          {metrics.map((m) => (
            <div key={m.label} className="flex flex-col items-center">
              <Icon name={m.icon} className="h-7 w-7 text-brand-700" />
              <dt className="order-last mt-1 text-muted">{m.label}</dt>
              <dd className="mt-2 text-4xl font-extrabold text-brand-900">{m.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <Section id="reviews" title="Customer Reviews">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {data.testimonials.map((t) => (
            <li key={t.id}>
              <TestimonialCard testimonial={t} />
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center">
          <a
            href={site.reviewUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border-2 border-brand-700 px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50"
          >
            <Icon name="star" /> Leave Us a Review<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      </Section>

      <section aria-labelledby="testimonials-cta" className="bg-brand-800 text-white">
        <div className="mx-auto max-w-6xl px-4 py-14 text-center">
          <h2 id="testimonials-cta" className="text-3xl font-bold">
            Ready to Join Our Happy Customers?
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-brand-100">Free diagnosis and free pickup – tell us what is wrong with your TV.</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/contact" variant="accent">
              Book Your Repair
            </ButtonLink>
            <ButtonLink to="/services" variant="light">
              View Our Services
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
