import { useState } from 'react';
import { PhoneLink, WhatsAppLink } from './contact-links.tsx';
import { Icon } from './icons.tsx';

/** The floating phone button that opens a small panel with "Call Now" and "WhatsApp". */
export function ContactWidget() {
  const [open, setOpen] = useState(false);
  return (
    <div className="fixed right-4 bottom-4 z-30 flex flex-col items-end gap-3 print:hidden">
      {open && (
        <div id="contact-panel" className="w-56 rounded-xl border border-line bg-white p-3 shadow-xl">
          <p className="mb-2 px-1 text-sm font-semibold text-ink">Talk to a technician</p>
          <PhoneLink className="mb-2 flex items-center gap-2 rounded-lg bg-brand-700 px-3 py-2.5 font-semibold text-white hover:bg-brand-800">
            <Icon name="phone" /> Call Now
          </PhoneLink>
          <WhatsAppLink className="flex items-center gap-2 rounded-lg bg-chat-600 px-3 py-2.5 font-semibold text-white hover:bg-chat-700">
            <Icon name="chat" /> WhatsApp
          </WhatsAppLink>
        </div>
      )}
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls="contact-panel"
        aria-label={open ? 'Close contact options' : 'Contact us: call or WhatsApp'}
        className="grid h-14 w-14 place-items-center rounded-full bg-accent-600 text-white shadow-lg hover:bg-accent-700"
      >
        <Icon name={open ? 'close' : 'phone'} className="h-6 w-6" />
      </button>
    </div>
  );
}
