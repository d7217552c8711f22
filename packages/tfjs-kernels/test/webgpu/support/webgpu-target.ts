/**
 * The WebGPU backend as the differential and sequence suites see it: which values its passes
 * take, how its resources balance, and where indices must stay.
 */
import fc from 'fast-check';
import {
  anyInt32,
  float32Value,
  type ValueDomain,
  valuesFrom,
} from '../../browser/support/differential-cases.js';
import type { DifferentialTarget } from '../../browser/support/differential-suite.js';
import type { TileCase } from '../../browser/support/tile-cases.js';
import { expectBalanced, gpuOnly } from './backends.js';

/** WebGPU stores int32 as i32: values and pads over the whole int32 range. */
export const webgpuValues: ValueDomain = {
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

/** The WebGPU target with `seed` and `runs`. */
export function webgpuTarget(seed: number, runs: number): DifferentialTarget {
  return {
    backend: 'webgpu',
    values: webgpuValues,
    seed,
    runs,
    expectBalanced,
    gpuOnly,
    residence: (c, drawn) => (readsIndicesBack(c) ? 'cpu' : drawn),
  };
}
