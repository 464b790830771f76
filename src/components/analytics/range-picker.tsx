import { useState } from 'react';
import { customRange, rangeOf, type Range, type RangeName } from '../../lib/analytics-dashboard.ts';
import { cn } from '../cn.ts';
import { useWords } from './words.tsx';

/** Each range a button names, and the key of its label (dashboard.range.*). */
const RANGES: [Exclude<RangeName, 'custom'>, string][] = [
  ['today', 'today'],
  ['7d', 'last7'],
  ['30d', 'last30'],
];

/** The dates every figure on /analytics follows: today, the last 7 or 30 days, or two dates (India time). */
export function RangePicker({ name, onPick }: { name: RangeName; onPick: (n: RangeName, r: Range) => void }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState('');
  const t = useWords();
  const button = (active: boolean) =>
    cn('min-h-11 rounded-lg border px-3 text-sm font-semibold', active ? 'border-brand-700 bg-brand-700 text-white' : 'border-line bg-white text-ink');
  return (
    <div className="mt-3 flex flex-wrap items-end gap-2" role="group" aria-label={t('range.label')}>
      {RANGES.map(([n, label]) => (
        <button key={n} type="button" aria-pressed={name === n} className={button(name === n)} onClick={() => onPick(n, rangeOf(n))}>
          {t(`range.${label}`)}
        </button>
      ))}
      <label className="flex flex-col text-sm text-ink">
        {t('range.from')}
        <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} className="min-h-11 rounded-lg border border-line px-2" />
      </label>
      <label className="flex flex-col text-sm text-ink">
        {t('range.to')}
        <input type="date" value={to} onChange={(e) => setTo(e.target.value)} className="min-h-11 rounded-lg border border-line px-2" />
      </label>
      <button
        type="button"
        aria-pressed={name === 'custom'}
        className={button(name === 'custom')}
        onClick={() => {
          const r = customRange(from, to);
          setProblem(r ? '' : t('range.problem'));
          if (r) onPick('custom', r);
        }}
      >
        {t('range.show')}
      </button>
      {problem && (
        <p role="alert" className="w-full text-sm text-accent-700">
          {problem}
        </p>
      )}
    </div>
  );
}
