/**
 * Differential test: the same random calls on the `cpu` and `webgl` backends (both registered in
 * this page) must agree bit for bit, ≥ 300 cases per op: dtypes, layouts of ranks 1..6 with
 * repeated and combined tiles and tail padding, pad values, float specials, int32 beyond the
 * float-exact range (CPU route), duplicate and out-of-range offsets, batches, valid regions,
 * indices on the CPU or only on the GPU. Every WebGL call must also balance tensors, data ids
 * and textures.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectBalanced } from './support/accounting.js';
import { type BackendName, gpuOnly, type tf, useBackend } from './support/backends.js';
import {
  anyInt32,
  float32Value,
  layoutCaseArbitrary,
  tileCaseArbitrary,
  type ValueDomain,
  valuesFrom,
} from './support/differential_cases.js';
import { type ExactOutput, exactOutput } from './support/exact_values.js';
import { runLayoutCase } from './support/layout_cases.js';
import { runTileCase } from './support/tile_cases.js';
import { onWebgl2 } from './support/webgl_setup.js';

onWebgl2();

const RUNS = 300;

/** Runs `run` on a backend and returns the output's exact values (and shape). */
async function on(backend: BackendName, run: () => tf.Tensor): Promise<ExactOutput> {
  await useBackend(backend);
  return backend === 'webgl' ? expectBalanced(() => exactOutput(run)) : exactOutput(run);
}

/**
 * WebGL carries int32 in floats, exact to ±2^24: int32 values mostly within (the GPU path),
 * sometimes beyond (the CPU route); pads up to ±2^25.
 */
const webglValues: ValueDomain = {
  values: (dtype, length) => {
    if (dtype === 'bool') return valuesFrom(fc.integer({ min: 0, max: 1 }), length);
    if (dtype === 'float32') return valuesFrom(float32Value, length);
    return fc.oneof(
      { weight: 4, arbitrary: valuesFrom(fc.integer({ min: -(2 ** 24), max: 2 ** 24 }), length) },
      {
        weight: 1,
        arbitrary: valuesFrom(anyInt32, length),
      },
    );
  },
  pad: (dtype) => {
    if (dtype === 'bool') return fc.integer({ min: 0, max: 1 });
    if (dtype === 'int32') return fc.integer({ min: -(2 ** 25), max: 2 ** 25 });
    return float32Value.map(Math.fround);
  },
};

describe('webgl agrees with cpu bit for bit (relayout family)', () => {
  for (const op of ['relayout', 'unrelayout', 'convertLayout'] as const) {
    it(`${op}: ${RUNS} random cases`, async () => {
      await fc.assert(
        fc.asyncProperty(layoutCaseArbitrary(op, webglValues), async (c) => {
          const cpu = await on('cpu', () => runLayoutCase(c));
          const webgl = await on('webgl', () => runLayoutCase(c));
          expect(webgl).toEqual(cpu);
        }),
        { seed: 42, numRuns: RUNS },
      );
    });
  }
});

describe('webgl agrees with cpu bit for bit (TSCATTER / TGATHER)', () => {
  for (const kernel of ['TScatter', 'TGather'] as const) {
    it(`${kernel}: ${RUNS} random cases (assign/add, all/lastWriter, batches, duplicates)`, async () => {
      await fc.assert(
        fc.asyncProperty(tileCaseArbitrary(kernel, webglValues), async ({ c, residence }) => {
          const cpu = await on('cpu', () => runTileCase(c));
          const webgl = await on('webgl', () => runTileCase(c, residence, gpuOnly));
          expect(webgl).toEqual(cpu);
        }),
        { seed: 42, numRuns: RUNS },
      );
    });
  }
});
