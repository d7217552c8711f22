/**
 * Differential test: every corpus kernel, scalar and vectorized under every option set, runs
 * on the `js` and `wasm` engines with results bit-identical to the reference interpreter
 * (memref contents compared byte for byte, including NaN payloads and signed zeros).
 */

import type { Module } from '@tilekit/loop-ir';
import { vectorize } from '@tilekit/sparse-vectorizer';
import {
  loadCorpus,
  makeArguments,
  optionLabel,
  snapshot,
  VECTOR_OPTIONS,
} from '@tilekit/test-support';
import { describe, expect, it } from 'vitest';
import { compile, type EngineName } from '../src/index.js';

const ENGINES: readonly EngineName[] = ['interpreter', 'js', 'wasm'];
const TRIPS = [0, 13];

/** Snapshots of one module run on every engine (an error is a snapshot too). */
function runAll(
  module: Module,
  name: string,
  vscale: number,
  trip: number,
  kernel: Parameters<typeof makeArguments>[0],
): string[] {
  return ENGINES.map((engine) => {
    const args = makeArguments(kernel, trip, 11);
    try {
      return snapshot(args, compile(module, name, { engine, vscale })(...args));
    } catch (e) {
      return `error ${(e as Error).message}`;
    }
  });
}

describe('engines agree with the interpreter on the vectorizer corpus', () => {
  for (const kernel of loadCorpus()) {
    it(kernel.name, () => {
      const variants = [
        { label: 'scalar', module: kernel.module, vscales: [1] },
        ...VECTOR_OPTIONS.map((o) => ({
          label: optionLabel(o),
          module: vectorize(kernel.module, o).module,
          vscales: o.enableVLAVectorization ? [1, 2] : [1],
        })),
      ];
      for (const v of variants) {
        for (const vscale of v.vscales) {
          for (const trip of TRIPS) {
            const [reference, js, wasm] = runAll(v.module, kernel.name, vscale, trip, kernel);
            expect(reference, `${v.label} vscale=${vscale} trip=${trip}`).not.toMatch(/^error/);
            expect(js, `js ${v.label} vscale=${vscale} trip=${trip}`).toBe(reference);
            expect(wasm, `wasm ${v.label} vscale=${vscale} trip=${trip}`).toBe(reference);
          }
        }
      }
    });
  }
});
