import { PhoneLink, WhatsAppLink } from './contact-links.tsx';
import { Icon } from './icons.tsx';

/**
 * The floating phone button that opens a small panel with "Call Now" and "WhatsApp" (spec §2).
 * A native <details>: it opens without JavaScript, and the panel's links follow the button in the
 * tab order. src/client/shell.ts closes it on Escape or a click elsewhere.
 */
export function ContactWidget() {
  return (
    <details data-disclosure className="group fixed right-4 bottom-4 z-30 print:hidden">
      <summary
        aria-label="Contact us: call or WhatsApp"
        className="grid h-14 w-14 cursor-pointer list-none place-items-center rounded-full bg-accent-600 text-white shadow-lg hover:bg-accent-700 [&::-webkit-details-marker]:hidden"
      >
        <Icon name="phone" className="h-6 w-6 group-open:hidden" />
        <Icon name="close" className="hidden h-6 w-6 group-open:block" />
      </summary>
      <div id="contact-panel" className="absolute right-0 bottom-full mb-3 w-56 rounded-xl border border-line bg-white p-3 shadow-xl">
        <p className="mb-2 px-1 text-sm font-semibold text-ink">Talk to a technician</p>
        <PhoneLink className="mb-2 flex items-center gap-2 rounded-lg bg-brand-700 px-3 py-2.5 font-semibold text-white hover:bg-brand-800">
          <Icon name="phone" /> Call Now
        </PhoneLink>
        <WhatsAppLink className="flex items-center gap-2 rounded-lg bg-chat-600 px-3 py-2.5 font-semibold text-white hover:bg-chat-700">
          <Icon name="chat" /> WhatsApp
        </WhatsAppLink>
      </div>
    </details>
  );
}
