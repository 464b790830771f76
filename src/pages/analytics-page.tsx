import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { buttonClass } from '../components/button.tsx';
import { Card } from '../components/analytics/parts.tsx';
import { RangePicker } from '../components/analytics/range-picker.tsx';
import { DashboardWords, useWords } from '../components/analytics/words.tsx';
import type { Messages } from '../contract/site.ts';
import { KeyRefused, rangeOf, readDashboard, saveDashboardKey, takeDashboardKey, type DashboardData, type Range, type RangeName } from '../lib/analytics-dashboard.ts';
import { DashboardFigures } from './analytics-figures.tsx';
import { IgnoreThisBrowser, LeadsPanel } from './analytics-leads.tsx';

/** What the dashboard shows once read (null while loading): `data` and `key` only when the read succeeded. */
type Ready = { range: Range; data?: DashboardData; problem: 'no-key' | 'refused' | 'failed' | null; key?: string; linkRefused?: boolean };

/** The dashboard's data for a key and range, or the reason there is none (no key, or the read failed). */
async function readView(endpoint: string, key: string | null, range: Range): Promise<Ready> {
  if (!key) {
    console.error('Analytics dashboard: no dashboard key, showing empty values');
    return { range, problem: 'no-key' };
  }
  try {
    return { range, data: await readDashboard(endpoint, key, range), problem: null, key };
  } catch (error) {
    console.error('Analytics dashboard read failed', error);
    return { range, problem: error instanceof KeyRefused ? 'refused' : 'failed' };
  }
}

/**
 * The first view: the link's key is tried first and saved once it opens the dashboard; a link
 * whose key is refused leaves the saved key in place and the dashboard opens with that (issue 25.8).
 */
async function firstView(endpoint: string, range: Range): Promise<Ready> {
  const { fromLink, saved } = takeDashboardKey();
  if (!fromLink || fromLink === saved) return readView(endpoint, fromLink ?? saved, range);
  const viaLink = await readView(endpoint, fromLink, range);
  if (viaLink.problem === null || (!saved && viaLink.problem === 'failed')) {
    saveDashboardKey(fromLink);
    return viaLink;
  }
  if (!saved) return viaLink;
  const viaSaved = await readView(endpoint, saved, range);
  return viaLink.problem === 'refused' ? { ...viaSaved, linkRefused: true } : viaSaved;
}

/**
 * What the dashboard is given, in the page and in the browser (the island's props): its heading,
 * its words (the catalogue's dashboard.* messages) and the two functions it reads. Nothing else of
 * content/ goes into the page's JSON (issue 38, N3: `forms.forwardTo` can name the owner's e-mail address).
 */
export interface DashboardProps {
  title: string;
  words: Messages;
  endpoints: { analytics: string; leads: string };
}

/** The owner's dashboard (spec §2): every figure follows the chosen dates (decision 074). */
export function Page({ words, ...props }: DashboardProps) {
  return (
    <DashboardWords value={words}>
      <Dashboard {...props} />
    </DashboardWords>
  );
}

function Dashboard({ title, endpoints }: Omit<DashboardProps, 'words'>) {
  const endpoint = endpoints.analytics;
  const t = useWords();
  const [view, setView] = useState<Ready | null>(null);
  const [name, setName] = useState<RangeName>('7d');

  const load = useCallback((key: string | null, r: Range) => readView(endpoint, key, r).then(setView), [endpoint]);

  useEffect(() => {
    void firstView(endpoint, rangeOf('7d')).then(setView);
  }, [endpoint]);

  const { key, range } = view ?? {};
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-extrabold text-brand-900">{title}</h1>
      <p className="mt-2 text-muted">{t('timeZone')}</p>
      {!view || !range ? (
        <Skeleton />
      ) : (
        <>
          {view.linkRefused && (
            <p role="status" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-ink">
              {t('linkKeyRefused')}
            </p>
          )}
          {view.problem && (
            <KeyPrompt
              failed={view.problem !== 'no-key'}
              onKey={(k) => {
                saveDashboardKey(k);
                setView(null);
                void load(k, range);
              }}
            />
          )}
          {key && (
            <RangePicker
              name={name}
              onPick={(n, r) => {
                setName(n);
                void load(key, r);
              }}
            />
          )}
          {key && view.data ? (
            <DashboardFigures data={view.data} range={range} endpoint={endpoint} dashboardKey={key}>
              <LeadsPanel key={`${range.from.getTime()}-${range.to.getTime()}`} endpoint={endpoints.leads} dashboardKey={key} range={range} />
            </DashboardFigures>
          ) : (
            <EmptyCards />
          )}
          {key && <IgnoreThisBrowser />}
        </>
      )}
    </section>
  );
}

/** Zeros and "N/A" while there is no key or the read failed (spec §8). */
function EmptyCards() {
  const t = useWords();
  return (
    <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {(['sessions', 'events', 'uniqueIps'] as const).map((k) => (
        <Card key={k} label={t(`cards.${k}`)} value="0" />
      ))}
      <Card label={t('cards.topCountry')} value={t('cards.none')} />
    </div>
  );
}

function Skeleton() {
  const t = useWords();
  return (
    <div role="status" aria-live="polite" className="mt-8 animate-pulse" data-testid="analytics-skeleton">
      <span className="sr-only">{t('loading')}</span>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-24 rounded-xl bg-slate-200" />
        ))}
      </div>
      <div className="mt-8 h-64 rounded-xl bg-slate-200" />
      <div className="mt-8 h-64 rounded-xl bg-slate-200" />
    </div>
  );
}

function KeyPrompt({ failed, onKey }: { failed: boolean; onKey: (key: string) => void }) {
  const id = 'dashboard-key';
  const t = useWords();
  // The command is shown as code wherever the language puts it in the sentence.
  const [before, after] = t('key.howTo', { command: '\u0000' }).split('\u0000');
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const key = String(new FormData(e.currentTarget).get('key') ?? '').trim();
    if (key) onKey(key);
  };
  return (
    <form onSubmit={submit} className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <p className="font-semibold text-ink">
        {t(failed ? 'key.failed' : 'key.enter')}
      </p>
      <p className="mt-1 text-sm text-muted">
        {before}
        <code>npm start</code>
        {after}
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <label htmlFor={id} className="flex flex-col text-sm font-medium text-ink">
          {t('key.label')}
          <input id={id} name="key" type="password" autoComplete="off" required className="mt-1 min-h-11 rounded-lg border border-line px-3" />
        </label>
        <button type="submit" className={buttonClass()}>{t('key.submit')}</button>
      </div>
    </form>
  );
}
