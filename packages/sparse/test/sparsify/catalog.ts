/**
 * The emitter kernels under test: every kernel the issue names, with the storage formats its
 * sparse operands may take, and a builder of random operands for given index sizes.
 */
import {
  type FormatSpec,
  type KernelOperand,
  type NamedFormat,
  SparseTensor,
  type StorageWidth,
  type ValueType,
} from '../../src/index.js';
import { type DenseInputs, type Profile, randomDense } from './fixtures.js';
import { operandIndices } from './notation-operands.js';

/** One kernel of the catalog. */
export interface CatalogKernel {
  readonly name: string;
  readonly expr: string;
  /** Sparse operands and the formats they are tested in (all take the same format). */
  readonly sparse: readonly string[];
  readonly formats: readonly NamedFormat[];
  /** Shapes of dense operands and the output follow from these index names. */
  readonly operands: Readonly<Record<string, readonly string[]>>;
  readonly scalars?: Readonly<Record<string, number>>;
  readonly profile?: Profile;
  readonly valueType?: ValueType;
  /** Initial output value for `*=` kernels. */
  readonly init?: number;
}

const MATRIX: readonly NamedFormat[] = ['CSR', 'CSC', 'DCSR', 'COO'];
const SAME_ORDER: readonly NamedFormat[] = ['CSR', 'CSC', 'DCSR'];
const VECTOR: readonly NamedFormat[] = ['sparse-vector'];

/** A kernel of `expr`, its operands and their indices read off the notation. */
const kernel = (
  name: string,
  expr: string,
  sparse: readonly string[],
  formats: readonly NamedFormat[],
  options: Pick<CatalogKernel, 'scalars' | 'profile' | 'valueType' | 'init'> = {},
): CatalogKernel => ({ name, expr, sparse, formats, operands: operandIndices(expr), ...options });

export const CATALOG: readonly CatalogKernel[] = [
  kernel('scale', 'x(i) = a(i) * s', ['a'], VECTOR, { scalars: { s: 2.5 } }),
  kernel('scale_const', 'x(i) = 2.5 * a(i)', ['a'], VECTOR),
  kernel('dot_sparse_dense', 'x = a(i) * b(i)', ['a'], VECTOR),
  kernel('dot_sparse_sparse', 'x = a(i) * b(i)', ['a', 'b'], VECTOR),
  kernel('spmv', 'x(i) = A(i,j) * b(j)', ['A'], MATRIX),
  kernel('spmv_accumulate', 'x(i) += A(i,j) * b(j)', ['A'], MATRIX, { init: 0.75 }),
  kernel('spmv_i32', 'x(i) = A(i,j) * b(j)', ['A'], ['CSR'], {
    profile: 'integers',
    valueType: 'i32',
  }),
  kernel('spmm', 'X(i,k) = A(i,j) * B(j,k)', ['A'], MATRIX),
  kernel('sddmm', 'X(i,j) = S(i,j) * (A(i,k) * B(k,j))', ['S'], MATRIX),
  kernel('mul_vectors', 'x(i) = a(i) * b(i)', ['a', 'b'], VECTOR),
  kernel('add_vectors', 'x(i) = a(i) + b(i)', ['a', 'b'], VECTOR),
  kernel('sub_vectors', 'x(i) = a(i) - b(i)', ['a', 'b'], VECTOR),
  kernel('fma_vectors', 'x(i) = a(i) * b(i) + c(i)', ['a', 'b', 'c'], VECTOR),
  kernel('add_sparse_dense', 'x(i) = a(i) + b(i)', ['a'], VECTOR),
  kernel('mul_matrices', 'X(i,j) = A(i,j) * B(i,j)', ['A', 'B'], SAME_ORDER),
  kernel('add_matrices', 'X(i,j) = A(i,j) + B(i,j)', ['A', 'B'], SAME_ORDER),
  kernel('sum', 'x = A(i,j)', ['A'], MATRIX),
  kernel('product', 'x *= A(i,j)', ['A'], MATRIX, { profile: 'powers', init: 1 }),
];

/** Operands of one run: sparse tensors for the kernel, dense copies for the reference. */
export interface RunInputs {
  readonly operands: Record<string, KernelOperand>;
  readonly dense: DenseInputs;
}

/** Builds random operands of `kernel` for index sizes `sizes`. */
export function makeInputs(
  kernel: CatalogKernel,
  format: FormatSpec,
  sizes: Readonly<Record<string, number>>,
  options: { density: number; width: StorageWidth; emptyRows?: boolean; seed: number },
): RunInputs {
  const operands: Record<string, KernelOperand> = { ...kernel.scalars };
  const dense: Record<string, DenseInputs[string]> = { ...kernel.scalars };
  const dtype = kernel.valueType === 'i32' ? 'int32' : 'float32';
  Object.entries(kernel.operands).forEach(([name, indices], n) => {
    const shape = indices.map((i) => sizes[i] as number);
    const isSparse = kernel.sparse.includes(name);
    const data = randomDense(shape, {
      density: isSparse ? options.density : 1,
      profile: kernel.profile ?? 'quarters',
      emptyRows: isSparse && options.emptyRows === true,
      seed: options.seed * 31 + n,
    });
    const typed = dtype === 'int32' ? Int32Array.from(data) : Float32Array.from(data);
    dense[name] = { data: typed, shape };
    operands[name] = isSparse
      ? SparseTensor.fromDense(typed, shape, format, {
          posWidth: options.width,
          crdWidth: options.width,
          dtype,
        })
      : { data: typed, shape };
  });
  return { operands, dense };
}
