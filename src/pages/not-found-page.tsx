import { ButtonLink } from '../components/button.tsx';
import type { PageData } from '../contract/pages.ts';

export function Page(_: { data: PageData<'not-found'> }) {
  return (
    <section data-not-found="" className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-20 text-center">
      <p className="text-6xl font-extrabold text-brand-700">404</p>
      <h1 className="mt-4 text-3xl font-bold text-ink">Oops! Page not found</h1>
      <p className="mt-3 text-muted">The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/" className="mt-8">
        Return to Home
      </ButtonLink>
    </section>
  );
}
