import { EmailLink, PhoneLink } from '../components/contact-links.tsx';
import { Hero } from '../components/hero.tsx';
import { useSiteData } from '../components/site-context.tsx';
import { formatDate } from '../i18n/translate.ts';
import type { PageData } from '../contract/pages.ts';
import { useT } from '../i18n/use-t.ts';

function Block({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-10">
      <h2 id={id} className="mb-3 text-2xl font-bold text-brand-900">
        {title}
      </h2>
      <div className="space-y-3 text-ink">{children}</div>
    </section>
  );
}

export function Page(_: { data: PageData<'privacy-policy'> }) {
  const { site, buildDate, messages } = useSiteData();
  const t = useT();
  const facts = { business: site.business.name, city: site.address.city, region: site.address.region };
  // The static HTML carries the build date; src/client/shell.ts shows the visitor's current date
  // (spec: "the last-updated date shown is always the current date").
  const updated = buildDate;
  const name = site.business.name;
  return (
    <>
      <Hero title={t('privacyPolicy.hero.title')} lead={t('privacyPolicy.hero.lead', facts)} />
      <div className="mx-auto max-w-3xl px-4 py-12 leading-relaxed">
        <p className="mb-10 text-sm text-muted">
          {t('privacyPolicy.lastUpdated')} <time dateTime={updated} data-today="">{formatDate(updated, messages)}</time>
        </p>
        <Block id="introduction" title={t('privacyPolicy.introduction.title')}>
          <p>{t('privacyPolicy.introduction.text', facts)}</p>
        </Block>
        <Block id="information-we-collect" title={t('privacyPolicy.collect.title')}>
          <p>{t('privacyPolicy.collect.lead')}</p>
          <ul className="list-disc space-y-1 pl-6">
            <li>{t('privacyPolicy.collect.name')}</li>
            <li>{t('privacyPolicy.collect.address')}</li>
            <li>{t('privacyPolicy.collect.job')}</li>
            <li>{t('privacyPolicy.collect.payment')}</li>
          </ul>
          <p>{t('privacyPolicy.collect.browsing')}</p>
        </Block>
        <Block id="how-we-use" title={t('privacyPolicy.use.title')}>
          <ul className="list-disc space-y-1 pl-6">
            <li>{t('privacyPolicy.use.request')}</li>
            <li>{t('privacyPolicy.use.warranty')}</li>
            <li>{t('privacyPolicy.use.improve')}</li>
            <li>{t('privacyPolicy.use.legal')}</li>
          </ul>
        </Block>
        <Block id="sharing" title={t('privacyPolicy.sharing.title')}>
          <p>{t('privacyPolicy.sharing.text')}</p>
        </Block>
        <Block id="security" title={t('privacyPolicy.security.title')}>
          <p>{t('privacyPolicy.security.text')}</p>
        </Block>
        <Block id="cookies" title={t('privacyPolicy.cookies.title')}>
          <p>{t('privacyPolicy.cookies.text')}</p>
        </Block>
        <Block id="your-rights" title={t('privacyPolicy.rights.title')}>
          <p>{t('privacyPolicy.rights.text')}</p>
        </Block>
        <Block id="third-party-links" title={t('privacyPolicy.thirdParty.title')}>
          <p>{t('privacyPolicy.thirdParty.text')}</p>
        </Block>
        <Block id="childrens-privacy" title={t('privacyPolicy.children.title')}>
          <p>{t('privacyPolicy.children.text')}</p>
        </Block>
        <Block id="changes" title={t('privacyPolicy.changes.title')}>
          <p>{t('privacyPolicy.changes.text')}</p>
        </Block>
        <Block id="contact-us" title={t('privacyPolicy.contactUs.title')}>
          <address className="not-italic">
            <p className="font-semibold">{name}</p>
            <p>{t('common.address', { ...site.address })}</p>
            <p>
              {t('privacyPolicy.contactUs.phone')} <PhoneLink className="text-brand-700 underline" />
            </p>
            <p>
              {t('privacyPolicy.contactUs.email')} <EmailLink className="text-brand-700 underline" />
            </p>
          </address>
        </Block>
      </div>
    </>
  );
}
