import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

// ESLint's import-x/no-cycle passes over `import type`; a type-only cycle still ties two modules
// together for a reader, so this test walks every import, types included.

const ROOTS = ['src', 'core', 'cli', 'schemas', 'supabase/functions/_shared'];
const imports = JSON.parse(readFileSync('package.json', 'utf8')).imports as Record<string, string>;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The project file an import specifier names, or undefined for a package. */
function resolve(from: string, spec: string): string | undefined {
  const alias = Object.keys(imports).find((k) => spec.startsWith(k.replace('*', '')));
  const target = alias ? imports[alias]!.replace('*', spec.slice(alias.length - 1)) : spec.startsWith('.') ? path.join(path.dirname(from), spec) : undefined;
  return target && existsSync(target) ? path.normalize(target) : undefined;
}

test('no import cycles among the project modules, type-only imports included', () => {
  const graph = new Map<string, string[]>();
  for (const file of ROOTS.flatMap((r) => files(r))) {
    const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    const specs = [...code.matchAll(/(?:^|\s)(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm)].map((m) => m[1] ?? m[2]!);
    graph.set(path.normalize(file), specs.map((s) => resolve(file, s)).filter((t): t is string => !!t));
  }
  // Depth-first search; a module met again while still on the stack closes a cycle.
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string, stack: string[]) => {
    state.set(file, 'open');
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), file, next].join(' → '));
      else if (!state.has(next)) visit(next, [...stack, file]);
    }
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file, []);
  expect(graph.size).toBeGreaterThan(100);
  expect(cycles).toEqual([]);
});
