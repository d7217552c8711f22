/**
 * Row-major forms of the ready-made ops' matrices on the GPU backends: where an operand's storage order
 * would make the loops sequential (and so take the host route, which reads the operands back
 * and runs on the CPU: on webgpu a synchronous read it cannot make, on webgl a stall), the op
 * runs an equivalent kernel whose outermost loop is parallel instead.
 * - A sparse matrix not stored row-major (CSC, DCSC, COO) that is held on the host (a
 *   `SparseTensor`, uploaded for the call anyway) is converted to CSR on the host first, once
 *   per tensor (they never change).
 * - A COO matrix on the device (its rows sorted, as COO storage keeps them) becomes CSR there:
 *   the row positions are a sorted search of the row coordinates, the columns and values stay
 *   as they are (same entry order, so gradients reach the values unchanged).
 * A CSC or DCSC matrix already on the device has no such form for `spmv`/`spmm`: on webgpu the
 * kernel says so with a typed error before anything runs; webgl takes the host route.
 */
import * as tf from '@tensorflow/tfjs-core';
import { isCompressed, isUnique, type SparseFormat } from '../sparse-tensor/format.js';
import { SparseTensor } from '../sparse-tensor/sparse-tensor.js';
import { type DeviceSparse, format32, siblingTfSparseTensor } from './device-sparse.js';
import { countBelow, int32Range, zerosOf } from './direct-kernels.js';
import { OUTPUT_MAJOR_BACKENDS } from './gradients/output-major-backends.js';
import type { DeviceForms, SparseMatrix } from './ops/device-form-hook.js';

/** The backends that run matrices in row-major form: the GPU backends. */
const ROW_MAJOR_BACKENDS: ReadonlySet<string> = new Set([...OUTPUT_MAJOR_BACKENDS, 'webgl']);

/** Whether a matrix format's outermost level walks rows, each row stored once (CSR, DCSR). */
function isRowMajor(format: SparseFormat): boolean {
  const root = format.levels[0];
  return format.order[0] === 0 && root !== undefined && isUnique(root);
}

/** Whether a matrix format is COO (a non-unique compressed row level, then columns). */
function isCoo(format: SparseFormat): boolean {
  const root = format.levels[0];
  return format.order[0] === 0 && root !== undefined && isCompressed(root) && !isUnique(root);
}

/** Host conversions to CSR, per host tensor (a SparseTensor never changes). */
const CSR_OF = new WeakMap<SparseTensor, SparseTensor>();

/** A device COO matrix as CSR on the device (the values and columns shared, not copied). */
function cooAsCsr(A: DeviceSparse): DeviceSparse {
  const rows = A.shape[0] as number;
  const rowCoordinates = A.coordinates[0] as tf.Tensor1D;
  const columns = A.coordinates[1] as tf.Tensor1D;
  // tfjs's sorted search rejects an empty sequence; with no entry every row is empty.
  const positions =
    A.nnz === 0
      ? zerosOf<tf.Rank.R1>([rows + 1], 'int32')
      : tf.tidy(() => countBelow(rowCoordinates, int32Range(0, rows + 1)));
  return siblingTfSparseTensor(A, A.shape, format32('CSR', 2), {
    values: A.values,
    positions: [undefined, positions as tf.Tensor1D],
    coordinates: [undefined, columns],
  });
}

/**
 * Matrix `A` in a form whose kernels run as parallel passes on this backend (see the module
 * comment); `A` itself elsewhere, or where it has none.
 */
export function rowMajorMatrix(A: SparseMatrix): SparseMatrix {
  return ROW_MAJOR_BACKENDS.has(tf.getBackend()) ? rowMajorForm(A) : A;
}

/**
 * Matrix `A` in a row-major form on any backend: a host `SparseTensor` converted to CSR (once
 * per tensor), a COO `TfSparseTensor` made CSR on the device; `A` itself where it is row-major
 * already or has no such form.
 */
export function rowMajorForm(A: SparseMatrix): SparseMatrix {
  if (A.rank !== 2 || isRowMajor(A.format)) return A;
  if (A instanceof SparseTensor) {
    let csr = CSR_OF.get(A);
    if (csr === undefined) {
      csr = A.convert('CSR', { posWidth: 32, crdWidth: 32 });
      CSR_OF.set(A, csr);
    }
    return csr;
  }
  return isCoo(A.format) ? cooAsCsr(A) : A;
}

/** What the GPU backends' kernel configs install for the ready-made ops (see ops/device-form-hook.ts). */
export const ROW_MAJOR_FORMS: Partial<DeviceForms> = { rowMajorMatrix };
