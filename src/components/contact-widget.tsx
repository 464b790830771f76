import { PhoneLink, WhatsAppLink } from './contact-links.tsx';
import { Icon } from './icons.tsx';
import { useT } from './site-context.tsx';

/**
 * One-tap contact on phones: a slim bar fixed to the bottom of the screen below the md breakpoint,
 * with a call and a WhatsApp action, visible in the first screen of every page. The page keeps room
 * for it (the footer's padding), so it covers nothing. Taps are ordinary tel: and WhatsApp links:
 * the tracker records them and the ad tag reports the call as a conversion.
 */
export function CallBar() {
  const t = useT();
  return (
    <aside aria-label={t('contactWidget.callBar')} className="fixed inset-x-0 bottom-0 z-30 grid h-14 grid-cols-2 border-t border-line bg-white shadow-up md:hidden print:hidden">
      <PhoneLink className="flex items-center justify-center gap-2 bg-brand-700 font-semibold text-white">
        <Icon name="phone" />{t('common.callNow')}
      </PhoneLink>
      <WhatsAppLink className="flex items-center justify-center gap-2 bg-chat-600 font-semibold text-white">
        <Icon name="chat" />{t('common.whatsApp')}
      </WhatsAppLink>
    </aside>
  );
}

/**
 * The floating phone button that opens a small panel with "Call Now" and "WhatsApp" (spec §2), from
 * the md breakpoint up (phones have the call bar instead). A native <details>: it opens without
 * JavaScript, and the panel's links follow the button in the tab order. src/client/shell.ts closes
 * it on Escape or a click elsewhere.
 */
export function ContactWidget() {
  const t = useT();
  return (
    <details data-disclosure className="group fixed right-4 bottom-4 z-30 hidden md:block print:hidden">
      <summary
        aria-label={t('contactWidget.open')}
        className="grid size-14 cursor-pointer place-items-center rounded-full bg-accent-600 text-white shadow-lg hover:bg-accent-700"
      >
        <Icon name="phone" className="size-6 group-open:hidden" />
        <Icon name="close" className="hidden size-6 group-open:block" />
      </summary>
      <div id="contact-panel" className="absolute right-0 bottom-full mb-3 w-56 rounded-xl border border-line bg-white p-3 shadow-xl">
        <p className="mb-2 px-1 text-sm font-semibold text-ink">{t('contactWidget.title')}</p>
        <PhoneLink className="mb-2 flex items-center gap-2 rounded-lg bg-brand-700 px-3 py-2.5 font-semibold text-white hover:bg-brand-800">
          <Icon name="phone" />{t('common.callNow')}
        </PhoneLink>
        <WhatsAppLink className="flex items-center gap-2 rounded-lg bg-chat-600 px-3 py-2.5 font-semibold text-white hover:bg-chat-700">
          <Icon name="chat" />{t('common.whatsApp')}
        </WhatsAppLink>
      </div>
    </details>
  );
}
