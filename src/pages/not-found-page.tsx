import { ButtonLink } from '../components/button.tsx';
import type { PageData } from '../contract/pages.ts';
import { useT } from '../components/site-context.tsx';

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
