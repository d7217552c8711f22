/**
 * The sparse suite's kernels, each derived from a test of TACO or MLIR's sparsifier (`source`
 * names the file). Operands are generated per run; the expected output is the dense reference
 * evaluation, never a stored result.
 */
import type { RuleId } from '../../rules.js';
import type { SparseFormatName, SparseValueType } from './sparse-impl.js';

/** How operand values are drawn: signed or positive (for `sqrt`). */
export type ValueSign = 'signed' | 'positive';

/** One kernel of the suite. */
export interface SparseCase {
  /** Case id segments after `sparse/`: the kernel family, then the variant. */
  readonly group: string;
  readonly name: string;
  readonly expression: string;
  readonly formats: Readonly<Record<string, SparseFormatName>>;
  readonly valueType: SparseValueType;
  /** Extent of every index variable. */
  readonly extents: Readonly<Record<string, number>>;
  /** Scalar operands (bare names in the expression that are not index variables). */
  readonly scalars?: Readonly<Record<string, number>>;
  readonly values?: ValueSign;
  /** Fraction of stored entries in sparse operands (default 0.3). */
  readonly density?: number;
  /** The TACO or MLIR test the kernel comes from. */
  readonly source: string;
  readonly rule: RuleId;
}

const MLIR = 'llvm-project mlir/test/Integration/Dialect/SparseTensor/CPU/';
const TACO = 'tensor-compiler/taco ';
const MATRIX = { i: 7, j: 6, k: 5 };
const VECTOR = { i: 37 };
const CUBE = { i: 4, j: 5, k: 6 };
const CSF = ['compressed', 'compressed', 'compressed'];
const CSF_KJI: SparseFormatName = { levels: CSF, order: [2, 1, 0] };

/** Builds the cases of one kernel family that differ only in formats and value type. */
function variants(
  group: string,
  base: Omit<SparseCase, 'group' | 'name' | 'formats' | 'valueType'> & {
    readonly valueType?: SparseValueType;
  },
  formats: Readonly<Record<string, Readonly<Record<string, SparseFormatName>>>>,
): SparseCase[] {
  return Object.entries(formats).map(([name, f]) => ({
    valueType: 'f32',
    ...base,
    group,
    name,
    formats: f,
  }));
}

/** Every case of the suite. */
export const SPARSE_CASES: readonly SparseCase[] = [
  ...variants(
    'spmv',
    {
      expression: 'y(i) = A(i,j) * x(j)',
      extents: MATRIX,
      source: `${MLIR}sparse_matvec.mlir`,
      rule: 'sparse.kernel-value',
    },
    {
      csr: { A: 'CSR' },
      csc: { A: 'CSC' },
      dcsr: { A: 'DCSR' },
      coo: { A: 'COO' },
      'csr-sparse-x': { A: 'CSR', x: 'sparse-vector' },
    },
  ),
  {
    group: 'spmv',
    name: 'csr-i32',
    expression: 'y(i) = A(i,j) * x(j)',
    formats: { A: 'CSR' },
    valueType: 'i32',
    extents: MATRIX,
    source: `${MLIR}sparse_matvec.mlir`,
    rule: 'sparse.kernel-value',
  },
  ...variants(
    'spmm',
    {
      expression: 'C(i,j) = A(i,k) * B(k,j)',
      extents: MATRIX,
      source: `${MLIR}sparse_spmm.mlir`,
      rule: 'sparse.kernel-value',
    },
    { csr: { A: 'CSR' }, dcsr: { A: 'DCSR' }, csc: { A: 'CSC' }, coo: { A: 'COO' } },
  ),
  ...variants(
    'sddmm',
    {
      expression: 'X(i,j) = S(i,j) * A(i,k) * B(k,j)',
      extents: MATRIX,
      source: `${MLIR}sparse_sampled_matmul.mlir`,
      rule: 'sparse.kernel-value',
    },
    { csr: { S: 'CSR' }, 'csr-into-csr': { S: 'CSR', X: 'CSR' } },
  ),
  ...variants(
    'spgemm',
    {
      expression: 'C(i,j) = A(i,k) * B(k,j)',
      extents: MATRIX,
      source: `${MLIR}sparse_matmul.mlir`,
      rule: 'sparse.output-entries',
    },
    {
      'csr-csr-into-dense': { A: 'CSR', B: 'CSR' },
      'csr-csr-into-csr': { A: 'CSR', B: 'CSR', C: 'CSR' },
      'dcsr-dcsr-into-dcsr': { A: 'DCSR', B: 'DCSR', C: 'DCSR' },
      'csr-csc-into-csr': { A: 'CSR', B: 'CSC', C: 'CSR' },
      'csr-csr-into-coo': { A: 'CSR', B: 'CSR', C: 'COO' },
      'csr-csr-into-csc': { A: 'CSR', B: 'CSR', C: 'CSC' },
    },
  ),
  {
    group: 'spgemm',
    name: 'csr-csr-into-csr-f64',
    expression: 'C(i,j) = A(i,k) * B(k,j)',
    formats: { A: 'CSR', B: 'CSR', C: 'CSR' },
    valueType: 'f64',
    extents: MATRIX,
    source: `${MLIR}sparse_matmul.mlir`,
    rule: 'sparse.output-entries',
  },
  ...variants(
    'add',
    {
      expression: 'C(i,j) = A(i,j) + B(i,j)',
      extents: MATRIX,
      source: `${MLIR}sparse_matrix_ops.mlir`,
      rule: 'sparse.output-entries',
    },
    {
      'csr-csr-into-csr': { A: 'CSR', B: 'CSR', C: 'CSR' },
      'csr-dense-into-dense': { A: 'CSR' },
      'csr-csc-into-dense': { A: 'CSR', B: 'CSC' },
      'coo-csr-into-dense': { A: 'COO', B: 'CSR' },
      'dcsr-dcsr-into-dcsr-i32': { A: 'DCSR', B: 'DCSR', C: 'DCSR' },
    },
  ).map((c) => (c.name.endsWith('i32') ? { ...c, valueType: 'i32' as const } : c)),
  {
    group: 'sub',
    name: 'csr-csr-into-csr',
    expression: 'C(i,j) = A(i,j) - B(i,j)',
    formats: { A: 'CSR', B: 'CSR', C: 'CSR' },
    valueType: 'f32',
    extents: MATRIX,
    source: `${MLIR}sparse_matrix_ops.mlir`,
    rule: 'sparse.operator-zeros',
  },
  {
    group: 'mul',
    name: 'csr-csr-into-csr',
    expression: 'C(i,j) = A(i,j) * B(i,j)',
    formats: { A: 'CSR', B: 'CSR', C: 'CSR' },
    valueType: 'f32',
    extents: MATRIX,
    source: `${MLIR}sparse_out_mult_elt.mlir`,
    rule: 'sparse.operator-zeros',
  },
  ...variants(
    'vector',
    {
      expression: 'c(i) = a(i) + b(i)',
      extents: VECTOR,
      source: `${MLIR}sparse_binary.mlir`,
      rule: 'sparse.operator-zeros',
    },
    {
      'add-into-sparse': { a: 'sparse-vector', b: 'sparse-vector', c: 'sparse-vector' },
      'add-sparse-dense': { a: 'sparse-vector' },
    },
  ),
  {
    group: 'vector',
    name: 'mul-into-sparse',
    expression: 'c(i) = a(i) * b(i)',
    formats: { a: 'sparse-vector', b: 'sparse-vector', c: 'sparse-vector' },
    valueType: 'f32',
    extents: VECTOR,
    source: `${MLIR}sparse_binary.mlir`,
    rule: 'sparse.operator-zeros',
  },
  {
    group: 'vector',
    name: 'dot',
    expression: 's = a(i) * b(i)',
    formats: { a: 'sparse-vector', b: 'sparse-vector' },
    valueType: 'f32',
    extents: VECTOR,
    source: `${MLIR}sparse_dot.mlir`,
    rule: 'sparse.kernel-value',
  },
  {
    group: 'neg',
    name: 'csr-into-csr',
    expression: 'B(i,j) = -A(i,j)',
    formats: { A: 'CSR', B: 'CSR' },
    valueType: 'f32',
    extents: MATRIX,
    source: `${MLIR}sparse_unary.mlir`,
    rule: 'sparse.operator-zeros',
  },
  {
    group: 'scale',
    name: 'csr-into-csr',
    expression: 'B(i,j) = alpha * A(i,j)',
    formats: { A: 'CSR', B: 'CSR' },
    valueType: 'f32',
    extents: MATRIX,
    scalars: { alpha: 2.5 },
    source: `${MLIR}sparse_scale.mlir`,
    rule: 'sparse.kernel-value',
  },
  ...variants(
    'csf',
    {
      expression: 'C(i,j,k) = A(i,j,k) + B(i,j,k)',
      extents: CUBE,
      source: `${TACO}test/tests-tensor.cpp`,
      rule: 'sparse.output-entries',
    },
    {
      'add-into-csf': { A: CSF, B: CSF, C: CSF },
      'add-into-dense': { A: CSF, B: CSF },
    },
  ),
  {
    group: 'csf',
    name: 'mul-into-csf',
    expression: 'C(i,j,k) = A(i,j,k) * B(i,j,k)',
    formats: { A: CSF, B: CSF, C: CSF },
    valueType: 'f32',
    extents: CUBE,
    source: `${MLIR}sparse_tensor_mul.mlir`,
    rule: 'sparse.operator-zeros',
  },
  ...variants(
    'ttv',
    {
      expression: 'A(i,j) = B(i,j,k) * c(k)',
      extents: CUBE,
      source: `${TACO}apps/tensor_times_vector/tensor_times_vector.cpp`,
      rule: 'sparse.kernel-value',
    },
    {
      'csf-into-csr': { B: CSF, c: 'sparse-vector', A: 'CSR' },
      'csf-into-dense': { B: CSF },
    },
  ),
  ...variants(
    'mttkrp',
    {
      expression: 'A(i,j) = B(i,k,l) * C(k,j) * D(l,j)',
      extents: { i: 4, j: 3, k: 5, l: 6 },
      source: `${MLIR}sparse_mttkrp.mlir`,
      rule: 'sparse.kernel-value',
    },
    { csf: { B: CSF } },
  ),
  {
    group: 'mttkrp',
    name: 'csf-f64',
    expression: 'A(i,j) = B(i,k,l) * C(k,j) * D(l,j)',
    formats: { B: CSF },
    valueType: 'f64',
    extents: { i: 4, j: 3, k: 5, l: 6 },
    source: `${MLIR}sparse_mttkrp.mlir`,
    rule: 'sparse.kernel-value',
  },
  ...variants(
    'transpose',
    {
      expression: 'A(j,i) = B(i,j)',
      extents: MATRIX,
      source: `${MLIR}sparse_transpose.mlir`,
      rule: 'sparse.output-entries',
    },
    {
      'csr-into-csc': { B: 'CSR', A: 'CSC' },
      'csc-into-csr': { B: 'CSC', A: 'CSR' },
      'csr-into-dense': { B: 'CSR' },
      'csr-into-csr': { B: 'CSR', A: 'CSR' },
    },
  ),
  {
    group: 'in-place',
    name: 'csr-times-scalar',
    expression: 'X(i,j) *= 2.0',
    formats: { X: 'CSR' },
    valueType: 'f32',
    extents: MATRIX,
    source: `${MLIR}sparse_scale.mlir`,
    rule: 'sparse.in-place',
  },
  {
    group: 'in-place',
    name: 'csr-times-csr',
    expression: 'X(i,j) *= A(i,j)',
    formats: { X: 'CSR', A: 'CSR' },
    valueType: 'f32',
    extents: MATRIX,
    source: `${MLIR}sparse_scale.mlir`,
    rule: 'sparse.in-place',
  },
  {
    group: 'in-place',
    name: 'dense-accumulate-spmv',
    expression: 'y(i) += A(i,j) * x(j)',
    formats: { A: 'CSR' },
    valueType: 'f32',
    extents: MATRIX,
    source: `${TACO}test/tests-scheduling.cpp`,
    rule: 'sparse.in-place',
  },
  {
    group: 'reduction',
    name: 'residual',
    expression: 'r(i) = b(i) - A(i,k) * x(k)',
    formats: { A: 'CSR' },
    valueType: 'f32',
    extents: MATRIX,
    source: `${TACO}test/tests-index_notation.cpp`,
    rule: 'sparse.reduction-placement',
  },
  {
    group: 'reduction',
    name: 'scaled-plus-constant',
    expression: 'a(i) = 2 * (B(i,k) * c(k)) + 3',
    formats: { B: 'CSR' },
    valueType: 'f32',
    extents: MATRIX,
    source: `${TACO}test/tests-expr-reduction.cpp`,
    rule: 'sparse.reduction-placement',
  },
  {
    group: 'reduction',
    name: 'explicit-sum-linalg',
    expression: 'y(i) = sum(k, b(i) - A(i,k) * x(k))',
    formats: { A: 'CSR' },
    valueType: 'f32',
    extents: MATRIX,
    source: `${MLIR}sparse_reductions.mlir`,
    rule: 'sparse.reduction-placement',
  },
  {
    group: 'reduction',
    name: 'row-sum-times-matrix',
    expression: 'C(i,j) = A(i,j) * sum(k, B(j,k))',
    formats: { A: 'CSR', B: 'CSR', C: 'CSR' },
    valueType: 'f32',
    extents: { i: 7, j: 6, k: 6 },
    source: `${TACO}test/tests-workspaces.cpp`,
    rule: 'sparse.reduction-placement',
  },
  {
    group: 'reduction',
    name: 'sum-all-csr',
    expression: 's = A(i,j)',
    formats: { A: 'CSR' },
    valueType: 'f32',
    extents: MATRIX,
    source: `${MLIR}sparse_reductions.mlir`,
    rule: 'sparse.kernel-value',
  },
  {
    group: 'reduction',
    name: 'product-all-i32',
    expression: 's *= a(i)',
    formats: { a: 'sparse-vector' },
    valueType: 'i32',
    extents: { i: 9 },
    source: `${MLIR}sparse_reductions_prod.mlir`,
    rule: 'sparse.in-place',
  },
  {
    group: 'index',
    name: 'times-row-index',
    expression: 'B(i,j) = A(i,j) * i',
    formats: { A: 'CSR', B: 'CSR' },
    valueType: 'f32',
    extents: MATRIX,
    source: `${MLIR}sparse_index.mlir`,
    rule: 'sparse.operator-zeros',
  },
  {
    group: 'index',
    name: 'plus-index-product-i32',
    expression: 'B(i,j) = A(i,j) + i * j',
    formats: { A: 'CSR' },
    valueType: 'i32',
    extents: MATRIX,
    source: `${MLIR}sparse_index.mlir`,
    rule: 'sparse.operator-zeros',
  },
  {
    group: 'function',
    name: 'divide-by-dense',
    expression: 'B(i,j) = A(i,j) / c(j)',
    formats: { A: 'CSR', B: 'CSR' },
    valueType: 'f32',
    extents: MATRIX,
    source: `${MLIR}sparse_binary.mlir`,
    rule: 'sparse.operator-zeros',
  },
  {
    group: 'function',
    name: 'divide-i32',
    expression: 'b(i) = a(i) / c(i)',
    formats: { a: 'sparse-vector' },
    valueType: 'i32',
    extents: VECTOR,
    source: `${MLIR}sparse_binary.mlir`,
    rule: 'sparse.operator-zeros',
  },
  {
    group: 'function',
    name: 'sqrt',
    expression: 'b(i) = sqrt(a(i))',
    formats: { a: 'sparse-vector', b: 'sparse-vector' },
    valueType: 'f64',
    extents: VECTOR,
    values: 'positive',
    source: `${MLIR}sparse_unary.mlir`,
    rule: 'sparse.operator-zeros',
  },
  {
    group: 'function',
    name: 'exp',
    expression: 'B(i,j) = exp(A(i,j))',
    formats: { A: 'CSR' },
    valueType: 'f32',
    extents: MATRIX,
    source: `${MLIR}sparse_unary.mlir`,
    rule: 'sparse.operator-zeros',
  },
  {
    group: 'function',
    name: 'abs',
    expression: 'b(i) = abs(a(i))',
    formats: { a: 'sparse-vector', b: 'sparse-vector' },
    valueType: 'f32',
    extents: VECTOR,
    source: `${MLIR}sparse_abs.mlir`,
    rule: 'sparse.operator-zeros',
  },
  {
    group: 'function',
    name: 'abs-i32',
    expression: 'b(i) = abs(a(i))',
    formats: { a: 'sparse-vector' },
    valueType: 'i32',
    extents: VECTOR,
    source: `${MLIR}sparse_abs.mlir`,
    rule: 'sparse.operator-zeros',
  },
  {
    group: 'function',
    name: 'max',
    expression: 'C(i,j) = max(A(i,j), B(i,j))',
    formats: { A: 'CSR', B: 'CSR', C: 'CSR' },
    valueType: 'f32',
    extents: MATRIX,
    source: `${MLIR}sparse_binary.mlir`,
    rule: 'sparse.operator-zeros',
  },
  {
    group: 'function',
    name: 'min-with-zero',
    expression: 'c(i) = min(a(i), 0)',
    formats: { a: 'sparse-vector' },
    valueType: 'f32',
    extents: VECTOR,
    source: `${MLIR}sparse_binary.mlir`,
    rule: 'sparse.operator-zeros',
  },
  ...variants(
    'gram',
    {
      expression: 'C(i,j) = A(i,k) * A(j,k)',
      extents: { i: 7, j: 7, k: 5 },
      source: `${TACO}test/tests-scheduling.cpp`,
      rule: 'sparse.kernel-value',
    },
    { 'csr-into-dense': { A: 'CSR' }, 'csr-into-csr': { A: 'CSR', C: 'CSR' } },
  ),
  ...variants(
    'convert',
    {
      expression: 'B(i,j) = A(i,j)',
      extents: MATRIX,
      source: `${MLIR}sparse_conversion_sparse2sparse.mlir`,
      rule: 'sparse.conversion',
    },
    {
      'csr-to-csc': { A: 'CSR', B: 'CSC' },
      'csr-to-dcsr': { A: 'CSR', B: 'DCSR' },
      'coo-to-csr': { A: 'COO', B: 'CSR' },
      'csc-to-dense': { A: 'CSC' },
      'dense-to-csr': { B: 'CSR' },
      'csr-to-coo': { A: 'CSR', B: 'COO' },
    },
  ),
  {
    group: 'convert',
    name: 'csf-to-csf-kji',
    expression: 'B(i,j,k) = A(i,j,k)',
    formats: { A: CSF, B: CSF_KJI },
    valueType: 'f32',
    extents: CUBE,
    source: `${MLIR}sparse_conversion.mlir`,
    rule: 'sparse.conversion',
  },
];
