import { ClosingBanner } from '../components/closing-banner.tsx';
import { Hero } from '../components/hero.tsx';
import type { PageData } from '../lib/page-data.ts';

/** A page whose screen is not built yet: its title and description, and the closing banner. */
export function Page({ data }: { data: PageData }) {
  return (
    <>
      <Hero title={data.meta.name} lead={data.meta.description} />
      <ClosingBanner />
    </>
  );
}
