/**
 * The WebGPU backend as the differential and sequence suites see it: which values its passes
 * take, how its resources balance, and where indices must stay.
 */
import { fullRangeValues } from '../../support/cross-backend/differential-cases.js';
import type { DifferentialTarget } from '../../support/cross-backend/differential-suite.js';
import type { TileCase } from '../../support/cross-backend/tile-cases.js';
import { expectBalanced, gpuOnly } from './backends.js';

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
    // WebGPU stores int32 as i32: values and pads over the whole int32 range.
    values: fullRangeValues,
    seed,
    runs,
    expectBalanced,
    gpuOnly,
    residence: (c, drawn) => (readsIndicesBack(c) ? 'cpu' : drawn),
  };
}
