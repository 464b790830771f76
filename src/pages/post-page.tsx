import { Link } from '../components/link.tsx';
import { buttonClass, CallButton } from '../components/button.tsx';
import { PostGrid } from '../components/post-grid.tsx';
import { formatDate } from '../i18n/translate.ts';
import type { PostData } from '../contract/pages.ts';
import { Picture } from '../components/picture.tsx';
import { useSiteData, useT } from '../components/site-context.tsx';

/** One article: category, title, picture, the prerendered body, the repair box and related articles. */
export function Page({ data }: { data: PostData }) {
  const post = data.card;
  const { messages } = useSiteData();
  const t = useT();
  return (
    <>
      <article className="mx-auto max-w-3xl px-4 pt-6 pb-12">
        <header>
          <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">{post.category}</p>
          <h1 className="mt-2 text-3xl leading-tight font-extrabold text-brand-900 md:text-4xl">{post.title}</h1>
          <p className="mt-3 text-sm text-muted">
            {t('blog.post.by', { author: post.author })} · <time dateTime={post.date}>{formatDate(post.date, messages)}</time>
            {data.updated && (
              <>
                {' '}
                · {t('blog.post.updated')} <time dateTime={data.updated}>{formatDate(data.updated, messages)}</time>
              </>
            )}
          </p>
        </header>
        <Picture
          image={post.image}
          sizes="(min-width: 768px) 768px, 100vw"
          eager
          className="mt-6 aspect-[16/9] h-auto w-full rounded-xl bg-surface object-cover"
        />
        {data.toc && data.toc.length > 1 && (
          <nav aria-labelledby="toc-title" className="mt-8 rounded-xl border border-line bg-surface p-5">
            <h2 id="toc-title" className="text-base font-bold text-brand-900">
              {t('blog.post.toc')}
            </h2>
            <ol className="mt-3 space-y-1.5 text-sm">
              {data.toc.map((h) => (
                <li key={h.id} className={h.depth === 3 ? 'pl-4' : undefined}>
                  <a href={`#${h.id}`} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
                    {h.text}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <div id="article-body" className="prose mt-8" dangerouslySetInnerHTML={{ __html: data.body ?? '' }} />
        <aside aria-labelledby="repair-box" className="mt-10 rounded-xl border border-brand-100 bg-brand-50 p-6">
          <h2 id="repair-box" className="text-xl font-bold text-brand-900">
            {t('blog.post.repairBox.title')}
          </h2>
          <p className="mt-2 text-ink">{t('blog.post.repairBox.text')}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link to="/contact" className={buttonClass('primary')}>
              {t('blog.post.repairBox.contact')}
            </Link>
            <CallButton variant="secondary" />
          </div>
        </aside>
      </article>
      {data.related.length > 0 && (
        <section aria-labelledby="related-posts" className="bg-surface">
          <div className="mx-auto max-w-6xl px-4 py-12">
            <h2 id="related-posts" className="mb-6 text-2xl font-bold text-brand-900">
              {t('blog.post.related')}
            </h2>
            <PostGrid posts={data.related} />
          </div>
        </section>
      )}
    </>
  );
}
