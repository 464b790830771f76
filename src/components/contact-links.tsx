import type { ComponentProps, ReactNode } from 'react';
import { formatPhone } from '../lib/format.ts';
import { useSite, useT } from './site-context.tsx';

type AnchorProps = Omit<ComponentProps<'a'>, 'href' | 'children'> & { children?: ReactNode };

/**
 * A tel: link to the shop's number; the text defaults to the number, formatted. Clicks are reported
 * as conversions by src/lib/ad-tag.ts, which watches every tel: link of the page.
 */
export function PhoneLink({ children, local, ...rest }: AnchorProps & { local?: boolean }) {
  const site = useSite();
  const shown = local ? formatPhone(site.contact.phone).replace(/^\+91 /, '') : formatPhone(site.contact.phone);
  return (
    <a href={`tel:${site.contact.phone}`} {...rest}>
      {children ?? shown}
    </a>
  );
}

/** A WhatsApp chat link with the prefilled message of site.yaml. */
export function WhatsAppLink({ children, ...rest }: AnchorProps) {
  const site = useSite();
  const t = useT();
  return (
    <a href={`https://wa.me/${site.contact.whatsapp.replace(/^\+/, '')}?text=${encodeURIComponent(site.contact.whatsappText)}`} target="_blank" rel="noopener noreferrer" {...rest}>
      {children ?? t('common.whatsApp')}
    </a>
  );
}

export function EmailLink({ children, ...rest }: AnchorProps) {
  const site = useSite();
  return (
    <a href={`mailto:${site.contact.email}`} {...rest}>
      {children ?? site.contact.email}
    </a>
  );
}
