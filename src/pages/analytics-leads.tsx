import { useEffect, useState } from 'react';
import { Block, Card } from '../components/analytics/parts.tsx';
import { countOf, useWords } from '../components/analytics/words.tsx';
import { leadCounts } from './analytics-figures.tsx';
import { changeText, comparedWith, downloadCsv, formatIst, isIgnored, previousOf, readLeads, setIgnored, type LeadsData, type Range, type StoredLead } from '../lib/analytics-dashboard.ts';

/** The groups of leads the cards count, in order (their labels: dashboard.leads.group.*): calls, WhatsApp taps, every form request (quote, contact, brand) and sign-ups. */
const GROUPS = ['call', 'whatsapp', 'form', 'newsletter'] as const;
const groupOf = (kind: string) => (kind === 'call' || kind === 'whatsapp' || kind === 'newsletter' ? kind : 'form');
/** How many leads of a group a read counts, on one day or in all its days. */
const countIn = (data: LeadsData, group: (typeof GROUPS)[number], day?: string) =>
  data.perDay.filter((d) => groupOf(d.kind) === group && (day === undefined || d.day === day)).reduce((s, d) => s + d.count, 0);
/** The key of each kind of form request's label (dashboard.leads.kind.*). */
const KIND_KEY: Record<StoredLead['kind'], string> = { quote: 'quote', contact: 'contact', 'service-request': 'serviceRequest', newsletter: 'newsletter' };

type State = { status: 'loading' } | { status: 'ready'; now: LeadsData; before: LeadsData } | { status: 'failed' };

/** Leads for the owner (keyed by the range, so a new range starts loading; rendered after the dashboard key is read, never prerendered): calls, chats and form requests in the chosen dates, compared with the period before. */
export function LeadsPanel({ endpoint, dashboardKey, range }: { endpoint: string; dashboardKey: string; range: Range }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const t = useWords();

  useEffect(() => {
    let live = true;
    Promise.all([readLeads(endpoint, dashboardKey, range), readLeads(endpoint, dashboardKey, previousOf(range))])
      .then(([now, before]) => live && setState({ status: 'ready', now, before }))
      .catch((error: unknown) => {
        console.error('Leads read failed', error);
        if (live) setState({ status: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [endpoint, dashboardKey, range]);

  return (
    <section aria-labelledby="leads-title" className="mt-8">
      <h2 id="leads-title" className="text-2xl font-bold text-brand-900">
        {t('leads.title')}
      </h2>
      {state.status === 'loading' && <p className="mt-4 text-muted">{t('leads.loading')}</p>}
      {state.status === 'failed' && <p className="mt-4 text-muted">{t('leads.failed')}</p>}
      {state.status === 'ready' && (
        <LeadsFigures now={state.now} before={state.before} against={comparedWith(range, t)} onCsv={() => void downloadCsv('leads', endpoint, dashboardKey, range)} />
      )}
    </section>
  );
}

function LeadsFigures({ now, before, against, onCsv }: { now: LeadsData; before: LeadsData; against: string; onCsv: () => void }) {
  const t = useWords();
  const days = [...new Set(now.perDay.map((d) => d.day))];
  return (
    <>
      <div className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {GROUPS.map((g) => (
          <Card key={g} label={t(`leads.group.${g}`)} value={countIn(now, g).toLocaleString('en-IN')} change={changeText(countIn(now, g), countIn(before, g), against, t)} />
        ))}
      </div>
      <WaitingDeliveries data={now} />
      <Block title={t('leads.perDay')}>
        {days.length === 0 ? (
          <p className="text-muted">{t('leads.none')}</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {days.map((day) => (
              <li key={day} className="flex flex-wrap justify-between gap-2 border-b border-line py-1">
                <span className="font-medium">{day}</span>
                <span>{leadCounts(t, countIn(now, 'call', day), countIn(now, 'whatsapp', day), countIn(now, 'form', day))}</span>
              </li>
            ))}
          </ul>
        )}
      </Block>
      <Block title={t('leads.latest')}>
        <button type="button" onClick={onCsv} className="mb-3 min-h-11 rounded-lg border border-line bg-white px-3 text-sm font-semibold text-ink">
          {t('leads.download')}
        </button>
        {now.leads.length === 0 ? (
          <p className="text-muted">{t('leads.noRequests')}</p>
        ) : (
          <ul className="space-y-3">
            {now.leads.slice(0, 20).map((l) => (
              <LeadCard key={l.id} lead={l} />
            ))}
          </ul>
        )}
      </Block>
    </>
  );
}

function LeadCard({ lead: l }: { lead: StoredLead }) {
  const t = useWords();
  const unsent = l.deliveries.filter((d) => d.status !== 'sent');
  return (
    <li className="rounded-lg border border-line bg-white p-3 text-sm" data-testid="lead">
      <p className="flex flex-wrap justify-between gap-2">
        <span className="font-semibold">
          {t(`leads.kind.${KIND_KEY[l.kind]}`)}
          {l.brand_name ? ` · ${l.brand_name}` : ''}
        </span>
        <span className="text-muted">{formatIst(l.created_at, t)}</span>
      </p>
      {l.name && <p>{l.name}</p>}
      <p className="break-all">
        {l.phone && <a href={`tel:${l.phone.replace(/[^\d+]/g, '')}`}>{l.phone}</a>}
        {l.phone && ' · '}
        <a href={`mailto:${l.email}`}>{l.email}</a>
      </p>
      {(l.service || l.service_type || l.area) && <p className="text-muted">{[l.service, l.service_type, l.area].filter(Boolean).join(' · ')}</p>}
      {l.message && <p className="mt-1 whitespace-pre-line">{l.message}</p>}
      <p className="mt-1 text-xs text-muted">
        {t('leads.from', { page: l.page_path ?? t('leads.unknownPage') })}
        {l.source && ` · ${t('leads.cameFrom', { source: l.source })}`}
      </p>
      {unsent.length > 0 && (
        <p className="mt-1 text-xs">
          {unsent.map((d) => (
            <strong key={d.channel} className="mr-2 text-accent-700">
              {t(d.status === 'failed' ? 'leads.notPassedOn' : 'leads.stillPassingOn', { channel: t(`leads.channel.${d.channel}`) })}
              {d.last_error ? ` (${d.last_error})` : ''}
            </strong>
          ))}
        </p>
      )}
    </li>
  );
}

/**
 * The warning the owner must not miss: deliveries (an alert, a forward) still pending ten minutes
 * after their lead, whatever the dates shown, and those given up in these dates. The leads
 * themselves are safe here either way.
 */
export function WaitingDeliveries({ data }: { data: LeadsData }) {
  const t = useWords();
  if (data.waiting.length === 0 && data.deliveryFailed === 0) return null;
  return (
    <div role="alert" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-ink" data-testid="deliveries-waiting">
      {data.waiting.map((w) => (
        <p key={w.channel}>
          {countOf(t, 'leads.waiting', w.count, {
            channel: t(`leads.channel.${w.channel}`),
            since: formatIst(w.oldest, t),
            error: w.last_error ? t('leads.lastError', { error: w.last_error }) : '',
          })}
        </p>
      ))}
      {data.deliveryFailed > 0 && <p>{countOf(t, 'leads.givenUp', data.deliveryFailed)}</p>}
    </div>
  );
}

export function IgnoreThisBrowser() {
  // Rendered only in the browser, after the key is known: localStorage can be read at once.
  const [ignored, setState] = useState(isIgnored);
  const t = useWords();
  return (
    <label className="mt-6 flex items-center gap-3 text-ink">
      <input
        type="checkbox"
        className="size-5"
        checked={ignored}
        onChange={(e) => {
          setIgnored(e.target.checked);
          setState(e.target.checked);
        }}
      />
      {t('ignoreThisBrowser')}
    </label>
  );
}
