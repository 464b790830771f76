import { Link } from './link.tsx';
import { hoursRange } from '../i18n/translate.ts';
import { EmailLink, PhoneLink, WhatsAppLink } from './contact-links.tsx';
import { Icon } from './icons.tsx';
import { useSiteData, useT } from './site-context.tsx';

const QUICK_LINKS = [
  { href: '/about', key: 'footer.links.about' },
  { href: '/services', key: 'footer.links.services' },
  { href: '/service-center', key: 'footer.links.serviceCenter' },
  { href: '/testimonials', key: 'footer.links.testimonials' },
  { href: '/blog', key: 'footer.links.blog' },
  { href: '/contact', key: 'footer.links.contact' },
  { href: '/privacy-policy', key: 'footer.links.privacyPolicy' },
];

function Column({ title, links }: { title: string; links: { href: string; label: string }[] }) {
  if (links.length === 0) return null;
  return (
    <div>
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="grid gap-1.5 text-sm">
        {links.map((l) => (
          <li key={l.href}>
            <Link to={l.href}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Contact details, then service, brand, quick and area links; brand and area lists come from content. */
export function Footer() {
  const { site, nav, buildDate, messages } = useSiteData();
  const t = useT();
  const hours = site.hours.primary;
  return (
    <footer className="bg-brand-900 text-slate-300 [&_a]:hover:text-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div>
          <h2 className="mb-3 text-lg font-bold text-white">{site.business.name}</h2>
          <address className="grid gap-2 text-sm not-italic">
            <p className="flex gap-2">
              <Icon name="pin" className="mt-0.5 size-4 shrink-0" />
              <span>{t('common.address', { ...site.address })}</span>
            </p>
            <p className="flex gap-2">
              <Icon name="phone" className="mt-0.5 size-4 shrink-0" />
              <PhoneLink />
            </p>
            <p className="flex gap-2">
              <Icon name="chat" className="mt-0.5 size-4 shrink-0" />
              <WhatsAppLink>{t('footer.chatOnWhatsApp')}</WhatsAppLink>
            </p>
            <p className="flex gap-2">
              <Icon name="mail" className="mt-0.5 size-4 shrink-0" />
              <EmailLink className="break-all" />
            </p>
            <p className="flex gap-2">
              <Icon name="clock" className="mt-0.5 size-4 shrink-0" />
              <span>{t('footer.hours', { label: hours.label, range: hoursRange(hours, messages) })}</span>
            </p>
          </address>
        </div>
        <Column title={t('footer.services')} links={nav.services} />
        <Column title={t('footer.brands')} links={nav.brands} />
        <Column title={t('footer.quickLinks')} links={QUICK_LINKS.map((l) => ({ href: l.href, label: t(l.key) }))} />
        <Column title={t('footer.areas')} links={nav.areas} />
      </div>
      {/* Room below the last line for the phone's call bar (h-14) and, from md up, the floating contact button. */}
      <div className="border-t border-white/10 pb-14 md:pb-20">
        <p className="mx-auto max-w-6xl px-4 py-5 text-center text-sm text-slate-400">
          {t('footer.copyright', { founded: site.founded, year: buildDate.slice(0, 4), business: site.business.name, city: site.address.city })}
        </p>
      </div>
    </footer>
  );
}
