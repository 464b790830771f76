import { ClosingBanner } from '../components/closing-banner.tsx';
import { Hero, Section } from '../components/hero.tsx';
import { FeatureCards, type Feature } from '../components/feature-cards.tsx';
import { useFacts, useSite, useT } from '../components/site-context.tsx';
import type { PageData } from '../contract/pages.ts';
import { initials } from '../lib/format.ts';

/** The values: an icon and the key under about.values of each. */
const VALUES = [
  ['shield', 'integrity'],
  ['award', 'quality'],
  ['heart', 'customer'],
  ['bulb', 'innovation'],
] as const;

/** /about: story, mission, values, why choose us, the founder, and a call to action. */
export function Page(_: { data: PageData<'about'> }) {
  const site = useSite();
  const t = useT();
  const { founder } = site.business;
  const facts = useFacts();
  const values: Feature[] = VALUES.map(([icon, key]) => ({ icon, title: t(`about.values.${key}.title`), text: t(`about.values.${key}.text`) }));
  const reasons: Feature[] = [
    { icon: 'award', title: t('about.whyChoose.experience.title', facts), text: t('about.whyChoose.experience.text', facts) },
    { icon: 'monitor', title: t('about.whyChoose.repaired.title', facts), text: t('about.whyChoose.repaired.text') },
    { icon: 'clock', title: t('about.whyChoose.sameDay.title'), text: t('about.whyChoose.sameDay.text') },
    { icon: 'truck', title: t('about.whyChoose.pickup.title'), text: t('about.whyChoose.pickup.text', facts) },
    { icon: 'wrench', title: t('about.whyChoose.parts.title'), text: t('about.whyChoose.parts.text') },
    { icon: 'shield', title: site.warranty.primary.badge, text: t('about.whyChoose.warranty.text', facts) },
  ];
  return (
    <>
      <Hero
        eyebrow={t('about.hero.eyebrow', facts)}
        title={t('about.hero.title', facts)}
        lead={t('about.hero.lead', facts)}
      />

      <section aria-labelledby="story" className="mx-auto grid max-w-6xl gap-10 px-4 py-14 md:grid-cols-2">
        <div>
          <h2 id="story" className="text-3xl font-bold text-brand-900">
            {t('about.story.title')}
          </h2>
          <p className="mt-4 text-lg text-ink">{t('about.story.text', facts)}</p>
          <p className="mt-4 text-muted">{t('about.story.small')}</p>
        </div>
        <div className="rounded-xl bg-brand-50 p-8">
          <h2 id="mission" className="text-3xl font-bold text-brand-900">
            {t('about.mission.title')}
          </h2>
          <p className="mt-4 text-lg text-ink">{t('about.mission.text')}</p>
        </div>
      </section>

      <Section id="values" title={t('about.values.title')} className="bg-surface">
        <FeatureCards items={values} className="sm:grid-cols-2 lg:grid-cols-4" />
      </Section>

      <Section id="why-choose" title={t('about.whyChoose.title', facts)}>
        <FeatureCards items={reasons} />
      </Section>

      <Section id="founder" title={t('about.founder.title')} className="bg-surface">
        <figure className="mx-auto flex max-w-3xl flex-col items-center gap-6 rounded-xl border border-line bg-white p-8 text-center md:flex-row md:text-left">
          <span aria-hidden="true" className="grid size-24 shrink-0 place-items-center rounded-full bg-brand-700 text-3xl font-bold text-white">
            {initials(founder.name)}
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
