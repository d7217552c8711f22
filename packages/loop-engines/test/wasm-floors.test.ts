/**
 * The wasm engine's floors. `src/wasm/runtime/` (running a built kernel: memory, copying
 * arguments, calling) is the ground floor and imports nothing from `src/wasm/lowering/`
 * (loop-ir to wasm instructions), so a kernel built ahead of time runs without the compiler.
 * The lowering reads one file of the runtime, the memory layout both sides agree on, and
 * neither floor imports the engine files that join them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WASM = resolve(dirname(fileURLToPath(import.meta.url)), '../src/wasm');
const IMPORT = /(?:from|import)\s*\(?\s*'(\.[^']+)'/g;

/** `file -> target` for each relative import of the files of `dir` (wasm-relative paths). */
function importsUnder(dir: string): string[] {
  const files = readdirSync(join(WASM, dir)).filter((f) => f.endsWith('.ts'));
  expect(files.length).toBeGreaterThan(3);
  return files.flatMap((f) =>
    [...readFileSync(join(WASM, dir, f), 'utf8').matchAll(IMPORT)].map(
      (m) => `${dir}/${f} -> ${relative(WASM, resolve(WASM, dir, m[1] as string))}`,
    ),
  );
}

/** The target of an `a -> b` edge is one of the engine files directly under `src/wasm`. */
const reachesEngineFile = (edge: string) => !/-> (?:\.\.\/|[^/]+\/)/.test(edge);

describe('wasm engine floors', () => {
  it('runtime/ imports nothing from lowering/ or the engine files above it', () => {
    const upward = importsUnder('runtime').filter(
      (edge) => edge.includes('-> lowering/') || reachesEngineFile(edge),
    );
    expect(upward).toEqual([]);
  });

  it('lowering/ imports only the memory layout from runtime/, and no engine file', () => {
    const edges = importsUnder('lowering');
    const upward = edges.filter(
      (edge) =>
        (edge.includes('-> runtime/') && !edge.endsWith('-> runtime/memory-layout.js')) ||
        reachesEngineFile(edge),
    );
    expect(upward).toEqual([]);
    expect(edges.some((edge) => edge.endsWith('-> runtime/memory-layout.js'))).toBe(true);
  });
});
