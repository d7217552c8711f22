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

export const CATALOG: readonly CatalogKernel[] = [
  {
    name: 'scale',
    expr: 'x(i) = a(i) * s',
    sparse: ['a'],
    formats: VECTOR,
    operands: { a: ['i'] },
    scalars: { s: 2.5 },
  },
  {
    name: 'scale_const',
    expr: 'x(i) = 2.5 * a(i)',
    sparse: ['a'],
    formats: VECTOR,
    operands: { a: ['i'] },
  },
  {
    name: 'dot_sparse_dense',
    expr: 'x = a(i) * b(i)',
    sparse: ['a'],
    formats: VECTOR,
    operands: { a: ['i'], b: ['i'] },
  },
  {
    name: 'dot_sparse_sparse',
    expr: 'x = a(i) * b(i)',
    sparse: ['a', 'b'],
    formats: VECTOR,
    operands: { a: ['i'], b: ['i'] },
  },
  {
    name: 'spmv',
    expr: 'x(i) = A(i,j) * b(j)',
    sparse: ['A'],
    formats: MATRIX,
    operands: { A: ['i', 'j'], b: ['j'] },
  },
  {
    name: 'spmv_accumulate',
    expr: 'x(i) += A(i,j) * b(j)',
    sparse: ['A'],
    formats: MATRIX,
    operands: { A: ['i', 'j'], b: ['j'] },
    init: 0.75,
  },
  {
    name: 'spmv_i32',
    expr: 'x(i) = A(i,j) * b(j)',
    sparse: ['A'],
    formats: ['CSR'],
    operands: { A: ['i', 'j'], b: ['j'] },
    profile: 'integers',
    valueType: 'i32',
  },
  {
    name: 'spmm',
    expr: 'X(i,k) = A(i,j) * B(j,k)',
    sparse: ['A'],
    formats: MATRIX,
    operands: { A: ['i', 'j'], B: ['j', 'k'] },
  },
  {
    name: 'sddmm',
    expr: 'X(i,j) = S(i,j) * (A(i,k) * B(k,j))',
    sparse: ['S'],
    formats: MATRIX,
    operands: { S: ['i', 'j'], A: ['i', 'k'], B: ['k', 'j'] },
  },
  {
    name: 'mul_vectors',
    expr: 'x(i) = a(i) * b(i)',
    sparse: ['a', 'b'],
    formats: VECTOR,
    operands: { a: ['i'], b: ['i'] },
  },
  {
    name: 'add_vectors',
    expr: 'x(i) = a(i) + b(i)',
    sparse: ['a', 'b'],
    formats: VECTOR,
    operands: { a: ['i'], b: ['i'] },
  },
  {
    name: 'sub_vectors',
    expr: 'x(i) = a(i) - b(i)',
    sparse: ['a', 'b'],
    formats: VECTOR,
    operands: { a: ['i'], b: ['i'] },
  },
  {
    name: 'fma_vectors',
    expr: 'x(i) = a(i) * b(i) + c(i)',
    sparse: ['a', 'b', 'c'],
    formats: VECTOR,
    operands: { a: ['i'], b: ['i'], c: ['i'] },
  },
  {
    name: 'add_sparse_dense',
    expr: 'x(i) = a(i) + b(i)',
    sparse: ['a'],
    formats: VECTOR,
    operands: { a: ['i'], b: ['i'] },
  },
  {
    name: 'mul_matrices',
    expr: 'X(i,j) = A(i,j) * B(i,j)',
    sparse: ['A', 'B'],
    formats: SAME_ORDER,
    operands: { A: ['i', 'j'], B: ['i', 'j'] },
  },
  {
    name: 'add_matrices',
    expr: 'X(i,j) = A(i,j) + B(i,j)',
    sparse: ['A', 'B'],
    formats: SAME_ORDER,
    operands: { A: ['i', 'j'], B: ['i', 'j'] },
  },
  { name: 'sum', expr: 'x = A(i,j)', sparse: ['A'], formats: MATRIX, operands: { A: ['i', 'j'] } },
  {
    name: 'product',
    expr: 'x *= A(i,j)',
    sparse: ['A'],
    formats: MATRIX,
    operands: { A: ['i', 'j'] },
    profile: 'powers',
    init: 1,
  },
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
