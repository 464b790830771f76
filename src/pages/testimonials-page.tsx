import { ButtonLink } from '../components/button.tsx';
import { TestimonialGrid } from '../components/cards.tsx';
import { ClosingBanner } from '../components/closing-banner.tsx';
import { Hero, Section } from '../components/hero.tsx';
import { Icon, type IconName } from '../components/icons.tsx';
import { useSite, useT } from '../components/site-context.tsx';
import type { PageData } from '../contract/pages.ts';

/** /testimonials: the reviews, the shop's record, a link to leave a review, and the next steps. */
export function Page({ data }: { data: PageData<'testimonials'> }) {
  const site = useSite();
  const t = useT();
  const metrics: { icon: IconName; value: string; label: string }[] = [
    { icon: 'star', value: String(site.stats.rating), label: t('testimonials.record.rating') },
    { icon: 'heart', value: site.stats.satisfied, label: t('testimonials.record.satisfied') },
    { icon: 'monitor', value: site.stats.jobsLastYear, label: t('testimonials.record.repaired') },
  ];
  return (
    <>
      <Hero
        eyebrow={t('testimonials.hero.eyebrow')}
        title={t('testimonials.hero.title')}
        lead={t('testimonials.hero.lead', { city: site.address.city })}
      />

      <section aria-label={t('testimonials.record.label')} className="border-b border-line bg-surface">
        <dl className="mx-auto grid max-w-6xl gap-6 px-4 py-10 text-center sm:grid-cols-3">
          {metrics.map((m) => (
            <div key={m.label} className="flex flex-col items-center">
              <Icon name={m.icon} className="size-7 text-brand-700" />
              <dt className="order-last mt-1 text-muted">{m.label}</dt>
              <dd className="mt-2 text-4xl font-extrabold text-brand-900">{m.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <Section id="reviews" title={t('testimonials.reviews.title')}>
        <TestimonialGrid items={data.testimonials} />
        <p className="mt-10 text-center">
          <a
            href={site.reviewUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border-2 border-brand-700 px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50"
          >
            <Icon name="star" />{t('testimonials.reviews.leave')}<span className="sr-only"> {t('common.opensInNewTab')}</span>
          </a>
        </p>
      </Section>

      <ClosingBanner id="testimonials-cta" title={t('testimonials.cta.title')} text={t('testimonials.cta.text')}>
        <ButtonLink to="/contact" variant="accent">
          {t('testimonials.cta.book')}
        </ButtonLink>
        <ButtonLink to="/services" variant="light">
          {t('testimonials.cta.services')}
        </ButtonLink>
      </ClosingBanner>
    </>
  );
}
