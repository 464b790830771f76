import { ButtonLink } from '../components/button.tsx';
import type { PageData } from '../contract/pages.ts';
import { useT } from '../components/site-context.tsx';

/** Any other unknown address: the site's 404 page (its script logs the path, src/client/shell.ts). */
export function Page(_: { data: PageData<'not-found'> }) {
  const t = useT();
  return (
    <section data-not-found="" className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-20 text-center">
      <p className="text-6xl font-extrabold text-brand-700">{t('notFound.code')}</p>
      <h1 className="mt-4 text-3xl font-bold text-ink">{t('notFound.title')}</h1>
      <p className="mt-3 text-muted">{t('notFound.text')}</p>
      <ButtonLink to="/" className="mt-8">
        {t('notFound.home')}
      </ButtonLink>
    </section>
  );
}

/** The spec §8 texts of the sections' not-found pages, by page kind: the group of their message keys (notFound.<group>.title, .text, and one per link). */
const TEXTS = {
  'post-not-found': { group: 'post', links: [['/blog', 'blog'], ['/services', 'services'], ['/contact', 'contact']] },
  'brand-not-found': { group: 'brand', links: [['/service-center', 'serviceCenter']] },
} as const;

/** /blog/<unknown> and /service-center/<unknown>, served as the nearest 404 page. */
export function SectionPage({ data }: { data: PageData<'post-not-found' | 'brand-not-found'> }) {
  const t = useT();
  const { group, links } = TEXTS[data.kind];
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-ink">{t(`notFound.${group}.title`)}</h1>
      <p className="mt-3 text-muted">{t(`notFound.${group}.text`)}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {links.map(([to, key], i) => (
          <ButtonLink key={to} to={to} variant={i === 0 ? 'primary' : 'secondary'}>
            {t(`notFound.${group}.${key}`)}
          </ButtonLink>
        ))}
      </div>
    </section>
  );
}
