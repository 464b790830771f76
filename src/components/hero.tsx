import type { ReactNode } from 'react';

/** The coloured band at the top of a page: heading, lead text and actions. */
export function Hero({ title, lead, children, eyebrow }: { title: ReactNode; lead?: ReactNode; children?: ReactNode; eyebrow?: ReactNode }) {
  return (
    <section className="bg-hero text-white">
      <div className="mx-auto max-w-6xl px-4 py-14 md:py-20">
        {eyebrow && <p className="mb-3 text-sm font-semibold tracking-wide text-brand-100 uppercase">{eyebrow}</p>}
        <h1 className="max-w-3xl text-3xl leading-tight font-extrabold md:text-5xl">{title}</h1>
        {lead && <p className="mt-5 max-w-2xl text-lg text-brand-100 md:text-xl">{lead}</p>}
        {children && <div className="mt-8 flex flex-wrap gap-3">{children}</div>}
      </div>
    </section>
  );
}

/** A page section with a centred heading. */
export function Section({
  id,
  title,
  lead,
  children,
  className,
}: {
  id: string;
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={className}>
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 id={`${id}-title`} className="text-center text-3xl font-bold text-brand-900">
          {title}
        </h2>
        {lead && <p className="mx-auto mt-3 max-w-2xl text-center text-lg text-muted">{lead}</p>}
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
