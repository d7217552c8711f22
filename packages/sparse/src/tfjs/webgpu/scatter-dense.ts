/**
 * The dense form of a sparse matrix on webgpu: tfjs's own scatter of the stored values at their
 * coordinates, computed on the device from the storage (ops/entry-coordinates.ts), so that the
 * webgpu entries of the ops need neither the to-dense kernel's prepared data nor its passes (the
 * gradients' output-major forms and `sparseDot`'s products densify with it). tfjs's scatter has
 * no gradient, so this gives its own: the gradient with respect to the values is the upstream
 * gradient gathered at the entries' coordinates (zero for storage past `nnz`), connected to the
 * values even when there is no entry. Every entry of a row-major or vector operand is stored
 * once, so each dense element is written by at most one value. A block or structured matrix
 * takes its level-space route (ops/block-route.ts); a host `SparseTensor` is densified on the
 * host.
 */
import * as tf from '@tensorflow/tfjs-core';
import { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import {
  asColumns,
  concatenated,
  gatherAt,
  scatteredAt,
  slice1d,
  tensorOf,
  zerosOf,
} from '../direct-kernels.js';
import { SparseToDenseTensor } from '../kernel-names.js';
import { blockProduct, isBlockMatrix } from '../ops/block-route.js';
import type { SparseMatrix } from '../ops/device-form-hook.js';
import { entryCoordinates } from '../ops/entry-coordinates.js';

/** What the engine's `customGrad` takes (tfjs-core exports no name for it). */
type GradientFunction = Parameters<ReturnType<typeof tf.engine>['customGrad']>[0];

/** `A` as a dense tensor of its shape and dtype, differentiable with respect to its values. */
export function scatterDense(A: SparseMatrix): tf.Tensor {
  if (isBlockMatrix(A)) return blockProduct('sparseToDense', SparseToDenseTensor, A);
  const shape = [...A.shape];
  const dtype = A.dtype === 'int32' ? 'int32' : 'float32';
  if (A instanceof SparseTensor) {
    const dense = A.toDense();
    const values =
      dtype === 'int32' ? Int32Array.from(dense, Number) : Float32Array.from(dense, Number);
    return tensorOf(values, dtype, shape);
  }
  const { nnz } = A;
  const stored = A.values.size;
  return tf.tidy(() => {
    // Coordinates as rows [nnz, rank], as tfjs's scatter and gather take them.
    const indices = nnz === 0 ? undefined : asColumns(entryCoordinates(A));
    const densify = tf.engine().customGrad(((values: tf.Tensor, save: tf.GradSaveFunc) => {
      if (indices !== undefined) save([indices]);
      return {
        // tfjs-webgpu's scatter cannot take an empty update list.
        value:
          indices === undefined
            ? zerosOf(shape, dtype)
            : scatteredAt(
                indices,
                nnz === stored ? (values as tf.Tensor1D) : slice1d(values as tf.Tensor1D, 0, nnz),
                shape,
              ),
        gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => {
          if (indices === undefined) return [zerosOf([stored], dy.dtype as 'float32')];
          const atEntries = gatherAt<tf.Tensor1D>(dy, saved[0] as tf.Tensor2D);
          return [
            nnz === stored
              ? atEntries
              : concatenated([
                  atEntries,
                  zerosOf<tf.Rank.R1>([stored - nnz], atEntries.dtype as 'float32'),
                ]),
          ];
        },
      };
    }) as GradientFunction);
    return densify(A.values);
  });
}
