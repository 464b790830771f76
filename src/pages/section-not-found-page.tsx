import { Link } from 'react-router';
import { buttonClass } from '../components/button.tsx';
import type { PageData } from '../contract/pages.ts';
import { useT } from '../i18n/use-t.ts';

/** The spec §8 texts of the sections' not-found pages, by page kind: message keys under notFound.<prefix>. */
const TEXTS: Record<'post-not-found' | 'brand-not-found', { prefix: string; links: { to: string; key: string }[] }> = {
  'post-not-found': {
    prefix: 'notFound.post',
    links: [
      { to: '/blog', key: 'blog' },
      { to: '/services', key: 'services' },
      { to: '/contact', key: 'contact' },
    ],
  },
  'brand-not-found': {
    prefix: 'notFound.brand',
    links: [{ to: '/service-center', key: 'serviceCenter' }],
  },
};

/** /blog/<unknown> and /service-center/<unknown>, served as the nearest 404 page. */
export function Page({ data }: { data: PageData<'post-not-found' | 'brand-not-found'> }) {
  const t = useT();
  const { prefix, links } = TEXTS[data.kind];
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-ink">{t(`${prefix}.title`)}</h1>
      <p className="mt-3 text-muted">{t(`${prefix}.text`)}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {links.map((l, i) => (
          <Link key={l.to} to={l.to} className={buttonClass(i === 0 ? 'primary' : 'secondary')}>
            {t(`${prefix}.${l.key}`)}
          </Link>
        ))}
      </div>
    </section>
  );
}
