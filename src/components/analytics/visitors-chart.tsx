// Visitors and leads per day. The chart is drawn by uPlot (docs/decisions/074-...), imported only
// when this component mounts, so its code is a chunk of its own that no other page loads; its
// stylesheet comes with it as text (?inline), not into the site's shared CSS. The numbers are also
// a table inside <details>, for screen readers and for anyone who prefers figures.

import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import { formatDay, type DayFigures } from '../../lib/analytics-dashboard.ts';
import { useWords } from './words.tsx';

// A tick of the chart (seconds) → its day in India Standard Time, "2025-07-03".
const istDay = (s: number) => new Date((s + 19800) * 1000).toISOString().slice(0, 10);
const DAY = 86400;

let sheet: CSSStyleSheet | null = null;

export function VisitorsChart({ days }: { days: DayFigures[] }) {
  const box = useRef<HTMLDivElement>(null);
  const t = useWords();
  const [day, visitors, leads] = [t('chart.day'), t('chart.visitors'), t('chart.leads')];

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let live = true;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css?inline')]).then(([{ default: UPlot }, { default: css }]) => {
      if (!live) return;
      // A constructed stylesheet: the site's Content-Security-Policy allows no injected <style>.
      if (!sheet) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      }
      const size = () => ({ width: Math.max(240, el.clientWidth), height: 240 });
      chart = new UPlot(
        {
          ...size(),
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1e3), 'Asia/Kolkata'),
          scales: { x: { time: true } },
          series: [
            // The days in the catalogue's words, not uPlot's English month names.
            { label: day, value: (_u, s) => (s == null ? '' : formatDay(istDay(s), t)) },
            { label: visitors, stroke: '#1d4ed8', width: 2, points: { show: days.length <= 31 } },
            { label: leads, stroke: '#c2410c', width: 2, dash: [6, 4], points: { show: days.length <= 31 } },
          ],
          axes: [{ incrs: [1, 2, 7, 14, 30, 61, 91, 182, 365].map((n) => n * DAY), values: (_u, splits) => splits.map((s) => formatDay(istDay(s), t)) }, { size: 44 }],
        },
        [days.map((d) => Date.parse(`${d.day}T00:00:00+05:30`) / 1000), days.map((d) => d.visitors), days.map((d) => d.calls + d.whatsapp + d.forms)],
        el,
      );
      observer = new ResizeObserver(() => chart?.setSize(size()));
      observer.observe(el);
    });
    return () => {
      live = false;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [days, day, visitors, leads, t]);

  return (
    <figure className="mt-6 rounded-xl border border-line p-4" aria-labelledby="chart-title">
      <figcaption id="chart-title" className="text-lg font-bold text-brand-900">
        {t('chart.title')}
      </figcaption>
      <p className="text-sm text-muted">{t('chart.note')}</p>
      <div ref={box} aria-hidden="true" className="mt-3 min-h-60 w-full" data-testid="visitors-chart" />
      <details className="mt-3">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-800">{t('chart.asTable')}</summary>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('chart.title')}</caption>
          <thead className="text-muted">
            <tr>
              {[day, visitors, t('chart.calls'), t('chart.whatsapp'), t('chart.forms')].map((h) => (
                <th key={h} scope="col" className="py-1 pr-2 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day} className="border-t border-line">
                <th scope="row" className="py-1 pr-2 font-medium">
                  {formatDay(d.day, t)}
                </th>
                <td className="py-1 pr-2">{d.visitors}</td>
                <td className="py-1 pr-2">{d.calls}</td>
                <td className="py-1 pr-2">{d.whatsapp}</td>
                <td className="py-1 pr-2">{d.forms}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
