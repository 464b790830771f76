import matter from 'gray-matter';
import { parseYamlSource, type YamlSource } from './yaml-source.ts';

export interface MdxFile {
  /** The front matter, parsed with positions (line numbers are those of the whole file). */
  source: YamlSource;
  /** The MDX below the front matter (an entry's is empty once rendered: then `rendered` is its body). */
  body: string;
  /** Lines of the file before the body (add to a body position to get the file's line). */
  bodyLineOffset: number;
}

// gray-matter only splits: its own YAML parser would lose positions, so the engine is a no-op.
const SPLIT_ONLY = { engines: { yaml: () => ({}) } } as const;

/** Split an MDX file into its front matter (YAML, located) and its body. */
export function splitMdx(file: string, text: string): MdxFile {
  const parsed = matter(text, SPLIT_ONLY as never);
  const body = parsed.content;
  const bodyLineOffset = text.slice(0, text.length - body.length).split('\n').length - 1;
  if (!text.startsWith('---')) {
    const source = parseYamlSource(file, '');
    source.problems.push({
      file,
      line: 1,
      column: 1,
      rule: 'front-matter',
      message: 'the file has no front matter',
      expected: 'a first line "---", the fields in YAML, then a line "---"',
      received: JSON.stringify(text.split('\n')[0]?.slice(0, 60) ?? ''),
      severity: 'error',
    });
    return { source, body, bodyLineOffset };
  }
  // The front matter starts right after the opening "---" on line 1.
  return { source: parseYamlSource(file, parsed.matter), body, bodyLineOffset };
}
