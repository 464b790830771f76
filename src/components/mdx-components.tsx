import { createContext, useContext, type ComponentProps, type ReactNode } from 'react';

/*
 * The components an MDX body may use. Bodies are rendered to static HTML at build time
 * (docs/decisions/001): these are never hydrated, so they must not need JavaScript.
 */

/** The words of the body's language (core/content/mdx/render.ts gives them): the callouts' default titles. */
export const MdxWords = createContext<(key: string) => string>((key) => key);

/** `<Tip>…</Tip>`, a helpful aside, and `<Warning>…</Warning>`, a safety note (mains voltage, capacitors): titled mdx.tip or mdx.warning unless they name their own. */
const callout = (tone: 'tip' | 'warning') =>
  function Callout({ children, title }: { children: ReactNode; title?: string }) {
    const words = useContext(MdxWords);
    return (
      <aside className={`not-prose my-6 rounded-lg border-l-4 p-4 ${tone === 'tip' ? 'border-chat-600 bg-green-50' : 'border-accent-600 bg-orange-50'}`}>
        <p className="mb-1 font-semibold text-ink">{title ?? words(`mdx.${tone}`)}</p>
        <div className="text-ink">{children}</div>
      </aside>
    );
  };

/** Wide tables scroll sideways on phones instead of widening the page. */
function Table(props: ComponentProps<'table'>) {
  return (
    <div className="overflow-x-auto">
      <table {...props} />
    </div>
  );
}

/** An empty header cell (the corner of a comparison table) is a plain cell: a header must name something. */
function HeaderCell({ children, ...props }: ComponentProps<'th'>) {
  const empty = children === undefined || children === null || (typeof children === 'string' && children.trim() === '');
  return empty ? <td {...(props as ComponentProps<'td'>)} /> : <th {...props}>{children}</th>;
}

/** Capitalised names are the components authors write; lower-case ones replace Markdown's HTML. */
export const mdxComponents = { Tip: callout('tip'), Warning: callout('warning'), table: Table, th: HeaderCell };

/** The component names an author may write in MDX. */
export const MDX_COMPONENT_NAMES = ['Tip', 'Warning'];
