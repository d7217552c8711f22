/**
 * No files import each other in a loop (type-only imports included): a reader can start at the
 * files that import nothing of their package and go up floor by floor. Where two files need
 * each other, the piece they share gets a file of its own (an interface the handlers take, a
 * type both sides use), or the one that composes them hands one to the other.
 *
 * Checked over every workspace project's files except its tests (sources, scripts, benchmarks,
 * configs), from relative imports resolved to files as TypeScript's bundler resolution does.
 */
import { existsSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, isRelative, target } from './support/imports.js';
import { repoRoot, workspaces } from './support/workspace.js';

const TEST_FILE = /(?:^|\/)(?:test|tests|__tests__)\/|\.test\.[cm]?[jt]sx?$/;

/** The file a relative specifier resolves to (`.js` written for a `.ts` file, a folder's index). */
function resolveFile(path: string): string | undefined {
  const candidates = [
    path,
    path.replace(/\.([cm]?)js$/, '.$1ts'),
    path.replace(/\.js$/, '.tsx'),
    `${path}.ts`,
    join(path, 'index.ts'),
    join(path, 'index.js'),
  ];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

/** Import edges between the non-test files of every project, as root-relative paths. */
function importGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const w of workspaces()) {
    for (const { file, specifier } of importsOf(repoRoot, join(repoRoot, w.dir))) {
      if (TEST_FILE.test(file) || !isRelative(specifier)) continue;
      const resolved = resolveFile(target(repoRoot, file, specifier));
      if (resolved === undefined) continue;
      const to = relative(repoRoot, resolved);
      if (TEST_FILE.test(to)) continue;
      if (!graph.has(file)) graph.set(file, new Set());
      graph.get(file)?.add(to);
    }
  }
  return graph;
}

/** The strongly connected components of more than one file, or of a file importing itself. */
function circles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  // Iterative Tarjan: a deep import chain must not exhaust the call stack.
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; edges: string[]; at: number }[] = [];
    const enter = (node: string) => {
      index.set(node, next);
      low.set(node, next);
      next++;
      stack.push(node);
      onStack.add(node);
      work.push({ node, edges: [...(graph.get(node) ?? [])], at: 0 });
    };
    enter(root);
    while (work.length > 0) {
      const frame = work[work.length - 1] as (typeof work)[number];
      if (frame.at < frame.edges.length) {
        const to = frame.edges[frame.at++] as string;
        if (!index.has(to)) enter(to);
        else if (onStack.has(to))
          low.set(frame.node, Math.min(low.get(frame.node) ?? 0, index.get(to) ?? 0));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined)
        low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      const selfImport = graph.get(frame.node)?.has(frame.node) ?? false;
      if (component.length > 1 || selfImport) found.push(component.sort());
    }
  }
  return found.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}

describe('import circles', () => {
  it('the finder sees a circle of three files and a file importing itself', () => {
    const graph = new Map([
      ['a.ts', new Set(['b.ts'])],
      ['b.ts', new Set(['c.ts'])],
      ['c.ts', new Set(['a.ts', 'd.ts'])],
      ['d.ts', new Set(['d.ts'])],
      ['e.ts', new Set(['a.ts'])],
    ]);
    expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
  });

  it('no files of any project import each other in a loop', () => {
    const graph = importGraph();
    // The graph was read: every package's entry file imports something.
    expect(graph.get('packages/layout/src/index.ts')?.size ?? 0).toBeGreaterThan(0);
    expect(circles(graph)).toEqual([]);
  });
});
