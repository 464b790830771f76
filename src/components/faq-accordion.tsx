import type { Faq } from '#schemas/index.ts';
import { Icon } from './icons.tsx';

/**
 * Questions with one answer open at a time; pressing the open question closes it (spec §4). Native
 * <details> sharing a `name`: the browser keeps one open, with or without JavaScript
 * (src/client/shell.ts does the same for browsers that predate `name`). `idBase` names the group
 * and the items' ids.
 */
export function FaqAccordion({ items, idBase }: { items: Faq[]; idBase: string }) {
  return (
    <div className="rounded-xl border border-line bg-white">
      {items.map((item, i) => (
        <details key={item.question} id={`${idBase}-q${i}`} name={idBase} open={i === 0} className="group border-line not-last:border-b">
          <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-4 px-5 py-4 text-left font-semibold hover:bg-surface">
            {item.question}
            <Icon name="chevron" className="size-5 shrink-0 transition-transform group-open:rotate-180" />
          </summary>
          <div className="px-5 pb-5 text-muted">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
