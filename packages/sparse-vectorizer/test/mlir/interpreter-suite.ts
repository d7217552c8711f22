/**
 * Differential test against mlir-opt-22, semantics: the scalar kernel, our vectorized
 * kernel and MLIR's vectorized kernel give identical results in the interpreter on seeded
 * random data, for trip counts that exercise the mask (0, 1, vl-1, vl, vl+1, many) and, for
 * scalable code, vscale 1 and 2. On the fix kernels MLIR's result must differ at least once
 * (the miscompile) while ours still matches the scalar loop.
 */
import { isDeepStrictEqual } from 'node:util';
import { hasTripParameter, type Kernel, loadCorpus } from '@tilekit/test-support';
import { describe, expect, it } from 'vitest';
import { FIX_EXPECTATIONS } from './expectations.js';
import { normalize, observe, tripCounts } from './observe.js';
import type { OptionSet } from './option-sets.js';
import { vectorizeCorpus } from './pipeline.js';

/** Registers the interpreter agreement tests for `sets`. */
export function interpreterSuite(sets: readonly OptionSet[]): void {
  const corpus = loadCorpus();
  const scalarRuns = new Map<string, unknown>();
  const scalar = (kernel: Kernel, trip: number, seed: number) => {
    const key = `${kernel.name}/${trip}/${seed}`;
    if (!scalarRuns.has(key))
      scalarRuns.set(key, normalize(observe(kernel.module, kernel, trip, seed)));
    return scalarRuns.get(key);
  };

  describe.each(sets)('--sparse-vectorization="$flag"', (set) => {
    const versions = vectorizeCorpus(corpus, set);

    it.each(corpus.map((k) => k.name))('%s: scalar = ours = mlir-opt-22', (name) => {
      const v = versions.get(name);
      if (v === undefined || !('module' in v.mlir)) throw new Error(`no MLIR output for ${name}`);
      const fix = FIX_EXPECTATIONS[name];
      let mlirWrong = 0;
      for (const vscale of set.vscales) {
        const lanes = set.options.vectorLength * vscale;
        const trips = hasTripParameter(v.kernel) ? tripCounts(lanes) : [0];
        for (const trip of trips) {
          const seed = 7919 * (trip + 1);
          const reference = scalar(v.kernel, trip, seed);
          const where = `trip ${trip}, vscale ${vscale}`;
          expect(reference, `scalar run failed (${where})`).not.toHaveProperty('error');
          const ours = normalize(observe(v.ours.module, v.kernel, trip, seed, vscale));
          expect(ours, `ours (${where})`).toEqual(reference);
          const mlir = normalize(observe(v.mlir.module, v.kernel, trip, seed, vscale));
          if (fix === undefined) expect(mlir, `mlir-opt-22 (${where})`).toEqual(reference);
          else if (!isDeepStrictEqual(mlir, reference)) mlirWrong++;
        }
      }
      if (fix !== undefined) expect(mlirWrong, `MLIR miscompiles ${name}`).toBeGreaterThan(0);
    });
  });
}
