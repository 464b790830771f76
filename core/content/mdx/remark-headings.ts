import GithubSlugger from 'github-slugger';
import type { Node } from './remark-check.ts';

/** A heading of a body, linkable at #id. */
export type BodyHeading = { depth: number; id: string; text: string };

/** `## Title {#my-id}`: an explicit id at the end of a heading line. */
const EXPLICIT_ID = /^(#{1,6}[ \t].*?)[ \t]*\{#([A-Za-z][\w-]*)\}[ \t]*$/;

/**
 * MDX reads `{…}` as a JavaScript expression, so an explicit heading id would be a syntax error:
 * escape its braces (outside code fences) for the plugin below to find as text. Lines keep their
 * numbers, so positions in problems still point at the file.
 */
export function escapeHeadingIds(body: string): string {
  let fence: string | undefined;
  return body
    .split('\n')
    .map((line) => {
      const f = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (f && (!fence || f.startsWith(fence))) fence = fence ? undefined : f;
      if (fence || f) return line;
      return line.replace(EXPLICIT_ID, (_, head: string, id: string) => `${head} \\{#${id}\\}`);
    })
    .join('\n');
}

const textOf = (node: Node): string => (node.value ?? '') + (node.children ?? []).map(textOf).join('');

/**
 * A remark plugin: every heading gets an id, as GitHub makes them (github-slugger: lower case,
 * punctuation dropped, spaces to hyphens, "-1", "-2" for repeats) unless it ends in `{#id}`, and a
 * link to itself, shown on hover and focus, named in the body's language (`linkLabel`). The headings are collected for links and a table of
 * contents. Runs after the placeholders are filled, so ids follow the text readers see.
 */
export function remarkHeadings(out: { headings: BodyHeading[]; linkLabel: (heading: string) => string }) {
  return () => (tree: Node) => {
    // Read per run: one processor renders the bodies of every language.
    const { headings, linkLabel } = out;
    const slugger = new GithubSlugger();
    const visit = (node: Node) => {
      for (const child of node.children ?? []) {
        if (child.type !== 'heading') {
          visit(child);
          continue;
        }
        const last = child.children?.at(-1);
        const explicit = last?.type === 'text' ? /[ \t]*\{#([A-Za-z][\w-]*)\}[ \t]*$/.exec(last.value ?? '') : null;
        if (explicit && last) last.value = last.value!.slice(0, explicit.index);
        const text = textOf(child).trim();
        const id = explicit ? explicit[1]! : slugger.slug(text);
        if (explicit) slugger.slug(id); // a later heading of the same text gets "-1"
        child.data = { ...child.data, hProperties: { ...child.data?.hProperties, id } };
        child.children = [
          ...(child.children ?? []),
          {
            type: 'link',
            url: `#${id}`,
            data: { hProperties: { className: ['heading-anchor'], ariaLabel: linkLabel(text) } },
            children: [{ type: 'text', value: '#' }],
          } as Node,
        ];
        headings.push({ depth: child.depth ?? 2, id, text });
      }
    };
    visit(tree);
  };
}
