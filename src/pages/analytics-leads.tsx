import { useEffect, useState } from 'react';
import { Block, Card } from '../components/analytics/parts.tsx';
import { formatIst } from '../lib/analytics-dashboard.ts';
import {
  changeText,
  comparedWith,
  downloadLeadsCsv,
  isIgnored,
  previousOf,
  readLeads,
  setIgnored,
  totalsOf,
  type LeadGroup,
  type LeadsData,
  type Range,
  type StoredLead,
} from '../lib/leads-dashboard.ts';

const GROUPS: [LeadGroup, string][] = [
  ['call', 'Calls (phone taps)'],
  ['whatsapp', 'WhatsApp chats'],
  ['form', 'Form requests'],
  ['newsletter', 'Newsletter sign-ups'],
];
const KIND_LABEL: Record<StoredLead['kind'], string> = { quote: 'Quote', contact: 'Contact', 'service-request': 'Brand request', newsletter: 'Newsletter' };

type State = { status: 'loading' } | { status: 'ready'; now: LeadsData; before: LeadsData } | { status: 'failed' };

/** Leads for the owner (keyed by the range, so a new range starts loading; rendered after the dashboard key is read, never prerendered): calls, chats and form requests in the chosen dates, compared with the period before. */
export function LeadsPanel({ endpoint, dashboardKey, range }: { endpoint: string; dashboardKey: string; range: Range }) {
  const [state, setState] = useState<State>({ status: 'loading' });

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
        Leads: calls, chats and requests
      </h2>
      {state.status === 'loading' && <p className="mt-4 text-muted">Loading leads…</p>}
      {state.status === 'failed' && <p className="mt-4 text-muted">The leads could not be read. Check the dashboard key.</p>}
      {state.status === 'ready' && (
        <LeadsFigures now={state.now} before={state.before} against={comparedWith(range)} onCsv={() => void downloadLeadsCsv(endpoint, dashboardKey, range)} />
      )}
    </section>
  );
}

function LeadsFigures({ now, before, against, onCsv }: { now: LeadsData; before: LeadsData; against: string; onCsv: () => void }) {
  const t = totalsOf(now);
  const b = totalsOf(before);
  const days = [...new Set(now.perDay.map((d) => d.day))];
  const count = (day: string, group: LeadGroup) =>
    now.perDay.filter((d) => d.day === day && (group === 'form' ? !['call', 'whatsapp', 'newsletter'].includes(d.kind) : d.kind === group)).reduce((s, d) => s + d.count, 0);
  return (
    <>
      <div className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {GROUPS.map(([g, label]) => (
          <Card key={g} label={label} value={t[g].toLocaleString('en-IN')} change={changeText(t[g], b[g], against)} />
        ))}
      </div>
      <WaitingDeliveries data={now} />
      <Block title="Leads per day">
        {days.length === 0 ? (
          <p className="text-muted">No leads in these dates.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {days.map((day) => (
              <li key={day} className="flex flex-wrap justify-between gap-2 border-b border-line py-1">
                <span className="font-medium">{day}</span>
                <span>
                  {count(day, 'call')} calls · {count(day, 'whatsapp')} chats · {count(day, 'form')} requests
                </span>
              </li>
            ))}
          </ul>
        )}
      </Block>
      <Block title="Latest requests from the forms">
        <button type="button" onClick={onCsv} className="mb-3 min-h-11 rounded-lg border border-line bg-white px-3 text-sm font-semibold text-ink">
          Download these dates as a spreadsheet (CSV)
        </button>
        {now.leads.length === 0 ? (
          <p className="text-muted">No form requests in these dates.</p>
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
  return (
    <li className="rounded-lg border border-line bg-white p-3 text-sm" data-testid="lead">
      <p className="flex flex-wrap justify-between gap-2">
        <span className="font-semibold">
          {KIND_LABEL[l.kind]}
          {l.brand_name ? ` · ${l.brand_name}` : ''}
        </span>
        <span className="text-muted">{formatIst(l.created_at)}</span>
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
        From {l.page_path ?? 'an unknown page'}
        {l.source && ` · came from ${l.source}`}
      </p>
      {l.deliveries.some((d) => d.status !== 'sent') && (
        <p className="mt-1 text-xs">
          {l.deliveries
            .filter((d) => d.status !== 'sent')
            .map((d) => (
              <strong key={d.channel} className="mr-2 text-accent-700">
                {d.status === 'failed' ? 'Not passed on' : 'Still passing on'} to {CHANNEL_LABEL[d.channel]}
                {d.last_error ? ` (${d.last_error})` : ''}
              </strong>
            ))}
        </p>
      )}
    </li>
  );
}

const CHANNEL_LABEL: Record<StoredLead['deliveries'][number]['channel'], string> = {
  forward: 'your e-mail form service',
  telegram: 'Telegram',
  webhook: 'your webhook',
};

/**
 * The warning the owner must not miss: deliveries (an alert, a forward) still pending ten minutes
 * after their lead, whatever the dates shown, and those given up in these dates. The leads
 * themselves are safe here either way.
 */
export function WaitingDeliveries({ data }: { data: LeadsData }) {
  if (data.waiting.length === 0 && data.deliveryFailed === 0) return null;
  return (
    <div role="alert" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-ink" data-testid="deliveries-waiting">
      {data.waiting.map((w) => (
        <p key={w.channel}>
          {w.count} {w.count === 1 ? 'lead has' : 'leads have'} not reached {CHANNEL_LABEL[w.channel]} for more than 10 minutes (the oldest came in{' '}
          {formatIst(w.oldest)}){w.last_error ? `: ${w.last_error}` : ''}. They are retried; the leads are safe here.
        </p>
      ))}
      {data.deliveryFailed > 0 && (
        <p>
          {data.deliveryFailed} {data.deliveryFailed === 1 ? 'delivery' : 'deliveries'} of these dates could not be made for a week and {data.deliveryFailed === 1 ? 'was' : 'were'} given
          up: see the requests below.
        </p>
      )}
    </div>
  );
}

export function IgnoreThisBrowser() {
  // Rendered only in the browser, after the key is known: localStorage can be read at once.
  const [ignored, setState] = useState(isIgnored);
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
      Don’t count my own visits from this browser
    </label>
  );
}
