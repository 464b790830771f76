import { Link } from '../components/link.tsx';
import { buttonClass } from '../components/button.tsx';
import type { PageData } from '../contract/pages.ts';
import { useT } from '../i18n/use-t.ts';

/** The spec §8 texts of the sections' not-found pages, by page kind: their message keys. */
const TEXTS: Record<'post-not-found' | 'brand-not-found', { title: string; text: string; links: { to: string; key: string }[] }> = {
  'post-not-found': {
    title: 'notFound.post.title',
    text: 'notFound.post.text',
    links: [
      { to: '/blog', key: 'notFound.post.blog' },
      { to: '/services', key: 'notFound.post.services' },
      { to: '/contact', key: 'notFound.post.contact' },
    ],
  },
  'brand-not-found': {
    title: 'notFound.brand.title',
    text: 'notFound.brand.text',
    links: [{ to: '/service-center', key: 'notFound.brand.serviceCenter' }],
  },
};

/** /blog/<unknown> and /service-center/<unknown>, served as the nearest 404 page. */
export function Page({ data }: { data: PageData<'post-not-found' | 'brand-not-found'> }) {
  const t = useT();
  const texts = TEXTS[data.kind];
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-ink">{t(texts.title)}</h1>
      <p className="mt-3 text-muted">{t(texts.text)}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {texts.links.map((l, i) => (
          <Link key={l.to} to={l.to} className={buttonClass(i === 0 ? 'primary' : 'secondary')}>
            {t(l.key)}
          </Link>
        ))}
      </div>
    </section>
  );
}
