import { Link } from 'react-router';
import { Hero, Section } from '../components/hero.tsx';
import { NewsletterForm } from '../components/newsletter-form.tsx';
import { PostCard } from '../components/post-card.tsx';
import { RelatedLinks } from '../components/related-links.tsx';
import { RawHtml } from '../components/raw-html.tsx';
import type { BlogIndexData } from '../contract/pages.ts';

export type { BlogIndexData };

/** /blog and its further pages: the featured article, a grid of the rest, a newsletter signup and links. */
export function Page({ data }: { data: BlogIndexData }) {
  const { page, pages, prev, next } = data.pagination;
  return (
    <>
      <Hero
        title={page === 1 ? 'TV Repair Blog' : `TV Repair Blog – Page ${page}`}
        lead="Practical advice from our Jaipur technicians: what to check before you call, how to make a TV last, and what to buy."
      />
      {data.featured && (
        <Section id="featured" title="Featured Article">
          <PostCard post={data.featured} featured />
        </Section>
      )}
      {data.gridCount > 0 && (
        <Section id="articles" title={page === 1 ? 'Latest Articles' : `Articles, Page ${page} of ${pages}`} className="bg-surface">
          <RawHtml id="post-grid" html={data.bodyHtml} />
          {pages > 1 && (
            <nav aria-label="Blog pages" className="mt-10 flex items-center justify-between gap-4">
              {prev ? <Link to={prev} className="font-semibold text-brand-700 hover:underline">← Newer articles</Link> : <span />}
              <span className="text-sm text-muted">
                Page {page} of {pages}
              </span>
              {next ? <Link to={next} className="font-semibold text-brand-700 hover:underline">Older articles →</Link> : <span />}
            </nav>
          )}
        </Section>
      )}
      <NewsletterForm />
      <RelatedLinks title="Our Services & Popular Repair Areas" links={data.links} />
    </>
  );
}
