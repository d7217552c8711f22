/**
 * Differential test: the same random calls on the `cpu` and `webgpu` backends (both registered
 * in this page) must agree bit for bit, 300 cases per op: dtypes, layouts of ranks 1..6 with
 * repeated and combined tiles and tail padding, pad values, float specials, int32 over its whole
 * range, duplicate and out-of-range offsets, batches, valid regions, indices on the CPU or only
 * on the GPU. Every WebGPU call must also balance tensors and backend data ids. The random calls
 * are the WebGL suite's (test/browser/support/differential_cases.ts).
 */
import fc from 'fast-check';
import {
  anyInt32,
  float32Value,
  type ValueDomain,
  valuesFrom,
} from '../browser/support/differential_cases.js';
import { describeDifferential } from '../browser/support/differential_suite.js';
import type { TileCase } from '../browser/support/tile_cases.js';
import { expectBalanced, gpuOnly, onWebgpu } from './support/backends.js';

onWebgpu();

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

describeDifferential({
  backend: 'webgpu',
  values: webgpuValues,
  seed: 7,
  runs: 300,
  expectBalanced,
  gpuOnly,
  residence: (c, drawn) => (readsIndicesBack(c) ? 'cpu' : drawn),
});
