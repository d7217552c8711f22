/**
 * Differential test: the same random calls on the `cpu` and `webgpu` backends (both registered
 * in this page) must agree bit for bit, 300 cases per op: dtypes, layouts of ranks 1..6 with
 * repeated and combined tiles and tail padding, pad values, float specials, int32 over its whole
 * range, duplicate and out-of-range offsets, batches, valid regions, indices on the CPU or only
 * on the GPU. Every WebGPU call must also balance tensors and backend data ids. The random calls
 * are the WebGL suite's (test/browser/support/differential_cases.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  anyInt32,
  float32Value,
  layoutCaseArbitrary,
  tileCaseArbitrary,
  type ValueDomain,
  valuesFrom,
} from '../browser/support/differential_cases.js';
import { type ExactOutput, exactOutput } from '../browser/support/exact_values.js';
import { runLayoutCase } from '../browser/support/layout_cases.js';
import { runTileCase, type TileCase } from '../browser/support/tile_cases.js';
import {
  type BackendName,
  expectBalanced,
  gpuOnly,
  onWebgpu,
  type tf,
  useBackend,
} from './support/backends.js';

onWebgpu();

const RUNS = 300;

/** Runs `run` on a backend and returns the output's exact values and shape. */
async function on(backend: BackendName, run: () => tf.Tensor): Promise<ExactOutput> {
  await useBackend(backend);
  return backend === 'webgpu' ? expectBalanced(() => exactOutput(run)) : exactOutput(run);
}

/** WebGPU stores int32 as i32: values and pads over the whole int32 range. */
const webgpuValues: ValueDomain = {
  values: (dtype, length) =>
    valuesFrom(
      dtype === 'bool'
        ? fc.integer({ min: 0, max: 1 })
        : dtype === 'int32'
          ? anyInt32
          : float32Value,
      length,
    ),
  pad: (dtype) => {
    if (dtype === 'bool') return fc.integer({ min: 0, max: 1 });
    if (dtype === 'int32') return anyInt32;
    return float32Value.map(Math.fround);
  },
};

/**
 * float32 sums build their writer lists on the CPU, which would read GPU-only indices back
 * synchronously (see the README: that loses the device in headless Chromium on SwiftShader), so
 * those calls keep their indices on the CPU.
 */
function readsIndicesBack(c: TileCase): boolean {
  return c.kernel === 'TScatter' && c.attrs.mode === 'add' && c.dtype === 'float32';
}

describe('webgpu agrees with cpu bit for bit (relayout family)', () => {
  for (const op of ['relayout', 'unrelayout', 'convertLayout'] as const) {
    it(`${op}: ${RUNS} random cases`, async () => {
      await fc.assert(
        fc.asyncProperty(layoutCaseArbitrary(op, webgpuValues), async (c) => {
          const cpu = await on('cpu', () => runLayoutCase(c));
          const webgpu = await on('webgpu', () => runLayoutCase(c));
          expect(webgpu).toEqual(cpu);
        }),
        { seed: 7, numRuns: RUNS },
      );
    });
  }
});

describe('webgpu agrees with cpu bit for bit (TSCATTER / TGATHER)', () => {
  for (const kernel of ['TScatter', 'TGather'] as const) {
    it(`${kernel}: ${RUNS} random cases (assign/add, all/lastWriter, batches, duplicates)`, async () => {
      await fc.assert(
        fc.asyncProperty(tileCaseArbitrary(kernel, webgpuValues), async ({ c, residence }) => {
          const placed = readsIndicesBack(c) ? 'cpu' : residence;
          const cpu = await on('cpu', () => runTileCase(c));
          const webgpu = await on('webgpu', () => runTileCase(c, placed, gpuOnly));
          expect(webgpu).toEqual(cpu);
        }),
        { seed: 7, numRuns: RUNS },
      );
    });
  }
});
