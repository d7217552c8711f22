/**
 * `sparseDot`'s device form on webgpu: a dot product `a(i) * b(i)` runs as the element-wise
 * products `t(i) = a(i) * b(i)` (one invocation per stored entry of `a`; a sparse `b` densified
 * on the device first, by tfjs's scatter) summed by tfjs's own reduction (a fixed order, so the same result every
 * run), as its loops, a reduction, cannot run as parallel passes and webgpu cannot read its
 * operands back for the host route. Only the register entries that include `sparseDot` install
 * it, so the other ops' bundles leave it out.
 */
import * as tf from '@tensorflow/tfjs-core';
import { concatenated, sumOf, zerosOf } from '../direct-kernels.js';
import { OUTPUT_MAJOR_BACKENDS } from '../gradients/output-major-backends.js';
import { SparseOp } from '../kernel-names.js';
import {
  type DeviceForms,
  installDeviceForms,
  type SparseMatrix,
} from '../ops/device-form-hook.js';
import { DEFAULT_OP_OPTIONS, runSparseKernel } from '../ops/run-sparse-kernel.js';
import { scatterDense } from './scatter-dense.js';

/** The dot product's terms, one per stored entry of `a` (the device form's kernel). */
const ENTRY_PRODUCTS = 't(i) = a(i) * b(i)';

/**
 * `a(i) * b(i)` as its products in parallel, then tfjs's reduction, on webgpu (webgl's fragment
 * passes would need one output per entry of `a`, which its gather form cannot give; there the
 * host route, which webgl can read for, is the faster one); `undefined` elsewhere.
 */
const productsDot: DeviceForms['dot'] = (a, b, sparseB, options) => {
  if (!OUTPUT_MAJOR_BACKENDS.has(tf.getBackend())) return undefined;
  const dense = sparseB ? scatterDense(b as SparseMatrix) : (b as tf.Tensor);
  const products = runSparseKernel(
    'sparseDot',
    SparseOp,
    ENTRY_PRODUCTS,
    { a, b: dense },
    new Set(['a']),
    // Unvectorized: the products' wasm runs only on the host route, for inputs small enough
    // that tfjs-webgpu keeps them on the CPU, where SIMD gains nothing and its code is 10x larger.
    { ...DEFAULT_OP_OPTIONS, ...options, vectorLength: 0 },
    { expr: ENTRY_PRODUCTS },
  );
  // tfjs-webgpu's reduction cannot take an empty tensor: the empty sum is that of one 0,
  // still computed from the products so that gradients reach the operands.
  return sumOf(
    products.size === 0
      ? concatenated([products, zerosOf<tf.Rank.R1>([1], products.dtype as 'float32')])
      : products,
  );
};

/** Installs `sparseDot`'s webgpu device form (the entries that register `sparseDot` call it). */
export function installDotProducts(): void {
  installDeviceForms({ dot: productsDot });
}
