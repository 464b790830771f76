import { Link } from '../components/link.tsx';
import { Hero, Section } from '../components/hero.tsx';
import { NewsletterForm } from '../components/newsletter-form.tsx';
import { PostCard } from '../components/post-card.tsx';
import { PostGrid } from '../components/post-grid.tsx';
import { RelatedLinks } from '../components/related-links.tsx';
import type { BlogIndexData } from '../contract/pages.ts';
import { useSite, useT } from '../components/site-context.tsx';

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
