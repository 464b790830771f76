import { Link } from 'react-router';
import { hoursRange } from '../lib/format.ts';
import { EmailLink, PhoneLink, WhatsAppLink } from './contact-links.tsx';
import { Icon } from './icons.tsx';
import { useSiteData } from './site-context.tsx';

const QUICK_LINKS = [
  { href: '/about', label: 'About Us' },
  { href: '/services', label: 'All Services' },
  { href: '/service-center', label: 'Service Centre' },
  { href: '/testimonials', label: 'Testimonials' },
  { href: '/blog', label: 'TV Repair Blog' },
  { href: '/contact', label: 'Contact' },
  { href: '/privacy-policy', label: 'Privacy Policy' },
];

function Column({ title, links }: { title: string; links: { href: string; label: string }[] }) {
  if (links.length === 0) return null;
  return (
    <div>
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="space-y-1.5 text-sm">
        {links.map((l) => (
          <li key={l.href}>
            <Link to={l.href} className="text-slate-300 hover:text-white">
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
  const { site, nav, buildDate } = useSiteData();
  const hours = site.hours.primary;
  return (
    <footer className="bg-brand-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-1">
          <h2 className="mb-3 text-lg font-bold text-white">{site.business.name}</h2>
          <address className="space-y-2 text-sm not-italic">
            <p className="flex gap-2">
              <Icon name="pin" className="mt-0.5 h-4 w-4 shrink-0" />
              <span>
                {site.address.street}, {site.address.locality}, {site.address.city}, {site.address.region} {site.address.postalCode}
              </span>
            </p>
            <p className="flex gap-2">
              <Icon name="phone" className="mt-0.5 h-4 w-4 shrink-0" />
              <PhoneLink className="hover:text-white" />
            </p>
            <p className="flex gap-2">
              <Icon name="chat" className="mt-0.5 h-4 w-4 shrink-0" />
              <WhatsAppLink className="hover:text-white">Chat on WhatsApp</WhatsAppLink>
            </p>
            <p className="flex gap-2">
              <Icon name="mail" className="mt-0.5 h-4 w-4 shrink-0" />
              <EmailLink className="break-all hover:text-white" />
            </p>
            <p className="flex gap-2">
              <Icon name="clock" className="mt-0.5 h-4 w-4 shrink-0" />
              <span>
                {hours.label} ({hoursRange(hours)})
              </span>
            </p>
          </address>
        </div>
        <Column title="Services" links={nav.services} />
        <Column title="Brands" links={nav.brands} />
        <Column title="Quick Links" links={QUICK_LINKS} />
        <Column title="Areas We Serve" links={nav.areas} />
      </div>
      {/* Room below the last line for the phone's call bar (h-14) and, from md up, the floating contact button. */}
      <div className="border-t border-white/10 pb-14 md:pb-20">
        <p className="mx-auto max-w-6xl px-4 py-5 text-center text-sm text-slate-400">
          © {site.founded}–{buildDate.slice(0, 4)} {site.business.name}. TV repair in {site.address.city} since {site.founded}.
        </p>
      </div>
    </footer>
  );
}
