import { useState } from 'react';
import type { FaqItem } from '../contract/pages.ts';
import { cn } from './cn.ts';
import { Icon } from './icons.tsx';

/** Questions with one answer open at a time; pressing the open question closes it. */
/**
 * `idBase` names the question and answer ids. It is explicit, not useId(): the server renders the
 * whole document and the browser hydrates #root alone, so useId() values would not match.
 */
export function FaqAccordion({ items, idBase, initiallyOpen = 0 }: { items: FaqItem[]; idBase: string; initiallyOpen?: number | null }) {
  const [open, setOpen] = useState<number | null>(initiallyOpen);
  return (
    <div className="divide-y divide-line rounded-xl border border-line bg-white">
      {items.map((item, i) => {
        const expanded = open === i;
        const buttonId = `${idBase}-q${i}`;
        const panelId = `${idBase}-a${i}`;
        return (
          <div key={item.question}>
            <h3>
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : i)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-ink hover:bg-surface"
              >
                {item.question}
                <Icon name="chevron" className={cn('h-5 w-5 shrink-0 transition-transform', expanded && 'rotate-180')} />
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!expanded} className="px-5 pb-5 text-muted">
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
