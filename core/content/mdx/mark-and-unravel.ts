// @mdx-js/mdx's remark-mark-and-unravel (MIT, Titus Wormer), which its package does not export: a
// paragraph holding only JSX and {expressions} becomes those nodes (no <p> around a <Tip>), and
// JSX written in the text is marked as such (components do not replace it). The fast renderer runs
// the same remark steps as compile() before it, so both see the same tree.
import { collapseWhiteSpace } from 'collapse-white-space';

interface Node {
  type: string;
  value?: string;
  children?: Node[];
  data?: Record<string, unknown>;
}

export function remarkMarkAndUnravel() {
  return (tree: Node) => {
    const visit = (parent: Node) => {
      const children = parent.children;
      if (!children) return;
      for (let index = 0; index < children.length; index++) {
        const node = children[index]!;
        if (node.type === 'paragraph' && node.children) {
          let all = true;
          let oneOrMore = false;
          for (const child of node.children) {
            if (child.type === 'mdxJsxTextElement' || child.type === 'mdxTextExpression') oneOrMore = true;
            else if (!(child.type === 'text' && collapseWhiteSpace(child.value ?? '', { style: 'html', trim: true }) === '')) {
              all = false;
              break;
            }
          }
          if (all && oneOrMore) {
            const unravelled: Node[] = [];
            for (const child of node.children) {
              if (child.type === 'mdxJsxTextElement') child.type = 'mdxJsxFlowElement';
              if (child.type === 'mdxTextExpression') child.type = 'mdxFlowExpression';
              if (!(child.type === 'text' && /^[\t\r\n ]+$/.test(String(child.value)))) unravelled.push(child);
            }
            children.splice(index, 1, ...unravelled);
            // Look at the same index again (unist-util-visit's "return index").
            index--;
            continue;
          }
        }
        if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') node.data = { ...node.data, _mdxExplicitJsx: true };
        visit(node);
      }
    };
    visit(tree);
  };
}
