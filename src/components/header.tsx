import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { cn } from './cn.ts';
import { Icon } from './icons.tsx';
import { QuoteButton } from './quote-dialog.tsx';
import { useSite } from './site-context.tsx';

const LINKS = [
  { to: '/', label: 'Home' },
  { to: '/services', label: 'Services' },
  { to: '/about', label: 'About Us' },
  { to: '/service-center', label: 'Service Centre' },
  { to: '/blog', label: 'Blog' },
  { to: '/contact', label: 'Contact' },
];

/** Sticky top navigation; below the md breakpoint the links fold behind a toggle. */
export function Header() {
  const site = useSite();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'block rounded-md px-3 py-2 text-base font-medium md:text-[0.95rem]',
      isActive ? 'text-brand-700 md:bg-brand-50' : 'text-ink hover:text-brand-700',
    );

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3">
        <Link to="/" onClick={close} className="flex items-center gap-2 text-lg font-bold text-brand-800">
          <span className="grid h-9 w-9 place-items-center rounded-lg bg-brand-700 text-white">
            <Icon name="monitor" />
          </span>
          {site.business.name}
        </Link>
        <button
          type="button"
          className="rounded-md p-2 text-ink hover:bg-surface md:hidden"
          aria-expanded={open}
          aria-controls="main-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((o) => !o)}
        >
          <Icon name={open ? 'close' : 'menu'} className="h-6 w-6" />
        </button>
        <div id="main-menu" className={cn('w-full md:flex md:w-auto md:items-center md:gap-1', open ? 'block' : 'hidden')}>
          <ul className="flex flex-col gap-1 py-2 md:flex-row md:py-0">
            {LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.to === '/'} className={linkClass} onClick={close}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <QuoteButton
            onOpen={close}
            className="mt-1 block w-full rounded-lg bg-accent-600 px-4 py-2.5 text-center font-semibold text-white hover:bg-accent-700 md:mt-0 md:ml-2 md:inline-block md:w-auto"
          />
        </div>
      </nav>
    </header>
  );
}
