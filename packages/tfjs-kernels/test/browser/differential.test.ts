/**
 * Differential test: the same random calls on the `cpu` and `webgl` backends (both registered in
 * this page) must agree bit for bit, ≥ 300 cases per op: dtypes, layouts of ranks 1..6 with
 * repeated and combined tiles and tail padding, pad values, float specials, int32 beyond the
 * float-exact range (CPU route), duplicate and out-of-range offsets, batches, valid regions,
 * indices on the CPU or only on the GPU. Every WebGL call must also balance tensors, data ids
 * and textures.
 */
import fc from 'fast-check';
import { expectBalanced } from './support/accounting.js';
import { gpuOnly } from './support/backends.js';
import {
  anyInt32,
  float32Value,
  type ValueDomain,
  valuesFrom,
} from './support/differential_cases.js';
import { describeDifferential } from './support/differential_suite.js';
import { onWebgl2 } from './support/webgl_setup.js';

onWebgl2();

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

describeDifferential({
  backend: 'webgl',
  values: webglValues,
  seed: 42,
  runs: 300,
  expectBalanced,
  gpuOnly,
});
