/**
 * The wasm engine's two floors: `src/wasm/lowering/` (loop-ir to wasm instructions) never
 * imports `src/wasm/runtime/` (running what was built) nor the engine files that join the two,
 * so the lowering can be read, and tested, without the runtime.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WASM = resolve(dirname(fileURLToPath(import.meta.url)), '../src/wasm');
const IMPORT = /(?:from|import)\s*\(?\s*'(\.[^']+)'/g;

/** The files of `dir` (under `src/wasm`) with the wasm-relative paths their relative imports reach. */
function importsUnder(dir: string): { file: string; targets: string[] }[] {
  return readdirSync(join(WASM, dir))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => {
      const text = readFileSync(join(WASM, dir, f), 'utf8');
      const targets = [...text.matchAll(IMPORT)].map((m) =>
        relative(WASM, resolve(WASM, dir, m[1] as string)),
      );
      return { file: `${dir}/${f}`, targets };
    });
}

describe('wasm engine floors', () => {
  it('lowering/ imports nothing from runtime/ or the engine files above it', () => {
    const files = importsUnder('lowering');
    expect(files.length).toBeGreaterThan(10);
    const upward = files.flatMap(({ file, targets }) =>
      targets
        .filter((t) => t.startsWith('runtime/') || (!t.includes('/') && !t.startsWith('..')))
        .map((t) => `${file} -> ${t}`),
    );
    expect(upward).toEqual([]);
  });

  it('runtime/ does not import the engine files above it', () => {
    const files = importsUnder('runtime');
    expect(files.length).toBeGreaterThan(3);
    const upward = files.flatMap(({ file, targets }) =>
      targets.filter((t) => !t.includes('/')).map((t) => `${file} -> ${t}`),
    );
    expect(upward).toEqual([]);
  });
});
