import { Link } from './link.tsx';
import { formatDate } from '../i18n/translate.ts';
import type { PostCard as Post } from '../contract/site.ts';
import { cn } from './cn.ts';
import { Picture } from './picture.tsx';
import { useSiteData } from './site-context.tsx';

/** A blog post card; the featured layout puts the image beside the text on wide screens. */
export function PostCard({ post, featured = false }: { post: Post; featured?: boolean }) {
  const { messages } = useSiteData();
  return (
    <article className={cn('overflow-hidden rounded-xl border border-line bg-white shadow-sm', featured && 'md:grid md:grid-cols-2')}>
      <Picture
        image={post.image}
        sizes={featured ? '(min-width: 768px) 50vw, 100vw' : '(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw'}
        eager={featured}
        className="aspect-[16/9] h-auto w-full bg-surface object-cover"
      />
      <div className="p-6">
        <p className="text-sm font-semibold text-accent-700">{post.category}</p>
        <h3 className={cn('mt-2 font-bold text-ink', featured ? 'text-2xl' : 'text-lg')}>
          <Link to={`/blog/${post.slug}`} className="hover:text-brand-700">
            {post.title}
          </Link>
        </h3>
        <p className="mt-2 text-muted">{post.excerpt}</p>
        <p className="mt-4 text-sm text-muted">
          <time dateTime={post.date}>{formatDate(post.date, messages)}</time> · {post.author}
        </p>
      </div>
    </article>
  );
}
