import { Link } from 'react-router';
import { buttonClass } from '../components/button.tsx';
import type { PageData } from '../contract/pages.ts';

/** The spec §8 texts of the sections' not-found pages, by page kind. */
const TEXTS: Record<'post-not-found' | 'brand-not-found', { title: string; text: string; links: { to: string; label: string }[] }> = {
  'post-not-found': {
    title: 'LED TV Repair Blog Post Not Found',
    text: "Sorry, we couldn't find the LED TV repair article you're looking for.",
    links: [
      { to: '/blog', label: 'Back to the Blog' },
      { to: '/services', label: 'Our Services' },
      { to: '/contact', label: 'Contact Us' },
    ],
  },
  'brand-not-found': {
    title: 'Brand Not Found',
    text: "Sorry, we couldn't find information for this brand.",
    links: [{ to: '/service-center', label: 'Back to the Service Centre' }],
  },
};

/** /blog/<unknown> and /service-center/<unknown>, served as the nearest 404 page. */
export function Page({ data }: { data: PageData<'post-not-found' | 'brand-not-found'> }) {
  const t = TEXTS[data.kind];
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-ink">{t.title}</h1>
      <p className="mt-3 text-muted">{t.text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {t.links.map((l, i) => (
          <Link key={l.to} to={l.to} className={buttonClass(i === 0 ? 'primary' : 'secondary')}>
            {l.label}
          </Link>
        ))}
      </div>
    </section>
  );
}
