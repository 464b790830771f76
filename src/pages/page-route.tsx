import { useLoaderData } from 'react-router';
import type { PageData } from '../contract/pages.ts';
import { loadedPage } from './registry.ts';

/** Renders the screen that the page's data names (its module was loaded by the loader). */
export function PageRoute() {
  const data = useLoaderData() as PageData;
  const Page = loadedPage(data.kind);
  return <Page data={data} />;
}
