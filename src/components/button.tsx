import type { ComponentProps, ReactNode } from 'react';
import { Link } from './link.tsx';
import { cn } from './cn.ts';
import { PhoneLink } from './contact-links.tsx';
import { Icon } from './icons.tsx';
import { useT } from './site-context.tsx';

type Variant = 'primary' | 'secondary' | 'accent' | 'chat' | 'light' | 'light-chat';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  secondary: 'border-2 border-brand-700 text-brand-700 bg-white hover:bg-brand-50',
  accent: 'bg-accent-600 text-white hover:bg-accent-700',
  chat: 'bg-chat-600 text-white hover:bg-chat-700',
  light: 'bg-white text-brand-800 hover:bg-brand-50',
  /** A white button on a WhatsApp-green banner. */
  'light-chat': 'bg-white text-chat-700 hover:bg-brand-50',
};

/**
 * A button's classes: the variant owns colour, size and shape; `className` adds layout only
 * (margins, alignment). Two utilities for one property would leave the winner to the stylesheet's
 * order, so a colour passed in is a new variant instead (tests/unit/source-rules.test.ts).
 */
export function buttonClass(variant: Variant = 'primary', className?: string) {
  return cn(
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-base font-semibold transition-colors',
    VARIANTS[variant],
    className,
  );
}

/** A link to a page of the site, styled as a button. */
export function ButtonLink({
  to,
  variant = 'primary',
  className,
  children,
  ...rest
}: { to: string; variant?: Variant; children: ReactNode } & Omit<ComponentProps<'a'>, 'href'>) {
  return (
    <Link to={to} className={buttonClass(variant, className)} {...rest}>
      {children}
    </Link>
  );
}

/** "Call Now" as a button: a tel: link to the shop's number from site.yaml. */
export function CallButton({ variant = 'light' }: { variant?: Variant }) {
  const t = useT();
  return (
    <PhoneLink className={buttonClass(variant)}>
      <Icon name="phone" />{t('common.callNow')}
    </PhoneLink>
  );
}
