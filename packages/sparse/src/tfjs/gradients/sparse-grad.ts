/**
 * The gradient of every sparse kernel, derived from its expression (see derivative.ts):
 * - a dense operand `t` gets the derivative kernel `G(t's indices) = D(out) * (rest of each
 *   product containing t)`, run as a SparseOp with the other operands (for spmv, `A^T dy`), on
 *   WebGPU in its dense output-major form (output_major.ts) so it never needs a synchronous read;
 * - a sparse operand's values get the same kernel sampled at its pattern (an SDDMM: only stored
 *   entries are computed), gathered at each stored entry's dense index;
 * - positions, coordinates and scalar (number) operands get none (zeros for the index tensors).
 */
import * as tf from '@tensorflow/tfjs-core';
import { SparsifyError } from '../../sparsify/index.js';
import { expressionOf, parseFormats } from '../compiled-kernel.js';
import {
  type DeviceSparse,
  deviceSparseTensor,
  format32,
  isTfSparseTensor,
} from '../device-sparse.js';
import { gather1d, onesOf, reshaped } from '../direct-kernels.js';
import { type SparseKernelAttrs, type SparseKernelName, SparseOp } from '../kernel-names.js';
import { type KernelOperand, runSparseKernel } from '../ops/run-sparse-kernel.js';
import { checkKernelConfig } from '../sparse-call.js';
import type { OperandFormat } from '../sparse-inputs.js';
import { coordinatesInput, positionsInput, valuesInput } from '../sparse-inputs.js';
import { type Derivation, derivationOf, outputMajorForm } from './derivation.js';
import { entryDenseIndices } from './entry-indices.js';
import { OUTPUT_MAJOR_BACKENDS } from './output-major-backends.js';

/** The forward call's operands, rebuilt from the saved inputs (owned by the forward call). */
function forwardOperands(
  saved: readonly tf.Tensor[],
  attrs: SparseKernelAttrs,
): { operands: Record<string, KernelOperand>; formats: Record<string, OperandFormat> } {
  const byName = new Map(attrs.inputNames.map((name, k) => [name, saved[k] as tf.Tensor]));
  const formats = parseFormats(attrs.formats);
  const operands: Record<string, KernelOperand> = {};
  for (const [name, format] of Object.entries(formats)) {
    const shape = attrs.shapes[name] ?? [];
    operands[name] = deviceSparseTensor(shape, format32(format, shape.length), {
      values: byName.get(valuesInput(name)) as tf.Tensor1D,
      positions: format.levels.map((_, l) => byName.get(positionsInput(name, l)) as tf.Tensor1D),
      coordinates: format.levels.map(
        (_, l) => byName.get(coordinatesInput(name, l)) as tf.Tensor1D,
      ),
    });
  }
  for (const [name, t] of byName) if (!name.includes('/')) operands[name] = t;
  for (const [name, value] of Object.entries(attrs.scalars)) operands[name] = value;
  return { operands, formats };
}

/** A copy of one operand in its own index order, as the output-major rewriter prints it. */
const COPY = /^\w+\(([\w,]*)\) = (\w+)\(\1\)$/;

/**
 * The dense operand a kernel `expr` only copies, element for element (sparseToDense's gradient
 * in output-major form is the dense output gradient itself), or undefined: such a kernel need
 * not run.
 */
function copiedOperand(
  expr: string,
  operands: Readonly<Record<string, KernelOperand>>,
): tf.Tensor | undefined {
  const match = COPY.exec(expr);
  const operand = match === null ? undefined : operands[match[2] as string];
  return operand instanceof tf.Tensor ? operand : undefined;
}

/**
 * Runs derivative kernel `derivation` with the forward operands it reads, its output gradient
 * = `dy`; with `outputMajor`, in the dense output-major form (see output_major.ts) where it has
 * one.
 */
function runDerivative(
  derivation: Derivation,
  dy: tf.Tensor,
  operands: Readonly<Record<string, KernelOperand>>,
  extra: Readonly<Record<string, KernelOperand>>,
  attrs: SparseKernelAttrs,
  outputMajor = false,
): tf.Tensor {
  let expr = derivation.expr as string;
  const all: Record<string, KernelOperand> = {
    ...operands,
    ...extra,
    [derivation.outputGradient]: dy,
  };
  let used: Record<string, KernelOperand> = {};
  for (const name of derivation.reads) used[name] = all[name] as KernelOperand;
  const major = outputMajor ? outputMajorForm(expr, used) : undefined;
  if (major !== undefined) {
    expr = major.expr;
    // The output-major form's operands are the forward ones, rewritten (output-major.ts).
    used = major.operands as Record<string, KernelOperand>;
    const copied = copiedOperand(expr, used);
    if (copied !== undefined) return copied;
  }
  const sparse = new Set(Object.keys(used).filter((name) => isTfSparseTensor(used[name])));
  return runSparseKernel(
    'gradient',
    SparseOp,
    expr,
    used,
    sparse,
    {
      vectorLength: 0,
      engine: attrs.engine as 'wasm',
    },
    { expr },
  );
}

/** The gradient config of sparse kernel `kernelName`. */
export function sparseGradConfig(kernelName: SparseKernelName): tf.GradConfig {
  return {
    kernelName,
    saveAllInputs: true,
    gradFunc: (dy, saved, rawAttrs) => {
      if (!Array.isArray(saved)) throw new SparsifyError('saved', 'expected the saved inputs');
      checkKernelConfig(saved, rawAttrs);
      if (!(dy instanceof tf.Tensor) || dy.isDisposed)
        throw new SparsifyError('dy', 'expected the output gradient, a tf.Tensor');
      const attrs: SparseKernelAttrs = rawAttrs;
      const expr = expressionOf(kernelName, attrs);
      const { operands, formats } = forwardOperands(saved, attrs);
      const gradients: Record<string, () => tf.Tensor> = {};
      // Gradients are keyed like the inputs: by position (see kernel-names.ts).
      attrs.inputNames.forEach((name, position) => {
        const [tensor, part] = name.split('/') as [string, string | undefined];
        const input = saved[position] as tf.Tensor;
        if (part !== undefined && part !== 'values') {
          gradients[position] = () => tf.zerosLike(input);
          return;
        }
        const sparse = formats[tensor] !== undefined;
        gradients[position] = () => {
          const pattern = sparse ? (operands[tensor] as DeviceSparse) : undefined;
          const sampleName = pattern === undefined ? undefined : `${tensor}_pattern`;
          const kernel = derivationOf(expr, tensor, sampleName);
          // No stored entry (or nothing the output depends on): nothing to compute, and
          // gathering from an empty dense gradient is where backends disagree on shapes.
          if (kernel.expr === undefined || pattern?.nnz === 0) return tf.zerosLike(input);
          if (pattern === undefined) {
            const g = runDerivative(
              kernel,
              dy as tf.Tensor,
              operands,
              {},
              attrs,
              OUTPUT_MAJOR_BACKENDS.has(tf.getBackend()),
            );
            return reshaped(g, input.shape);
          }
          if (OUTPUT_MAJOR_BACKENDS.has(tf.getBackend())) {
            // The whole dense gradient, gathered at the stored entries.
            const whole = derivationOf(expr, tensor);
            const dense = runDerivative(whole, dy as tf.Tensor, operands, {}, attrs, true);
            return gather1d(reshaped(dense, [dense.size]), entryDenseIndices(pattern));
          }
          const ones = deviceSparseTensor(pattern.shape, pattern.format, {
            values: onesOf(pattern.values),
            positions: pattern.positions,
            coordinates: pattern.coordinates,
          });
          const dense = runDerivative(
            kernel,
            dy as tf.Tensor,
            operands,
            { [sampleName as string]: ones },
            attrs,
          );
          return gather1d(reshaped(dense, [dense.size]), entryDenseIndices(pattern));
        };
      });
      return gradients;
    },
  };
}
