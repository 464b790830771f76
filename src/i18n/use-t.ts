import { useSiteData } from '../components/site-context.tsx';
import type { Lang } from '../contract/site.ts';
import { translate, type MessageVars } from './translate.ts';

export type T = (key: string, vars?: MessageVars) => string;

/** `t(key, vars)` in the catalogue of the page's language. */
export function useT(): T {
  const { messages } = useSiteData();
  return (key, vars) => translate(messages, key, vars);
}

/** The page's language ("en", "hi"). */
export function useLang(): Lang {
  return useSiteData().lang;
}
