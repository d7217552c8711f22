/**
 * The WebGL backend as the differential and sequence suites see it: which values its passes
 * take and how its resources balance.
 */
import fc from 'fast-check';
import {
  anyInt32,
  float32Value,
  type ValueDomain,
  valuesFrom,
} from '../../support/cross-backend/differential-cases.js';
import type { DifferentialTarget } from '../../support/cross-backend/differential-suite.js';
import { expectBalanced } from './accounting.js';
import { gpuOnly } from './backends.js';

/**
 * WebGL carries int32 in floats, exact to ±2^24: int32 values mostly within (the GPU path),
 * sometimes beyond (the CPU route); pads up to ±2^25.
 */
export const webglValues: ValueDomain = {
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

/** The WebGL target with `seed` and `runs`. */
export function webglTarget(seed: number, runs: number): DifferentialTarget {
  return { backend: 'webgl', values: webglValues, seed, runs, expectBalanced, gpuOnly };
}
