import { useSiteData } from '../components/site-context.tsx';
import { translate, type MessageVars } from './translate.ts';

export type T = (key: string, vars?: MessageVars) => string;

/** `t(key, vars)` in the catalogue of the page's language. */
export function useT(): T {
  const { messages } = useSiteData();
  return (key, vars) => translate(messages, key, vars);
}
