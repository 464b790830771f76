import { Link } from '../components/link.tsx';
import { BrandTiles } from '../components/brand-tiles.tsx';
import { ButtonLink } from '../components/button.tsx';
import { ServiceCard, TestimonialGrid } from '../components/cards.tsx';
import { ClosingBanner } from '../components/closing-banner.tsx';
import { FaqAccordion } from '../components/faq-accordion.tsx';
import { FeatureCards } from '../components/feature-cards.tsx';
import { Hero, Section } from '../components/hero.tsx';
import { Icon, type IconName } from '../components/icons.tsx';
import { PostGrid } from '../components/post-grid.tsx';
import { useFacts, useSite, useT } from '../components/site-context.tsx';
import { WhatsAppBanner } from '../components/whatsapp-banner.tsx';
import type { PageData } from '../contract/pages.ts';


export function Page({ data }: { data: PageData<'home'> }) {
  const site = useSite();
  const t = useT();
  const facts = useFacts();
  const badges: { icon: IconName; title: string; text: string }[] = [
    { icon: 'check', title: t('home.badges.diagnosis.title'), text: t('home.badges.diagnosis.text') },
    { icon: 'shield', title: site.warranty.primary.badge, text: t('home.badges.warranty.text') },
    { icon: 'clock', title: t('home.badges.sameDay.title'), text: t('home.badges.sameDay.text') },
  ];
  const reason = (icon: IconName, key: string) => ({ icon, title: t(`home.whyChoose.${key}.title`, facts), text: t(`home.whyChoose.${key}.text`, facts) });
  const reasons = [
    reason('award', 'experience'),
    reason('truck', 'pickup'),
    reason('wrench', 'parts'),
    reason('users', 'technicians'),
    reason('tag', 'prices'),
    reason('monitor', 'repaired'),
  ];
  return (
    <>
      <Hero
        eyebrow={t('home.hero.eyebrow', facts)}
        title={t('home.hero.title', facts)}
        lead={t('home.hero.lead', facts)}
      >
        <ButtonLink to="/contact" variant="accent">
          {t('home.hero.book')}
        </ButtonLink>
        <ButtonLink to="/services" variant="light">
          {t('home.hero.services')}
        </ButtonLink>
      </Hero>

      <section aria-label={t('home.badges.label')} className="border-b border-line bg-surface">
        <ul className="mx-auto grid max-w-6xl gap-4 px-4 py-8 sm:grid-cols-3">
          {badges.map((b) => (
            <li key={b.title} className="flex items-start gap-3">
              <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-700 text-white">
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

      <Section id="services" title={t('home.services.title')} lead={t('home.services.lead')}>
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
        title={t('home.serviceCenter.title')}
        lead={t('home.serviceCenter.lead', { city: site.address.city })}
        className="bg-surface"
      >
        <BrandTiles tiles={data.brandTiles} />
        <p className="mt-8 text-center">
          <ButtonLink to="/service-center" variant="secondary">
            {t('home.serviceCenter.visit')}
          </ButtonLink>
        </p>
      </Section>

      <Section id="why-choose" title={t('home.whyChoose.title', facts)}>
        <FeatureCards items={reasons} />
      </Section>

      <Section id="faq" title={t('home.faq.title')} className="bg-surface">
        <div className="mx-auto max-w-3xl">
          <FaqAccordion items={data.faqs} idBase="faq" />
        </div>
      </Section>

      <Section id="testimonials" title={t('home.testimonials.title')}>
        <TestimonialGrid items={data.testimonials} className="md:grid-cols-2" />
        <p className="mt-8 text-center">
          <Link to="/testimonials" className="font-semibold text-brand-700 hover:underline">
            {t('home.testimonials.more')}
          </Link>
        </p>
      </Section>

      <WhatsAppBanner
        title={t('home.whatsapp.title')}
        text={t('home.whatsapp.text')}
      />

      {data.posts.length > 0 && (
        <Section id="latest-posts" title={t('home.posts.title')}>
          <PostGrid posts={data.posts} columns={2} />
          <p className="mt-8 text-center">
            <ButtonLink to="/blog" variant="secondary">
              {t('home.posts.all')}
            </ButtonLink>
          </p>
        </Section>
      )}

      <ClosingBanner />
    </>
  );
}
