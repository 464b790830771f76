/** The blog's newsletter signup: an e-mail field the browser requires; sending does nothing (spec §5, §7). */
export function NewsletterForm() {
  const id = 'newsletter';
  return (
    <section aria-labelledby={`${id}-title`} className="bg-brand-800 text-white">
      <div className="mx-auto max-w-3xl px-4 py-12 text-center">
        <h2 id={`${id}-title`} className="text-2xl font-bold">
          Get TV Care Tips by E-mail
        </h2>
        <p className="mt-2 text-brand-100">One short e-mail a month with advice from our technicians. No spam.</p>
        {/* method="dialog" outside a dialog submits nowhere, with or without JavaScript, after the
            browser has checked the required e-mail: the spec gives the form no submit behaviour. */}
        <form method="dialog" className="mx-auto mt-6 flex max-w-md flex-col gap-3 sm:flex-row" onSubmit={(e) => e.preventDefault()}>
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
          <button type="submit" className="min-h-11 rounded-lg bg-accent-600 px-5 font-semibold text-white hover:bg-accent-700">
            Subscribe
          </button>
        </form>
      </div>
    </section>
  );
}
