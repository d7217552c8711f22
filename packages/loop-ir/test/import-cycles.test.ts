/**
 * No runtime import cycles in src: a module in a cycle can be evaluated before the module
 * it imports has run, so its imports are still uninitialised when first used (the parser's
 * old operations.ts <-> formats/*.ts loop). `import type` / `export type` are erased and do
 * not count; an `import { type A }` is kept by verbatimModuleSyntax and does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

/** `import ... from './x.js'`, `export ... from './x.js'` and `import './x.js'`, not the type-only forms. */
const RUNTIME_IMPORT =
  /(?:^|[\n;])\s*(?:(?:import|export)\s+(?!type[\s{*])[^'";]*?\s+from|import)\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** Relative runtime imports of each module, keyed and valued by path relative to the root. */
function runtimeImportGraph(files: ReadonlyMap<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, text] of files) {
    const targets: string[] = [];
    for (const m of text.matchAll(RUNTIME_IMPORT)) {
      const spec = (m[1] as string).replace(/\.js$/, '');
      const base = join(dirname(file), spec);
      const target = [`${base}.ts`, join(base, 'index.ts')].find((c) => files.has(c));
      if (target === undefined) throw new Error(`${file}: cannot resolve import '${m[1]}'`);
      targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** One import cycle (first module repeated at the end), or undefined when the graph has none. */
function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (node: string): string[] | undefined => {
    if (onPath.has(node)) return [...path.slice(path.indexOf(node)), node];
    if (done.has(node)) return undefined;
    path.push(node);
    onPath.add(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle !== undefined) return cycle;
    }
    path.pop();
    onPath.delete(node);
    done.add(node);
    return undefined;
  };
  for (const node of [...graph.keys()].sort()) {
    const cycle = visit(node);
    if (cycle !== undefined) return cycle;
  }
  return undefined;
}

function sourceFiles(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = resolve(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts'))
        files.set(relative(root, path), readFileSync(path, 'utf8'));
    }
  };
  walk(root);
  return files;
}

describe('runtime import cycles', () => {
  it('finds a cycle through a runtime import and ignores type-only imports', () => {
    const files = new Map([
      ['a.ts', "import { b } from './b.js';\nimport type { C } from './c.js';"],
      ['b.ts', "export {\n  a,\n} from './a.js';"],
      ['c.ts', "import type { A } from './a.js';\nexport type { B } from './b.js';"],
      ['d/index.ts', "import './side-effect.js';"],
      ['d/side-effect.ts', "import { a } from '../a.js';"],
    ]);
    const graph = runtimeImportGraph(files);
    expect(graph.get('a.ts')).toEqual(['b.ts']);
    expect(graph.get('c.ts')).toEqual([]);
    expect(graph.get('d/index.ts')).toEqual(['d/side-effect.ts']);
    expect(findCycle(graph)).toEqual(['a.ts', 'b.ts', 'a.ts']);
    expect(findCycle(new Map([...graph, ['b.ts', []]]))).toBeUndefined();
  });

  it('an inline `import { type A }` still counts (verbatimModuleSyntax keeps the import)', () => {
    const graph = runtimeImportGraph(
      new Map([
        ['x.ts', "import { type Y } from './y.js';"],
        ['y.ts', "import { x } from './x.js';"],
      ]),
    );
    expect(findCycle(graph)).toEqual(['x.ts', 'y.ts', 'x.ts']);
  });

  it('packages/loop-ir/src has none', () => {
    expect(findCycle(runtimeImportGraph(sourceFiles(SRC)))).toBeUndefined();
  });
});
