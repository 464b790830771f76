import { isMap, isSeq, isScalar, LineCounter, parseDocument, type Node } from 'yaml';
import type { Problem } from './problems.ts';

export type PathKey = string | number;
export type Position = { line: number; column: number };

/** A parsed YAML text that can say where any field path sits in its file. */
export interface YamlSource {
  file: string;
  value: unknown;
  /** Where the value at `path` starts; the nearest existing parent when it is missing. `key: true` points at the key. */
  locate(path: readonly PathKey[], opts?: { key?: boolean }): Position;
  problems: Problem[];
}

/** Parse YAML keeping positions (an MDX file's front matter is parsed with the line of its opening "---", so its lines are the file's). */
export function parseYamlSource(file: string, text: string): YamlSource {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const pos = (offset: number): Position => {
    const p = lineCounter.linePos(offset);
    return { line: p.line, column: p.col };
  };
  const problems: Problem[] = [...doc.errors, ...doc.warnings.filter((w) => w.code === 'DUPLICATE_KEY')].map((e) => {
    const at = pos(e.pos[0]);
    return {
      file,
      ...at,
      rule: 'yaml-syntax',
      message: `YAML syntax: ${e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`,
      severity: 'error' as const,
    };
  });

  const locate = (path: readonly PathKey[], opts: { key?: boolean } = {}): Position => {
    let node: Node | null | undefined = doc.contents as Node | null;
    let best = node?.range ? pos(node.range[0]) : { line: 1, column: 1 };
    for (let i = 0; i < path.length; i++) {
      const seg = path[i]!;
      if (isMap(node)) {
        const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(seg));
        if (!pair) return best;
        const last = i === path.length - 1;
        const keyNode = pair.key as Node;
        const valueNode = pair.value as Node | null;
        if (last && (opts.key || !valueNode?.range)) return keyNode.range ? pos(keyNode.range[0]) : best;
        node = valueNode;
        if (valueNode?.range) best = pos(valueNode.range[0]);
        else if (keyNode.range) best = pos(keyNode.range[0]);
      } else if (isSeq(node) && typeof seg === 'number') {
        const item = node.items[seg] as Node | undefined;
        if (!item?.range) return best;
        node = item;
        best = pos(item.range[0]);
      } else {
        return best;
      }
    }
    return best;
  };

  const value = problems.length ? undefined : doc.toJS({ maxAliasCount: 100 });
  return { file, value, locate, problems };
}
