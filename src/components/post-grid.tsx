import type { PostCard as Post } from '../contract/site.ts';
import { PostCard } from './post-card.tsx';

/** Blog cards in a responsive grid. */
export function PostGrid({ posts, columns = 3 }: { posts: Post[]; columns?: 2 | 3 }) {
  return (
    <ul className={columns === 3 ? 'grid gap-6 md:grid-cols-2 lg:grid-cols-3' : 'grid gap-6 md:grid-cols-2'}>
      {posts.map((p) => (
        <li key={p.slug}>
          <PostCard post={p} />
        </li>
      ))}
    </ul>
  );
}
