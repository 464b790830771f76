import { EmailLink, PhoneLink } from '../components/contact-links.tsx';
import { Hero } from '../components/hero.tsx';
import { useFacts, useSiteData, useT } from '../components/site-context.tsx';
import { formatDate } from '../i18n/translate.ts';
import type { PageData } from '../contract/pages.ts';

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

/** The sections that are one paragraph each: their anchors and catalogue keys (privacyPolicy.<key>.title and .text). */
const PARAGRAPHS = [
  ['sharing', 'sharing'],
  ['security', 'security'],
  ['cookies', 'cookies'],
  ['your-rights', 'rights'],
  ['third-party-links', 'thirdParty'],
  ['childrens-privacy', 'children'],
  ['changes', 'changes'],
] as const;

export function Page(_: { data: PageData<'privacy-policy'> }) {
  const { site, buildDate, messages } = useSiteData();
  const t = useT();
  const facts = useFacts();
  return (
    <>
      <Hero title={t('privacyPolicy.hero.title')} lead={t('privacyPolicy.hero.lead', facts)} />
      <div className="mx-auto max-w-3xl px-4 py-12 leading-relaxed">
        <p className="mb-10 text-sm text-muted">
          {/* The static HTML carries the build date; src/client/shell.ts shows the visitor's current date
              (spec: "the last-updated date shown is always the current date"). */}
          {t('privacyPolicy.lastUpdated')} <time dateTime={buildDate} data-today="">{formatDate(buildDate, messages)}</time>
        </p>
        <Block id="introduction" title={t('privacyPolicy.introduction.title')}>
          <p>{t('privacyPolicy.introduction.text', facts)}</p>
        </Block>
        <Block id="information-we-collect" title={t('privacyPolicy.collect.title')}>
          <p>{t('privacyPolicy.collect.lead')}</p>
          <ul className="list-disc space-y-1 pl-6">
            {['name', 'address', 'job', 'payment'].map((k) => <li key={k}>{t(`privacyPolicy.collect.${k}`)}</li>)}
          </ul>
          <p>{t('privacyPolicy.collect.browsing')}</p>
        </Block>
        <Block id="how-we-use" title={t('privacyPolicy.use.title')}>
          <ul className="list-disc space-y-1 pl-6">
            {['request', 'warranty', 'improve', 'legal'].map((k) => <li key={k}>{t(`privacyPolicy.use.${k}`)}</li>)}
          </ul>
        </Block>
        {PARAGRAPHS.map(([id, key]) => (
          <Block key={id} id={id} title={t(`privacyPolicy.${key}.title`)}>
            <p>{t(`privacyPolicy.${key}.text`)}</p>
          </Block>
        ))}
        <Block id="contact-us" title={t('privacyPolicy.contactUs.title')}>
          <address className="not-italic">
            <p className="font-semibold">{site.business.name}</p>
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
