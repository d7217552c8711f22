/**
 * Sparse results whose pattern depends on the operands' patterns (SpGEMM, sparse add, sparse x
 * sparse product), assembled on the GPU (webgpu, webgl) in two passes: a symbolic pass counts
 * each output row's entries, a prefix sum makes them the row positions, the total is
 * the one number read back (asynchronously: its size decides the buffers the numeric pass
 * writes), and the numeric pass writes each row's columns and values (see
 * ../assembly-walk.ts). Operands are row-major on the device: CSR (a sparse vector as
 * one row), a COO `TfSparseTensor` made CSR there, a host `SparseTensor` of any format converted
 * to CSR on the host and uploaded; the result is CSR (a sparse vector for vectors).
 */
import * as tf from '@tensorflow/tfjs-core';
import { FLOAT_EXACT_INTEGER_LIMIT } from '@tilekit/tfjs-backend-support/webgl-passes';
import type { FormatSpec, SparseFormat } from '../../sparse-tensor/format.js';
import { SparsifyError } from '../../sparsify/index.js';
import type { AssemblyCombine } from '../assembly-walk.js';
import { cumulativeSum, slice1d } from '../direct-kernels.js';
import {
  type SparseAssemblyAttrs,
  SparseAssemblyCounts,
  SparseAssemblyFill,
  SparseAssemblyScan,
} from '../kernel-names.js';
import { rowMajorForm } from '../row-major-forms.js';
import { checkedTfSparseTensor, format32, TfSparseTensor } from '../sparse-tensor-tf.js';
import { assemblyWebglKernelConfigs } from '../webgl/assembly-kernels.js';
import { assemblyWebgpuKernelConfigs } from '../webgpu/assembly-kernels.js';
import { requireMatching } from './host-assembled.js';
import { checkSparse, residentSparse } from './pattern-operands.js';
import type { SparseArgument } from './sparse-argument.js';

/** A row-major operand's storage on the device: row positions, columns, values. */
export type DeviceRows = [positions: tf.Tensor1D, columns: tf.Tensor1D, values: tf.Tensor1D];

/**
 * Registers the assembly's kernels for both GPU backends once. They are registered here, when an
 * op that assembles on the device first runs, rather than by the register entries: an app that
 * never assembles a sparse result on the GPU does not carry their shaders.
 */
export function registerAssemblyKernels(): void {
  for (const config of [...assemblyWebgpuKernelConfigs, ...assemblyWebglKernelConfigs])
    if (tf.getKernel(config.kernelName, config.backendName) === undefined)
      tf.registerKernel(config);
}

/**
 * Whether the device assembly runs for these operands: on webgpu, or webgl with a WebGL2
 * context (WebGL1 shaders cannot loop to a bound read from a texture), with one of them a
 * `TfSparseTensor`.
 */
export function assemblesOnDevice(A: unknown, B: unknown): boolean {
  return deviceAssemblyBackend() && (A instanceof TfSparseTensor || B instanceof TfSparseTensor);
}

/** Whether the active backend runs the device assembly: webgpu, or webgl on a WebGL2 context. */
export function deviceAssemblyBackend(): boolean {
  const backend = tf.getBackend();
  return backend === 'webgpu' || (backend === 'webgl' && tf.env().getNumber('WEBGL_VERSION') >= 2);
}

/**
 * Checks that every index of the assembly stays exact where the GPU holds indices in float32
 * (webgl: below 2^24).
 *
 * @throws SparsifyError naming `argument`.
 */
export function requireFloatExact(sizes: readonly number[], argument: string): void {
  if (tf.getBackend() === 'webgl' && sizes.some((n) => n >= FLOAT_EXACT_INTEGER_LIMIT))
    throw new SparsifyError(
      argument,
      `extents and stored entries below 2^24 on webgl (float32 textures hold its indices), got ${Math.max(...sizes)}; read the operands back (await ${argument}.toSparseTensor()) and assemble on the host`,
    );
}

/** Whether `format` is CSR (rank 2) or a sparse vector's (rank 1): the device assembly's. */
export function isRowMajor(format: SparseFormat, rank: number): boolean {
  const { levels, order } = format;
  return rank === 1
    ? levels.length === 1 && levels[0] === 'compressed'
    : rank === 2 && levels[0] === 'dense' && levels[1] === 'compressed' && order[0] === 0;
}

/**
 * Sparse argument `x` as row-major storage on the device (inside a tidy: what it makes is the
 * caller's to keep or dispose).
 *
 * @throws SparseFormatError naming `argument` (not a sparse tensor, disposed, float64),
 *   SparsifyError naming it for a device format with no row-major form (CSC, DCSR, DCSC, ...).
 */
export function deviceRows(x: SparseArgument, argument: string): DeviceRows {
  const resident = residentSparse(rowMajorForm(x), argument);
  if (!isRowMajor(resident.format, resident.rank))
    throw new SparsifyError(
      argument,
      `a CSR matrix or a sparse vector on the device (COO is made CSR there), got levels [${resident.format.levels.join(', ')}]; read it back (await ${argument}.toSparseTensor()) or pass a host SparseTensor`,
    );
  const level = resident.rank - 1;
  return [
    resident.positions[level] as tf.Tensor1D,
    resident.coordinates[level] as tf.Tensor1D,
    resident.values,
  ];
}

/**
 * `A` and `B` combined by `combine` into a sparse result of `shape` (rows-major, as
 * {@link deviceRows} says), assembled on the device with one scalar read back. The callers
 * check shapes, dtypes and the output format first (typed errors).
 */
export async function assembleOnDevice(
  combine: AssemblyCombine,
  A: SparseArgument,
  B: SparseArgument,
  shape: readonly number[],
): Promise<TfSparseTensor> {
  checkSparse(A, 'A');
  checkSparse(B, 'B');
  registerAssemblyKernels();
  const own = new Set<tf.Tensor>([
    ...(A instanceof TfSparseTensor ? A.tensors() : []),
    ...(B instanceof TfSparseTensor ? B.tensors() : []),
  ]);
  const operands = tf.tidy(() => [...deviceRows(A, 'A'), ...deviceRows(B, 'B')]);
  const made = operands.filter((t) => !own.has(t));
  const [aPos, aCrd, aVal, bPos, bCrd, bVal] = operands as [...DeviceRows, ...DeviceRows];
  const inputs = { aPos, aCrd, aVal, bPos, bCrd, bVal };
  try {
    const rows = inputs.aPos.size - 1;
    requireFloatExact([...shape, aCrd.size, bCrd.size, bPos.size], 'B');
    const [positions, total] = tf.tidy(() => {
      const counts = tf
        .engine()
        .runKernel(
          SparseAssemblyCounts,
          { aPos: inputs.aPos, aCrd: inputs.aCrd, bPos: inputs.bPos, bCrd: inputs.bCrd },
          { combine },
        ) as tf.Tensor1D;
      if (tf.getBackend() !== 'webgl') {
        const sum = cumulativeSum(counts);
        return [sum, slice1d(sum, rows, 1)];
      }
      // tfjs's cumsum and slice on webgl write the size into their programs: the assembly's own.
      return tf.engine().runKernel(SparseAssemblyScan, { x: counts }) as tf.Tensor1D[];
    }) as [tf.Tensor1D, tf.Tensor1D];
    let nnz: number;
    try {
      nnz = (await total.data())[0] as number;
      requireFloatExact([nnz], 'B');
    } catch (e) {
      positions.dispose();
      throw e;
    } finally {
      total.dispose();
    }
    const fill = (part: 'coordinates' | 'values') => {
      const attrs: SparseAssemblyAttrs = { combine, part, nnz };
      return tf
        .engine()
        .runKernel(SparseAssemblyFill, { ...inputs, cPos: positions }, attrs) as tf.Tensor1D;
    };
    const level = shape.length - 1;
    const at = (t: tf.Tensor1D) => shape.map((_, l) => (l === level ? t : undefined));
    const columns = fill('coordinates');
    return checkedTfSparseTensor(shape, shape.length === 1 ? ['compressed'] : 'CSR', {
      values: fill('values'),
      positions: at(positions),
      coordinates: at(columns),
    });
  } finally {
    tf.dispose(made);
  }
}

/**
 * Checks that the device assembly can write `format` for a result of `rank`: CSR, or a sparse
 * vector.
 *
 * @throws SparsifyError naming `format`.
 */
export function requireDeviceResultFormat(format: SparseFormat, rank: number): void {
  if (!isRowMajor(format, rank))
    throw new SparsifyError(
      'format',
      `${rank === 1 ? "'sparse-vector'" : "'CSR'"} (the webgpu device assembly writes row-major results), got levels [${format.levels.join(', ')}]`,
    );
}

/**
 * The element-wise sum (`union`) or product (`intersection`) of sparse `A` and `B` of one shape
 * and dtype, assembled on the device in `format` (default `A`'s: CSR or a sparse vector).
 *
 * @throws SparseFormatError naming `A` or `B`, SparsifyError naming `B` (shape, dtype),
 *   `format`, or an operand with no row-major form on the device.
 */
export function assembleElementwise(
  combine: 'union' | 'intersection',
  A: SparseArgument,
  B: SparseArgument,
  format?: FormatSpec,
): Promise<TfSparseTensor> {
  checkSparse(A, 'A');
  checkSparse(B, 'B');
  requireMatching(A, B);
  requireDeviceResultFormat(format === undefined ? A.format : format32(format, A.rank), A.rank);
  return assembleOnDevice(combine, A, B, A.shape);
}
