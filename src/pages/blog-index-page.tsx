import { Link } from '../components/link.tsx';
import { Hero, Section } from '../components/hero.tsx';
import { Honeypot } from '../components/form-fields.tsx';
import { PostCard } from '../components/post-card.tsx';
import { PostGrid } from '../components/post-grid.tsx';
import { RelatedLinks } from '../components/related-links.tsx';
import type { BlogIndexData } from '../contract/pages.ts';
import { useSite, useT } from '../components/site-context.tsx';

/**
 * The blog's newsletter signup: a native POST of the e-mail to the leads function, which stores
 * it and answers with its own "you are subscribed" page when JavaScript is off. With JavaScript
 * (src/client/shell.ts), the same POST goes through fetch and the acknowledgement appears here;
 * its words are in the form's data-done and data-failed.
 */
export function NewsletterForm() {
  const site = useSite();
  const t = useT();
  const id = 'newsletter';
  return (
    <section aria-labelledby={`${id}-title`} className="bg-brand-800 text-white">
      <div className="mx-auto max-w-3xl px-4 py-12 text-center">
        <h2 id={`${id}-title`} className="text-2xl font-bold">
          {t('forms.newsletter.title')}
        </h2>
        <p className="mt-2 text-brand-100">{t('forms.newsletter.lead')}</p>
        <form method="post" action={site.forms.contactEndpoint} className="relative mx-auto mt-6 flex max-w-md flex-col gap-3 sm:flex-row"
          data-newsletter=""
          data-done={t('forms.newsletter.done')}
          data-failed={t('forms.newsletter.failed')}
        >
          <label htmlFor={`${id}-email`} className="sr-only">
            {t('forms.newsletter.emailLabel')}
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
          <button type="submit" className="min-h-11 rounded-lg bg-accent-600 px-5 font-semibold text-white hover:bg-accent-700">
            {t('forms.newsletter.submit')}
          </button>
        </form>
        <p role="status" className="mt-3 min-h-6 text-brand-100" />
      </div>
    </section>
  );
}

/** /blog and its further pages: the featured article, a grid of the rest, a newsletter signup and links. */
export function Page({ data }: { data: BlogIndexData }) {
  const { page, pages, prev, next } = data.pagination;
  const t = useT();
  const site = useSite();
  return (
    <>
      <Hero
        title={page === 1 ? t('blog.index.title') : t('blog.index.titlePage', { n: page })}
        lead={t('blog.index.lead', { city: site.address.city })}
      />
      {data.featured && (
        <Section id="featured" title={t('blog.index.featured')}>
          <PostCard post={data.featured} featured />
        </Section>
      )}
      {data.grid.length > 0 && (
        <Section id="articles" title={page === 1 ? t('blog.index.latest') : t('blog.index.articlesPage', { n: page, pages })} className="bg-surface">
          <div id="post-grid">
            <PostGrid posts={data.grid} />
          </div>
          {pages > 1 && (
            <nav aria-label={t('blog.index.pagesLabel')} className="mt-10 flex items-center justify-between gap-4">
              {prev ? <Link to={prev} className="font-semibold text-brand-700 hover:underline">{t('blog.index.newer')}</Link> : <span />}
              <span className="text-sm text-muted">
                {t('blog.index.pageOf', { n: page, pages })}
              </span>
              {next ? <Link to={next} className="font-semibold text-brand-700 hover:underline">{t('blog.index.older')}</Link> : <span />}
            </nav>
          )}
        </Section>
      )}
      <NewsletterForm />
      <RelatedLinks title={t('blog.index.related')} links={data.links} />
    </>
  );
}
