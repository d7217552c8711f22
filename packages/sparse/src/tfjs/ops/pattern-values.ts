/**
 * The values of a sparse result on a pattern assembled before (by the `…Async` ops on webgpu or
 * WebGL2), computed on the device by the assembly's numeric pass alone: no count, no read-back,
 * so the call is synchronous and a gradient tape records it. The values are the device
 * assembly's, bit for bit, and differentiable with respect to both operands' values:
 * - a sum (`union`): each operand entry's gradient is the result gradient at its coordinates;
 * - an element-wise product (`intersection`): that times the other operand there;
 * - a product `C = A B` (SpGEMM): `dA = (dC Bᵀ)` sampled at `A`'s entries and `dB = (Aᵀ dC)` at
 *   `B`'s, each an `sddmm` over the operand's pattern with `dC` on `C`'s pattern.
 * The gradients are computed on the device from dense forms of the result gradient and the
 * operands (as the dense-output ops' webgpu gradients are), then gathered at each stored entry.
 */
import * as tf from '@tensorflow/tfjs-core';
import type { AssemblyCombine } from '../assembly-walk.js';
import { entryDenseIndices } from '../gradients/entry-indices.js';
import { type SparseAssemblyAttrs, SparseAssemblyFill } from '../kernel-names.js';
import { checkedTfSparseTensor, type TfSparseTensor } from '../sparse-tensor-tf.js';
import { deviceRows, registerAssemblyKernels, requireFloatExact } from './device-assembled.js';
import { sddmm } from './sddmm.js';
import type { SparseArgument } from './sparse-argument.js';
import { sparseToDense } from './to-dense.js';

/** Row-major storage `[positions, columns, values]` of `shape` as a sparse tensor. */
function rowsTensor(shape: readonly number[], storage: readonly tf.Tensor[]): TfSparseTensor {
  const [positions, columns, values] = storage as [tf.Tensor1D, tf.Tensor1D, tf.Tensor1D];
  const level = shape.length - 1;
  const at = (t: tf.Tensor1D) => shape.map((_, l) => (l === level ? t : undefined));
  return checkedTfSparseTensor(shape, shape.length === 1 ? ['compressed'] : 'CSR', {
    values,
    positions: at(positions),
    coordinates: at(columns),
  });
}

/** `dense` (of `s`'s shape) at each stored entry of `s`, in the order of its values. */
function atEntries(dense: tf.Tensor, s: TfSparseTensor): tf.Tensor1D {
  if (s.nnz === 0) return tf.zerosLike(s.values);
  return tf.gather(tf.reshape(dense, [dense.size]), entryDenseIndices(s));
}

/** `s` with every stored value 1 (its pattern, for a sampled product). */
const ones = (s: TfSparseTensor) => s.withValues(tf.onesLike(s.values));

/** The gradients of the operands' values, given the result's (`c`'s values). */
function operandGradients(
  combine: AssemblyCombine,
  a: TfSparseTensor,
  b: TfSparseTensor,
  c: TfSparseTensor,
): [tf.Tensor1D, tf.Tensor1D] {
  // No result entry: nothing depends on the operands (and no pass runs over empty tensors).
  if (c.nnz === 0) return [tf.zerosLike(a.values), tf.zerosLike(b.values)];
  const dC = sparseToDense(c);
  if (combine === 'union') return [atEntries(dC, a), atEntries(dC, b)];
  const [denseA, denseB] = [sparseToDense(a), sparseToDense(b)];
  if (combine === 'intersection')
    return [atEntries(tf.mul(dC, denseB), a), atEntries(tf.mul(dC, denseA), b)];
  return [
    atEntries(sddmm(ones(a), dC, tf.transpose(denseB)), a),
    atEntries(sddmm(ones(b), tf.transpose(denseA), dC), b),
  ];
}

/**
 * The values of `combine` of `A` and `B` at the stored entries of `pattern` (row-major, of the
 * result's `shape`; the callers check it), by the device assembly's numeric pass:
 * differentiable with respect to `A`'s and `B`'s values. A `pattern` that is not the result's
 * gives wrong values, never a read outside an operand (the pass walks the operands' rows).
 * Call inside an op (what it makes on the way is the op's scope's).
 */
export function valuesOnPattern(
  combine: AssemblyCombine,
  A: SparseArgument,
  B: SparseArgument,
  pattern: TfSparseTensor,
): tf.Tensor1D {
  registerAssemblyKernels();
  const [aPos, aCrd, aVal] = deviceRows(A, 'A');
  const [bPos, bCrd, bVal] = deviceRows(B, 'B');
  const { shape } = pattern;
  const level = shape.length - 1;
  const cPos = pattern.positions[level] as tf.Tensor1D;
  const cCrd = pattern.coordinates[level] as tf.Tensor1D;
  const nnz = pattern.nnz;
  requireFloatExact([...shape, ...A.shape, ...B.shape, aCrd.size, bCrd.size, nnz], 'pattern');
  const fill = tf.customGrad((...args: (tf.Tensor | tf.GradSaveFunc)[]) => {
    const [av, bv, save] = args as [tf.Tensor1D, tf.Tensor1D, tf.GradSaveFunc];
    save([aPos, aCrd, av, bPos, bCrd, bv, cPos, cCrd]);
    const attrs: SparseAssemblyAttrs = { combine, part: 'values', nnz };
    const value = tf
      .engine()
      .runKernel(
        SparseAssemblyFill,
        { aPos, aCrd, aVal: av, bPos, bCrd, bVal: bv, cPos },
        attrs,
      ) as tf.Tensor1D;
    const gradFunc = (dy: tf.Tensor, saved: tf.Tensor[]): tf.Tensor[] => {
      const a = rowsTensor(A.shape, saved.slice(0, 3));
      const b = rowsTensor(B.shape, saved.slice(3, 6));
      const c = rowsTensor(shape, [saved[6], saved[7], dy] as tf.Tensor[]);
      return operandGradients(combine, a, b, c);
    };
    return { value, gradFunc };
  });
  return fill(aVal, bVal);
}
