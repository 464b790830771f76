import { useState, type FormEvent } from 'react';
import { Honeypot } from './form-fields.tsx';
import { useSite } from './site-context.tsx';

type Status = 'idle' | 'sending' | 'done' | 'failed';

/**
 * The blog's newsletter signup: a native POST of the e-mail to the leads function, which stores
 * it and answers with its own "you are subscribed" page when JavaScript is off. With JavaScript,
 * the same POST goes through fetch and the acknowledgement appears here.
 */
export function NewsletterForm() {
  const site = useSite();
  const id = 'newsletter';
  const [status, setStatus] = useState<Status>('idle');

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    setStatus('sending');
    const body = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
    fetch(form.action, { method: 'POST', body, headers: { accept: 'application/json' }, credentials: 'omit' })
      .then((r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        form.reset();
        setStatus('done');
      })
      .catch((error: unknown) => {
        console.error('Newsletter sign-up failed', error);
        setStatus('failed');
      });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="bg-brand-800 text-white">
      <div className="mx-auto max-w-3xl px-4 py-12 text-center">
        <h2 id={`${id}-title`} className="text-2xl font-bold">
          Get TV Care Tips by E-mail
        </h2>
        <p className="mt-2 text-brand-100">One short e-mail a month with advice from our technicians. No spam.</p>
        <form method="post" action={site.forms.contactEndpoint} className="relative mx-auto mt-6 flex max-w-md flex-col gap-3 sm:flex-row" onSubmit={submit}>
          <label htmlFor={`${id}-email`} className="sr-only">
            Your e-mail address
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            required
            autoComplete="email"
            placeholder="you@example.com"
            className="min-h-11 flex-1 rounded-lg border border-white bg-white px-3 text-ink placeholder:text-slate-500"
          />
          <Honeypot />
          <button type="submit" disabled={status === 'sending'} className="min-h-11 rounded-lg bg-accent-600 px-5 font-semibold text-white hover:bg-accent-700">
            Subscribe
          </button>
        </form>
        <p role="status" className="mt-3 min-h-6 text-brand-100">
          {status === 'done' ? 'Thank you – you are subscribed.' : status === 'failed' ? 'That did not work. Please try again in a minute.' : ''}
        </p>
      </div>
    </section>
  );
}
