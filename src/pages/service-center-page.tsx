import { BrandTiles } from '../components/brand-tiles.tsx';
import { ButtonLink, CallButton } from '../components/button.tsx';
import { ClosingBanner } from '../components/closing-banner.tsx';
import { Hero, Section } from '../components/hero.tsx';
import { useSite } from '../components/site-context.tsx';
import { formatPhone, hoursText } from '../lib/format.ts';
import type { ServiceCenterData } from '../contract/pages.ts';
import { type Feature, FeatureCards } from '../components/feature-cards.tsx';

export type { ServiceCenterData };

/** /service-center: the centre in Mansarovar, six feature cards, the brands we service and a call to action. */
export function Page({ data }: { data: ServiceCenterData }) {
  const site = useSite();
  const hours = site.hours.primary;
  const address = `${site.address.street}, ${site.address.locality}, ${site.address.city} ${site.address.postalCode}`;
  const features: Feature[] = [
    { icon: 'pin', title: `Located in ${site.address.locality}`, text: address },
    { icon: 'clock', title: 'Open Every Day', text: hoursText(hours) },
    { icon: 'phone', title: 'Call Before You Come', text: `Call ${formatPhone(site.contact.phone)} and we keep a technician ready for your TV.` },
    { icon: 'users', title: 'Trained Technicians', text: 'Brand-trained, background-checked technicians with years of bench experience.' },
    { icon: 'tag', title: 'All Brands Serviced', text: 'LED, LCD, OLED, QLED and smart TVs of every brand, old and new.' },
    { icon: 'shield', title: site.warranty.primary.badge, text: `A ${site.warranty.primary.label} on the parts fitted and the work done.` },
  ];
  return (
    <>
      <Hero
        eyebrow={`${site.address.locality}, ${site.address.city}`}
        title={`TV Service Centre in ${site.address.city}`}
        lead={`Bring your TV to our ${site.address.locality} workshop, or let us pick it up: genuine parts, trained technicians and a written warranty.`}
      >
        <ButtonLink to="/contact" variant="accent">
          Book a Repair
        </ButtonLink>
        <CallButton variant="light" />
      </Hero>
      <Section id="features" title="Why Visit Our Service Centre">
        <FeatureCards items={features} />
      </Section>
      {data.brands.length > 0 && (
        <Section id="brands" title="Brands We Service" className="bg-surface">
          <BrandTiles tiles={data.brands} />
        </Section>
      )}
      <ClosingBanner />
    </>
  );
}
