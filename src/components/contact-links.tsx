import type { ComponentProps, ReactNode } from 'react';
import { formatPhone, mailtoHref, telHref, whatsappHref } from '../lib/format.ts';
import { useSite } from './site-context.tsx';

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

/** Report a phone click to the ad tag, only when the page has one (spec §7 "Conversion event"). */
export function reportPhoneConversion(send_to?: string, value?: number) {
  if (typeof window.gtag !== 'function') return;
  window.gtag('event', 'conversion', {
    ...(send_to ? { send_to } : {}),
    event_label: 'phone_call_clicked',
    currency: 'INR',
    ...(value !== undefined ? { value } : {}),
  });
}

type AnchorProps = Omit<ComponentProps<'a'>, 'href' | 'children'> & { children?: ReactNode };

/** A tel: link to the shop's number; the text defaults to the number, formatted. */
export function PhoneLink({ children, onClick, local, ...rest }: AnchorProps & { local?: boolean }) {
  const site = useSite();
  const sendTo = site.ads ? `${site.ads.conversionId}/${site.ads.phoneLabel}` : undefined;
  const shown = local ? formatPhone(site.contact.phone).replace(/^\+91 /, '') : formatPhone(site.contact.phone);
  return (
    <a
      href={telHref(site.contact.phone)}
      onClick={(e) => {
        reportPhoneConversion(sendTo);
        onClick?.(e);
      }}
      {...rest}
    >
      {children ?? shown}
    </a>
  );
}

/** A WhatsApp chat link with the prefilled TV-repair message of site.yaml. */
export function WhatsAppLink({ children, ...rest }: AnchorProps) {
  const site = useSite();
  return (
    <a href={whatsappHref(site.contact.whatsapp, site.contact.whatsappText)} target="_blank" rel="noopener noreferrer" {...rest}>
      {children ?? 'WhatsApp'}
    </a>
  );
}

export function EmailLink({ children, ...rest }: AnchorProps) {
  const site = useSite();
  return (
    <a href={mailtoHref(site.contact.email)} {...rest}>
      {children ?? site.contact.email}
    </a>
  );
}
