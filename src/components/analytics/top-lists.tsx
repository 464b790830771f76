import type { LeadsBy, TopItem } from '../../lib/analytics-dashboard.ts';
import { Block } from './parts.tsx';
import { countOf, useWords, type DashboardT } from './words.tsx';

/** A ranked list (no table: it fits a 360 px phone), the figure at the right. */
export function TopList({ title, items, unit, empty }: { title: string; items: TopItem[]; unit: string; empty?: string }) {
  const t = useWords();
  return (
    <Block title={title}>
      {items.length === 0 ? (
        <p className="text-muted">{empty ?? t('top.empty')}</p>
      ) : (
        <ol className="space-y-1 text-sm">
          {items.map((t) => (
            <li key={t.key} className="flex justify-between gap-4 border-b border-line py-1">
              <span className="break-all">{t.key}</span>
              <span className="shrink-0 font-semibold">
                {t.count.toLocaleString('en-IN')} <span className="font-normal text-muted">{unit}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </Block>
  );
}

/** Calls, WhatsApp chats and form requests per page or per source. */
export function LeadsByList({ title, items }: { title: string; items: LeadsBy[] }) {
  const t = useWords();
  return (
    <Block title={title}>
      {items.length === 0 ? (
        <p className="text-muted">{t('leads.none')}</p>
      ) : (
        <ol className="space-y-1 text-sm">
          {items.map((l) => (
            <li key={l.key} className="flex flex-wrap justify-between gap-x-4 border-b border-line py-1">
              <span className="break-all font-medium">{l.key}</span>
              <span>
                {leadCounts(t, l.calls, l.whatsapp, l.forms)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Block>
  );
}

/** "1 call · 0 chats · 2 requests" (dashboard.count.*). */
export const leadCounts = (t: DashboardT, calls: number, chats: number, requests: number) =>
  [countOf(t, 'count.call', calls), countOf(t, 'count.chat', chats), countOf(t, 'count.request', requests)].join(' · ');
