import { buttonClass, ButtonLink, CallButton } from '../components/button.tsx';
import { WhatsAppLink } from '../components/contact-links.tsx';
import { Icon } from '../components/icons.tsx';
import { useSiteData, useT } from '../components/site-context.tsx';
import { hoursText } from '../i18n/translate.ts';
import type { PageData } from '../contract/pages.ts';

/** Where the form service sends a visitor after any form (quote, contact, brand request). */
export function Page(_: { data: PageData<'thank-you'> }) {
  const { site, messages } = useSiteData();
  const t = useT();
  const steps = [
    t('thankYou.next.call', { hours: hoursText(site.hours.primary, messages) }),
    t('thankYou.next.questions'),
    t('thankYou.next.visit'),
  ];
  return (
    <div className="mx-auto max-w-3xl px-4 py-14">
      <div className="text-center">
        <span className="mx-auto grid size-16 place-items-center rounded-full bg-chat-600 text-white">
          <Icon name="check" className="size-8" />
        </span>
        <h1 className="mt-6 text-3xl font-extrabold text-brand-900 md:text-4xl">{t('thankYou.title')}</h1>
        <p className="mt-4 text-lg text-muted">{t('thankYou.lead', { business: site.business.name })}</p>
      </div>

      <section aria-labelledby="next-steps" className="mt-10 rounded-xl border border-line bg-surface p-6 md:p-8">
        <h2 id="next-steps" className="text-2xl font-bold text-brand-900">
          {t('thankYou.next.title')}
        </h2>
        <ol className="mt-5 space-y-4">
          {steps.map((s, i) => (
            <li key={s} className="flex gap-4">
              <span aria-hidden="true" className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-700 font-bold text-white">
                {i + 1}
              </span>
              <span className="text-ink">{s}</span>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="cant-wait" className="mt-10 text-center">
        <h2 id="cant-wait" className="text-2xl font-bold text-brand-900">
          {t('thankYou.cantWait.title')}
        </h2>
        <p className="mt-2 text-muted">{t('thankYou.cantWait.text')}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <CallButton variant="primary" />
          <WhatsAppLink className={buttonClass('chat')}>
            <Icon name="chat" />{t('common.whatsAppUs')}
          </WhatsAppLink>
        </div>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/" variant="secondary">
            {t('thankYou.home')}
          </ButtonLink>
          <ButtonLink to="/services" variant="secondary">
            {t('thankYou.services')}
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}
