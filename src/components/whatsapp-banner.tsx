import { buttonClass } from './button.tsx';
import { WhatsAppLink } from './contact-links.tsx';
import { Icon } from './icons.tsx';
import { useT } from './site-context.tsx';

/** A green band that opens a WhatsApp chat with the prefilled message of site.yaml. */
export function WhatsAppBanner({ title, text }: { title: string; text: string }) {
  const t = useT();
  return (
    <section aria-labelledby="whatsapp-banner" className="bg-chat-700 text-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-10 text-center md:flex-row md:justify-between md:text-left">
        <div>
          <h2 id="whatsapp-banner" className="text-2xl font-bold">
            {title}
          </h2>
          <p className="mt-1 text-green-50">{text}</p>
        </div>
        <WhatsAppLink className={buttonClass('light-chat', 'shrink-0')}>
          <Icon name="chat" />{t('common.chatOnWhatsApp')}
        </WhatsAppLink>
      </div>
    </section>
  );
}
