/**
 * Differential test: the same random calls on the `cpu` and `webgpu` backends (both registered
 * in this page) must agree bit for bit, 300 cases per op: dtypes, layouts of ranks 1..6 with
 * repeated and combined tiles and tail padding, pad values, float specials, int32 over its whole
 * range, duplicate and out-of-range offsets, batches, valid regions, indices on the CPU or only
 * on the GPU. Every WebGPU call must also balance tensors and backend data ids.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TGather, TScatter } from '../../src/index.js';
import {
  type BackendName,
  exactValues,
  expectBalanced,
  onWebgpu,
  type tf,
  useBackend,
} from './support/backends.js';
import { layoutCall, runLayoutCall, runTileCall, tileCall } from './support/cases.js';

onWebgpu();

const RUNS = 300;

/** Runs `run` on a backend and returns the output's exact values and shape. */
async function on(
  backend: BackendName,
  run: () => tf.Tensor,
): Promise<{ shape: number[]; values: number[] }> {
  await useBackend(backend);
  const measure = async () => {
    const out = run();
    const result = { shape: out.shape, values: await exactValues(out) };
    out.dispose();
    return result;
  };
  return backend === 'webgpu' ? expectBalanced(measure) : measure();
}

describe('webgpu agrees with cpu bit for bit (relayout family)', () => {
  for (const op of ['relayout', 'unrelayout', 'convertLayout'] as const) {
    it(`${op}: ${RUNS} random cases`, async () => {
      await fc.assert(
        fc.asyncProperty(layoutCall(op), async (c) => {
          const cpu = await on('cpu', () => runLayoutCall(c));
          const webgpu = await on('webgpu', () => runLayoutCall(c));
          expect(webgpu).toEqual(cpu);
        }),
        { seed: 7, numRuns: RUNS },
      );
    });
  }
});

describe('webgpu agrees with cpu bit for bit (TSCATTER / TGATHER)', () => {
  for (const kernel of [TScatter, TGather] as const) {
    it(`${kernel}: ${RUNS} random cases (assign/add, all/lastWriter, batches, duplicates)`, async () => {
      await fc.assert(
        fc.asyncProperty(tileCall(kernel), async (c) => {
          const cpu = await on('cpu', () => runTileCall(c));
          const webgpu = await on('webgpu', () => runTileCall(c));
          expect(webgpu).toEqual(cpu);
        }),
        { seed: 7, numRuns: RUNS },
      );
    });
  }
});
