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

/** What one variant of a family sets beside its formats (its value type, by default f32). */
type VariantOptions = Partial<Pick<SparseCase, 'valueType' | 'values' | 'scalars' | 'extents'>>;

/** A variant: its operands' formats, alone or with what else differs from the family. */
type Variant =
  | Readonly<Record<string, SparseFormatName>>
  | readonly [Readonly<Record<string, SparseFormatName>>, VariantOptions];

/**
 * The cases of one kernel family (one expression from one source): `variants` names each case
 * and gives its formats, and where it differs, its value type or operands.
 */
function variants(
  group: string,
  base: Omit<SparseCase, 'group' | 'name' | 'formats' | 'valueType'>,
  cases: Readonly<Record<string, Variant>>,
): SparseCase[] {
  return Object.entries(cases).map(([name, variant]) => {
    const [formats, options] = Array.isArray(variant)
      ? (variant as readonly [Readonly<Record<string, SparseFormatName>>, VariantOptions])
      : [variant as Readonly<Record<string, SparseFormatName>>, {}];
    return { valueType: 'f32', ...base, ...options, group, name, formats };
  });
}

const I32 = { valueType: 'i32' } as const;
const F64 = { valueType: 'f64' } as const;
const VECTORS = { a: 'sparse-vector', b: 'sparse-vector', c: 'sparse-vector' } as const;
const sparseMLIR = (file: string) => `${MLIR}${file}`;
/** The family fields every case of one source and rule shares. */
const from = (
  expression: string,
  extents: Readonly<Record<string, number>>,
  source: string,
  rule: RuleId,
) => ({ expression, extents, source, rule });

/** Every case of the suite. */
export const SPARSE_CASES: readonly SparseCase[] = [
  ...variants(
    'spmv',
    from('y(i) = A(i,j) * x(j)', MATRIX, sparseMLIR('sparse_matvec.mlir'), 'sparse.kernel-value'),
    {
      csr: { A: 'CSR' },
      csc: { A: 'CSC' },
      dcsr: { A: 'DCSR' },
      coo: { A: 'COO' },
      'csr-sparse-x': { A: 'CSR', x: 'sparse-vector' },
      'csr-i32': [{ A: 'CSR' }, I32],
    },
  ),
  ...variants(
    'spmm',
    from('C(i,j) = A(i,k) * B(k,j)', MATRIX, sparseMLIR('sparse_spmm.mlir'), 'sparse.kernel-value'),
    { csr: { A: 'CSR' }, dcsr: { A: 'DCSR' }, csc: { A: 'CSC' }, coo: { A: 'COO' } },
  ),
  ...variants(
    'sddmm',
    from(
      'X(i,j) = S(i,j) * A(i,k) * B(k,j)',
      MATRIX,
      sparseMLIR('sparse_sampled_matmul.mlir'),
      'sparse.kernel-value',
    ),
    { csr: { S: 'CSR' }, 'csr-into-csr': { S: 'CSR', X: 'CSR' } },
  ),
  ...variants(
    'spgemm',
    from(
      'C(i,j) = A(i,k) * B(k,j)',
      MATRIX,
      sparseMLIR('sparse_matmul.mlir'),
      'sparse.output-entries',
    ),
    {
      'csr-csr-into-dense': { A: 'CSR', B: 'CSR' },
      'csr-csr-into-csr': { A: 'CSR', B: 'CSR', C: 'CSR' },
      'dcsr-dcsr-into-dcsr': { A: 'DCSR', B: 'DCSR', C: 'DCSR' },
      'csr-csc-into-csr': { A: 'CSR', B: 'CSC', C: 'CSR' },
      'csr-csr-into-coo': { A: 'CSR', B: 'CSR', C: 'COO' },
      'csr-csr-into-csc': { A: 'CSR', B: 'CSR', C: 'CSC' },
      'csr-csr-into-csr-f64': [{ A: 'CSR', B: 'CSR', C: 'CSR' }, F64],
    },
  ),
  ...variants(
    'add',
    from(
      'C(i,j) = A(i,j) + B(i,j)',
      MATRIX,
      sparseMLIR('sparse_matrix_ops.mlir'),
      'sparse.output-entries',
    ),
    {
      'csr-csr-into-csr': { A: 'CSR', B: 'CSR', C: 'CSR' },
      'csr-dense-into-dense': { A: 'CSR' },
      'csr-csc-into-dense': { A: 'CSR', B: 'CSC' },
      'coo-csr-into-dense': { A: 'COO', B: 'CSR' },
      'dcsr-dcsr-into-dcsr-i32': [{ A: 'DCSR', B: 'DCSR', C: 'DCSR' }, I32],
    },
  ),
  ...variants(
    'sub',
    from(
      'C(i,j) = A(i,j) - B(i,j)',
      MATRIX,
      sparseMLIR('sparse_matrix_ops.mlir'),
      'sparse.operator-zeros',
    ),
    { 'csr-csr-into-csr': { A: 'CSR', B: 'CSR', C: 'CSR' } },
  ),
  ...variants(
    'mul',
    from(
      'C(i,j) = A(i,j) * B(i,j)',
      MATRIX,
      sparseMLIR('sparse_out_mult_elt.mlir'),
      'sparse.operator-zeros',
    ),
    { 'csr-csr-into-csr': { A: 'CSR', B: 'CSR', C: 'CSR' } },
  ),
  ...variants(
    'vector',
    from('c(i) = a(i) + b(i)', VECTOR, sparseMLIR('sparse_binary.mlir'), 'sparse.operator-zeros'),
    { 'add-into-sparse': VECTORS, 'add-sparse-dense': { a: 'sparse-vector' } },
  ),
  ...variants(
    'vector',
    from('c(i) = a(i) * b(i)', VECTOR, sparseMLIR('sparse_binary.mlir'), 'sparse.operator-zeros'),
    { 'mul-into-sparse': VECTORS },
  ),
  ...variants(
    'vector',
    from('s = a(i) * b(i)', VECTOR, sparseMLIR('sparse_dot.mlir'), 'sparse.kernel-value'),
    { dot: { a: 'sparse-vector', b: 'sparse-vector' } },
  ),
  ...variants(
    'neg',
    from('B(i,j) = -A(i,j)', MATRIX, sparseMLIR('sparse_unary.mlir'), 'sparse.operator-zeros'),
    { 'csr-into-csr': { A: 'CSR', B: 'CSR' } },
  ),
  ...variants(
    'scale',
    from('B(i,j) = alpha * A(i,j)', MATRIX, sparseMLIR('sparse_scale.mlir'), 'sparse.kernel-value'),
    { 'csr-into-csr': [{ A: 'CSR', B: 'CSR' }, { scalars: { alpha: 2.5 } }] },
  ),
  ...variants(
    'csf',
    from(
      'C(i,j,k) = A(i,j,k) + B(i,j,k)',
      CUBE,
      `${TACO}test/tests-tensor.cpp`,
      'sparse.output-entries',
    ),
    { 'add-into-csf': { A: CSF, B: CSF, C: CSF }, 'add-into-dense': { A: CSF, B: CSF } },
  ),
  ...variants(
    'csf',
    from(
      'C(i,j,k) = A(i,j,k) * B(i,j,k)',
      CUBE,
      sparseMLIR('sparse_tensor_mul.mlir'),
      'sparse.operator-zeros',
    ),
    { 'mul-into-csf': { A: CSF, B: CSF, C: CSF } },
  ),
  ...variants(
    'ttv',
    from(
      'A(i,j) = B(i,j,k) * c(k)',
      CUBE,
      `${TACO}apps/tensor_times_vector/tensor_times_vector.cpp`,
      'sparse.kernel-value',
    ),
    {
      'csf-into-csr': { B: CSF, c: 'sparse-vector', A: 'CSR' },
      'csf-into-dense': { B: CSF },
    },
  ),
  ...variants(
    'mttkrp',
    from(
      'A(i,j) = B(i,k,l) * C(k,j) * D(l,j)',
      { i: 4, j: 3, k: 5, l: 6 },
      sparseMLIR('sparse_mttkrp.mlir'),
      'sparse.kernel-value',
    ),
    { csf: { B: CSF }, 'csf-f64': [{ B: CSF }, F64] },
  ),
  ...variants(
    'transpose',
    from('A(j,i) = B(i,j)', MATRIX, sparseMLIR('sparse_transpose.mlir'), 'sparse.output-entries'),
    {
      'csr-into-csc': { B: 'CSR', A: 'CSC' },
      'csc-into-csr': { B: 'CSC', A: 'CSR' },
      'csr-into-dense': { B: 'CSR' },
      'csr-into-csr': { B: 'CSR', A: 'CSR' },
    },
  ),
  ...variants(
    'in-place',
    from('X(i,j) *= 2.0', MATRIX, sparseMLIR('sparse_scale.mlir'), 'sparse.in-place'),
    { 'csr-times-scalar': { X: 'CSR' } },
  ),
  ...variants(
    'in-place',
    from('X(i,j) *= A(i,j)', MATRIX, sparseMLIR('sparse_scale.mlir'), 'sparse.in-place'),
    { 'csr-times-csr': { X: 'CSR', A: 'CSR' } },
  ),
  ...variants(
    'in-place',
    from('y(i) += A(i,j) * x(j)', MATRIX, `${TACO}test/tests-scheduling.cpp`, 'sparse.in-place'),
    { 'dense-accumulate-spmv': { A: 'CSR' } },
  ),
  ...variants(
    'reduction',
    from(
      'r(i) = b(i) - A(i,k) * x(k)',
      MATRIX,
      `${TACO}test/tests-index_notation.cpp`,
      'sparse.reduction-placement',
    ),
    { residual: { A: 'CSR' } },
  ),
  ...variants(
    'reduction',
    from(
      'a(i) = 2 * (B(i,k) * c(k)) + 3',
      MATRIX,
      `${TACO}test/tests-expr-reduction.cpp`,
      'sparse.reduction-placement',
    ),
    { 'scaled-plus-constant': { B: 'CSR' } },
  ),
  ...variants(
    'reduction',
    from(
      'y(i) = sum(k, b(i) - A(i,k) * x(k))',
      MATRIX,
      sparseMLIR('sparse_reductions.mlir'),
      'sparse.reduction-placement',
    ),
    { 'explicit-sum-linalg': { A: 'CSR' } },
  ),
  ...variants(
    'reduction',
    from(
      'C(i,j) = A(i,j) * sum(k, B(j,k))',
      { i: 7, j: 6, k: 6 },
      `${TACO}test/tests-workspaces.cpp`,
      'sparse.reduction-placement',
    ),
    { 'row-sum-times-matrix': { A: 'CSR', B: 'CSR', C: 'CSR' } },
  ),
  ...variants(
    'reduction',
    from('s = A(i,j)', MATRIX, sparseMLIR('sparse_reductions.mlir'), 'sparse.kernel-value'),
    { 'sum-all-csr': { A: 'CSR' } },
  ),
  ...variants(
    'reduction',
    from('s *= a(i)', { i: 9 }, sparseMLIR('sparse_reductions_prod.mlir'), 'sparse.in-place'),
    { 'product-all-i32': [{ a: 'sparse-vector' }, I32] },
  ),
  ...variants(
    'index',
    from('B(i,j) = A(i,j) * i', MATRIX, sparseMLIR('sparse_index.mlir'), 'sparse.operator-zeros'),
    { 'times-row-index': { A: 'CSR', B: 'CSR' } },
  ),
  ...variants(
    'index',
    from(
      'B(i,j) = A(i,j) + i * j',
      MATRIX,
      sparseMLIR('sparse_index.mlir'),
      'sparse.operator-zeros',
    ),
    { 'plus-index-product-i32': [{ A: 'CSR' }, I32] },
  ),
  ...variants(
    'function',
    from(
      'B(i,j) = A(i,j) / c(j)',
      MATRIX,
      sparseMLIR('sparse_binary.mlir'),
      'sparse.operator-zeros',
    ),
    { 'divide-by-dense': { A: 'CSR', B: 'CSR' } },
  ),
  ...variants(
    'function',
    from('b(i) = a(i) / c(i)', VECTOR, sparseMLIR('sparse_binary.mlir'), 'sparse.operator-zeros'),
    { 'divide-i32': [{ a: 'sparse-vector' }, I32] },
  ),
  ...variants(
    'function',
    from('b(i) = sqrt(a(i))', VECTOR, sparseMLIR('sparse_unary.mlir'), 'sparse.operator-zeros'),
    {
      sqrt: [
        { a: 'sparse-vector', b: 'sparse-vector' },
        { ...F64, values: 'positive' },
      ],
    },
  ),
  ...variants(
    'function',
    from('B(i,j) = exp(A(i,j))', MATRIX, sparseMLIR('sparse_unary.mlir'), 'sparse.operator-zeros'),
    { exp: { A: 'CSR' } },
  ),
  ...variants(
    'function',
    from('b(i) = abs(a(i))', VECTOR, sparseMLIR('sparse_abs.mlir'), 'sparse.operator-zeros'),
    { abs: { a: 'sparse-vector', b: 'sparse-vector' }, 'abs-i32': [{ a: 'sparse-vector' }, I32] },
  ),
  ...variants(
    'function',
    from(
      'C(i,j) = max(A(i,j), B(i,j))',
      MATRIX,
      sparseMLIR('sparse_binary.mlir'),
      'sparse.operator-zeros',
    ),
    { max: { A: 'CSR', B: 'CSR', C: 'CSR' } },
  ),
  ...variants(
    'function',
    from('c(i) = min(a(i), 0)', VECTOR, sparseMLIR('sparse_binary.mlir'), 'sparse.operator-zeros'),
    { 'min-with-zero': { a: 'sparse-vector' } },
  ),
  ...variants(
    'gram',
    from(
      'C(i,j) = A(i,k) * A(j,k)',
      { i: 7, j: 7, k: 5 },
      `${TACO}test/tests-scheduling.cpp`,
      'sparse.kernel-value',
    ),
    { 'csr-into-dense': { A: 'CSR' }, 'csr-into-csr': { A: 'CSR', C: 'CSR' } },
  ),
  ...variants(
    'convert',
    from(
      'B(i,j) = A(i,j)',
      MATRIX,
      sparseMLIR('sparse_conversion_sparse2sparse.mlir'),
      'sparse.conversion',
    ),
    {
      'csr-to-csc': { A: 'CSR', B: 'CSC' },
      'csr-to-dcsr': { A: 'CSR', B: 'DCSR' },
      'coo-to-csr': { A: 'COO', B: 'CSR' },
      'csc-to-dense': { A: 'CSC' },
      'dense-to-csr': { B: 'CSR' },
      'csr-to-coo': { A: 'CSR', B: 'COO' },
    },
  ),
  ...variants(
    'convert',
    from('B(i,j,k) = A(i,j,k)', CUBE, sparseMLIR('sparse_conversion.mlir'), 'sparse.conversion'),
    { 'csf-to-csf-kji': { A: CSF, B: CSF_KJI } },
  ),
];
