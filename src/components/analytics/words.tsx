import { createContext, useContext, useMemo } from 'react';
import type { Messages } from '../../contract/site.ts';
import { translate, type MessageVars } from '../../i18n/translate.ts';

/**
 * The dashboard's words: the catalogue's dashboard.* messages, the only ones its page carries to
 * the browser (src/pages/analytics-screen.tsx). The server and the browser render with the same.
 */
export const DashboardWords = createContext<Messages>({});

/** `t(key, vars)`: the message dashboard.<key>. */
export type DashboardT = (key: string, vars?: MessageVars) => string;

export function useWords(): DashboardT {
  const words = useContext(DashboardWords);
  // The same function while the words are the same: the chart, drawn in an effect, depends on it.
  return useMemo(() => (key, vars) => translate(words, `dashboard.${key}`, vars), [words]);
}

/** A message with a count: dashboard.<key>.one for 1 ("1 call"), .many for any other number ("3 calls"). */
export const countOf = (t: DashboardT, key: string, n: number, vars: MessageVars = {}) => t(`${key}.${n === 1 ? 'one' : 'many'}`, { ...vars, n: n.toLocaleString('en-IN') });
