import type { ReactNode } from 'react';
import { cn } from '../cn.ts';
import { useWords } from './words.tsx';

/** A summary figure, with how it changed against the period before when there is one. */
export function Card({ label, value, change }: { label: string; value: ReactNode; change?: string }) {
  // From the label, letters of any script kept: the server's and the browser's render agree (no useId: source-rules.test.ts).
  const id = `card-${label.toLowerCase().replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')}`;
  return (
    <div role="group" aria-labelledby={id} className="rounded-xl border border-line bg-white p-4 shadow-sm">
      <p id={id} className="text-sm font-medium text-muted">
        {label}
      </p>
      <p className="mt-1 text-3xl font-bold text-ink">{value}</p>
      {change && <p className="text-sm text-muted">{change}</p>}
    </div>
  );
}

export function Badge({ children, tone = 'plain' }: { children: ReactNode; tone?: 'plain' | 'brand' | 'accent' }) {
  const tones = { plain: 'bg-slate-100 text-ink', brand: 'bg-brand-50 text-brand-800', accent: 'bg-accent-600 text-white' };
  return <span className={cn('inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold', tones[tone])}>{children}</span>;
}

export function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mt-6 rounded-xl border border-line p-4">
      <h3 className="mb-3 text-lg font-bold text-brand-900">{title}</h3>
      {children}
    </div>
  );
}

/** A wide table: on a phone it says that it scrolls sideways, and its scroll box is focusable. */
export function Table({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  const t = useWords();
  return (
    <>
      <p className="mt-8 text-sm text-muted md:hidden">{t('table.swipe')}</p>
      <div tabIndex={0} role="region" aria-label={t('table.region', { caption })} className="mt-2 overflow-x-auto rounded-xl border border-line md:mt-8">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="bg-surface px-4 py-3 text-left text-lg font-bold text-brand-900">{caption}</caption>
          <thead className="bg-surface text-muted">
            <tr>
              {head.map((h) => (
                <th key={h} scope="col" className="px-4 py-2 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={head.length} className="px-4 py-4 text-muted">
                  {t('table.empty')}
                </td>
              </tr>
            ) : (
              rows.map((cells, i) => (
                <tr key={i} className="border-t border-line">
                  {cells.map((c, j) => (
                    <td key={j} className="px-4 py-2 align-top">
                      {c}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
