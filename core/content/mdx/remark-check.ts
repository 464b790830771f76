import { hintFor, type Problem } from '../problems.ts';
import { fillFacts } from '#src/lib/format.ts';
import { placeholders, type PageFacts } from '../facts.ts';
import type { Position as Point } from '../yaml-source.ts';

/** A problem of a body, at a position of the body (references.ts makes it a problem of its file). */
export type BodyIssue = Pick<Problem, 'rule' | 'message' | 'expected' | 'received' | 'hint'> & { at: Point };
/** A link of a body, and where it is in the body. */
export type BodyLink = { url: string; at: Point };

/** The parts of an mdast node (with MDX's) that the plugins read and write. */
export interface Node {
  type: string;
  value?: string;
  url?: string;
  name?: string | null;
  depth?: number;
  attributes?: { type: string; name?: string; value?: unknown }[];
  children?: Node[];
  position?: { start: Point };
  data?: { hProperties?: Record<string, unknown> };
}

const ALLOWED_HTML = /^[a-z][a-z0-9]*$/;
/** Inline JSX and {expressions}, and what they become when they stand alone. */
const FLOW: Record<string, string> = { mdxJsxTextElement: 'mdxJsxFlowElement', mdxTextExpression: 'mdxFlowExpression' };
const blank = (n: Node) => n.type === 'text' && /^[\t\n\f\r ]*$/.test(n.value ?? '');

/**
 * A remark plugin: {placeholders} become the site's facts, links to this site are collected, and
 * what content may not do (unknown placeholders or components, import/export, attributes that are
 * expressions) becomes an issue. A paragraph that holds only JSX and {expressions} (and white
 * space) becomes those: `<Tip>…</Tip>` written on one line is an <aside>, not an <aside> inside a
 * <p>. MDX's compile() does the same; render.ts makes React elements from the tree itself.
 */
export function remarkCheck(opts: { facts: PageFacts; components: string[]; issues: BodyIssue[]; links: BodyLink[] }) {
  // Read per run, not once: a processor made once for many bodies points `opts` at each body's state.
  let { facts, components, issues, links } = opts;
  const at = (n: Node): Point => n.position?.start ?? { line: 1, column: 1 };
  const visit = (node: Node) => {
    const children = node.children;
    if (!children) return;
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      const kids = child.children ?? [];
      if (child.type === 'paragraph' && kids.some((c) => FLOW[c.type]) && kids.every((c) => FLOW[c.type] || blank(c))) {
        // Each of them is looked at next, as the node it becomes.
        children.splice(i--, 1, ...kids.filter((c) => !blank(c)).map((c) => ({ ...c, type: FLOW[c.type]! })));
        continue;
      }
      if (child.type === 'mdxTextExpression' || child.type === 'mdxFlowExpression') {
        const key = (child.value ?? '').trim();
        let text = '';
        const known = placeholders(facts);
        if (known.includes(key)) text = fillFacts(`{${key}}`, facts);
        else {
          issues.push({
            at: at(child),
            rule: 'unknown-placeholder',
            message: `unknown placeholder {${key}}`,
            expected: `one of ${known.map((p) => `{${p}}`).join(', ')}`,
            received: JSON.stringify(`{${key}}`),
            hint: hintFor(key, known, (guess) => `{${guess}}`),
          });
        }
        const textNode: Node = { type: 'text', value: text, position: child.position };
        children[i] = child.type === 'mdxFlowExpression' ? { type: 'paragraph', children: [textNode] } : textNode;
        continue;
      }
      if (child.type === 'mdxjsEsm') {
        issues.push({ at: at(child), rule: 'mdx-esm', message: 'import and export are not allowed in content', expected: 'Markdown and the components Tip, Warning', received: JSON.stringify((child.value ?? '').split('\n')[0]) });
        children.splice(i--, 1);
        continue;
      }
      if ((child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') && child.name) {
        if (!components.includes(child.name) && !ALLOWED_HTML.test(child.name)) {
          issues.push({
            at: at(child),
            rule: 'unknown-component',
            message: `unknown component <${child.name}>`,
            expected: `one of ${components.map((c) => `<${c}>`).join(', ')}, or plain HTML`,
            received: `<${child.name}>`,
            hint: hintFor(child.name, components, (guess) => `<${guess}>`),
          });
          children.splice(i--, 1);
          continue;
        }
      }
      if (child.attributes?.length) {
        // Bodies run no code: an attribute is text (`title="Note"`), never {an expression}.
        child.attributes = child.attributes.filter((a) => {
          if (a.type === 'mdxJsxAttribute' && (a.value === null || a.value === undefined || typeof a.value === 'string')) return true;
          const written = a.type === 'mdxJsxAttribute' ? `${a.name}={${(a.value as { value?: string }).value ?? ''}}` : `{${String(a.value ?? '')}}`;
          issues.push({ at: at(child), rule: 'mdx-expression', message: `<${child.name ?? ''}>: an attribute that is an expression`, expected: 'an attribute written as text, e.g. title="Note"', received: written });
          return false;
        });
      }
      if (child.type === 'link' && child.url?.startsWith('/')) links.push({ url: child.url, at: at(child) });
      visit(child);
    }
  };
  return () => (tree: Node) => {
    ({ facts, components, issues, links } = opts);
    visit(tree);
  };
}
