import { BrandTiles } from '../components/brand-tiles.tsx';
import { ButtonLink, CallButton } from '../components/button.tsx';
import { ClosingBanner } from '../components/closing-banner.tsx';
import { Hero, Section } from '../components/hero.tsx';
import { useFacts, useSiteData, useT } from '../components/site-context.tsx';
import { hoursText } from '../i18n/translate.ts';
import type { PageData } from '../contract/pages.ts';
import { type Feature, FeatureCards } from '../components/feature-cards.tsx';

/** /service-center: the centre in Mansarovar, six feature cards, the brands we service and a call to action. */
export function Page({ data }: { data: PageData<'service-center'> }) {
  const { site, messages } = useSiteData();
  const t = useT();
  const hours = site.hours.primary;
  const facts = useFacts();
  const address = `${site.address.street}, ${site.address.locality}, ${site.address.city} ${site.address.postalCode}`;
  const features: Feature[] = [
    { icon: 'pin', title: t('serviceCenter.features.located', facts), text: address },
    { icon: 'clock', title: t('serviceCenter.features.open'), text: hoursText(hours, messages) },
    { icon: 'phone', title: t('serviceCenter.features.call.title'), text: t('serviceCenter.features.call.text', facts) },
    { icon: 'users', title: t('serviceCenter.features.technicians.title'), text: t('serviceCenter.features.technicians.text') },
    { icon: 'tag', title: t('serviceCenter.features.brands.title'), text: t('serviceCenter.features.brands.text') },
    { icon: 'shield', title: site.warranty.primary.badge, text: t('serviceCenter.features.warranty.text', facts) },
  ];
  return (
    <>
      <Hero
        eyebrow={`${site.address.locality}, ${site.address.city}`}
        title={t('serviceCenter.hero.title', facts)}
        lead={t('serviceCenter.hero.lead', facts)}
      >
        <ButtonLink to="/contact" variant="accent">
          {t('serviceCenter.hero.book')}
        </ButtonLink>
        <CallButton variant="light" />
      </Hero>
      <Section id="features" title={t('serviceCenter.features.title')}>
        <FeatureCards items={features} />
      </Section>
      {data.brands.length > 0 && (
        <Section id="brands" title={t('serviceCenter.brands')} className="bg-surface">
          <BrandTiles tiles={data.brands} />
        </Section>
      )}
      <ClosingBanner />
    </>
  );
}
