import type { LeadsBy, TopItem } from '../../lib/analytics-dashboard.ts';
import { Block } from './parts.tsx';

/** A ranked list (no table: it fits a 360 px phone), the figure at the right. */
export function TopList({ title, items, unit, empty = 'Nothing in these dates.' }: { title: string; items: TopItem[]; unit: string; empty?: string }) {
  return (
    <Block title={title}>
      {items.length === 0 ? (
        <p className="text-muted">{empty}</p>
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

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Calls, WhatsApp chats and form requests per page or per source. */
export function LeadsByList({ title, items }: { title: string; items: LeadsBy[] }) {
  return (
    <Block title={title}>
      {items.length === 0 ? (
        <p className="text-muted">No leads in these dates.</p>
      ) : (
        <ol className="space-y-1 text-sm">
          {items.map((l) => (
            <li key={l.key} className="flex flex-wrap justify-between gap-x-4 border-b border-line py-1">
              <span className="break-all font-medium">{l.key}</span>
              <span>
                {plural(l.calls, 'call', 'calls')} · {plural(l.whatsapp, 'chat', 'chats')} · {plural(l.forms, 'request', 'requests')}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Block>
  );
}
