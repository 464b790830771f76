import { FormFields, HiddenFields, type FieldSpec } from './form-fields.tsx';
import { useSite } from './site-context.tsx';

/** The services a visitor can pick (spec §5: the contact form's select, in this order). */
const SERVICE_OPTIONS = ['Screen Repair', 'Power Supply Issues', 'Audio Problems', 'Motherboard Repair', 'TV Wall Mounting', 'Other'];

const FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Your name', type: 'text', autoComplete: 'name' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  {
    name: 'service',
    label: 'Service needed',
    type: 'select',
    placeholder: 'Select a service',
    options: SERVICE_OPTIONS.map((o) => ({ value: o, label: o })),
  },
  { name: 'message', label: 'Message', type: 'textarea', rows: 4 },
];

/**
 * "Send Us a Message": a native POST to the leads function, so it works without JavaScript; the
 * browser's own required-field checks are the only validation (spec §5). The "Get A Quote" link
 * falls back to this form (#contact-form) when the dialog cannot open.
 */
export function ContactForm() {
  const site = useSite();
  return (
    <section aria-labelledby="contact-form-title" className="rounded-xl border border-line bg-white p-6 shadow-sm md:p-8">
      <h2 id="contact-form-title" className="text-2xl font-bold text-brand-900">
        Send Us a Message
      </h2>
      <p className="mt-1 text-muted">Tell us your TV brand and the problem; we call back within working hours.</p>
      <form id="contact-form" method="post" action={site.forms.contactEndpoint} className="relative mt-6 scroll-mt-24 space-y-4">
        <HiddenFields subject="New Contact Form Submission from Website" />
        <FormFields idPrefix="contact" fields={FIELDS} />
        <button type="submit" className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-accent-600 px-5 py-2.5 font-semibold text-white hover:bg-accent-700 sm:w-auto">
          Send Message
        </button>
      </form>
    </section>
  );
}
