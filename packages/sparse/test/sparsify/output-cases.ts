/**
 * Kernels with sparse outputs for the tests: every kernel the issue names, with the formats of
 * its operands and output, index sizes, and the TACO or MLIR test it derives from; and random
 * operands for them.
 */
import {
  type FormatSpec,
  type KernelOperand,
  SparseTensor,
  type StorageWidth,
} from '../../src/index.js';
import { type DenseInputs, randomDense } from './fixtures.js';
import { operandIndices } from './notation-operands.js';

const CSF3 = ['compressed', 'compressed', 'compressed'] as const;

/** One kernel with a sparse output; `source` is the TACO/MLIR test it derives from. */
export interface OutputCase {
  readonly name: string;
  readonly source: string;
  readonly expr: string;
  readonly formats: Readonly<Record<string, FormatSpec>>;
  /** Index variables of every operand (output excluded unless it is updated in place). */
  readonly operands: Readonly<Record<string, readonly string[]>>;
  readonly sizes: Readonly<Record<string, number>>;
  readonly scalars?: Readonly<Record<string, number>>;
  /**
   * The dense result, where `denseEvaluate` cannot size the loops (a right-hand side without
   * tensors): a plain loop over the initial output.
   */
  readonly reference?: (init: Float64Array) => Float64Array;
}

const MLIR = 'mlir/test/Integration/Dialect/SparseTensor/CPU';

/** A case as written: its operands follow from its notation. */
type CaseSpec = Omit<OutputCase, 'operands'>;

/** `spec` with its operands read off the accesses right of `=`. */
const withOperands = (spec: CaseSpec): OutputCase => ({
  ...spec,
  operands: operandIndices(spec.expr),
});

export const CASES: readonly OutputCase[] = (
  [
    {
      name: 'SpGEMM CSR x CSR -> CSR (Gustavson workspace)',
      source: `${MLIR}/sparse_matmul.mlir; TACO test/tests-scheduling.cpp (precompute workspace)`,
      expr: 'C(i,j) = A(i,k) * B(k,j)',
      formats: { A: 'CSR', B: 'CSR', C: 'CSR' },
      sizes: { i: 9, j: 11, k: 7 },
    },
    {
      name: 'SpGEMM DCSR x DCSR -> DCSR',
      source: `${MLIR}/sparse_matmul.mlir (#DCSR)`,
      expr: 'C(i,j) = A(i,k) * B(k,j)',
      formats: { A: 'DCSR', B: 'DCSR', C: 'DCSR' },
      sizes: { i: 9, j: 11, k: 7 },
    },
    {
      name: 'SpGEMM CSR x CSC -> CSR (inner products)',
      source: `${MLIR}/sparse_matmul.mlir with B column-major (the i, j, k order)`,
      expr: 'C(i,j) = A(i,k) * B(k,j)',
      formats: { A: 'CSR', B: 'CSC', C: 'CSR' },
      sizes: { i: 9, j: 11, k: 7 },
    },
    {
      name: 'SpGEMM CSR x CSR -> COO (workspace drained tuple by tuple)',
      source: `${MLIR}/sparse_matmul.mlir with a COO result (sparse_coo_test.mlir)`,
      expr: 'C(i,j) = A(i,k) * B(k,j)',
      formats: { A: 'CSR', B: 'CSR', C: 'COO' },
      sizes: { i: 9, j: 11, k: 7 },
    },
    {
      name: 'SpGEMM DCSR x DCSR -> (compressed, dense) rows',
      source: `${MLIR}/sparse_matmul.mlir with dense rows under a compressed level`,
      expr: 'C(i,j) = A(i,k) * B(k,j)',
      formats: { A: 'DCSR', B: 'DCSR', C: ['compressed', 'dense'] },
      sizes: { i: 9, j: 11, k: 7 },
    },
    {
      name: 'SpGEMM CSC x CSC -> CSC',
      source: `${MLIR}/sparse_matmul.mlir, column-major`,
      expr: 'C(i,j) = A(i,k) * B(k,j)',
      formats: { A: 'CSC', B: 'CSC', C: 'CSC' },
      sizes: { i: 9, j: 11, k: 7 },
    },
    ...(
      [
        ['add', '+', `${MLIR}/sparse_binary.mlir (vector_add); TACO test/tests-expr_storage.cpp`],
        ['subtract', '-', `${MLIR}/sparse_binary.mlir (vector_sub)`],
        ['element-wise multiply', '*', `${MLIR}/sparse_binary.mlir (vector_mul)`],
      ] as const
    ).map(
      ([what, op, source]): CaseSpec => ({
        name: `sparse vector ${what}`,
        source,
        expr: `x(i) = a(i) ${op} b(i)`,
        formats: { a: 'sparse-vector', b: 'sparse-vector', x: 'sparse-vector' },
        sizes: { i: 40 },
      }),
    ),
    {
      name: 'sparse vector negate',
      source: `${MLIR}/sparse_unary.mlir (vector_negate)`,
      expr: 'x(i) = -a(i)',
      formats: { a: 'sparse-vector', x: 'sparse-vector' },
      sizes: { i: 40 },
    },
    {
      name: 'sparse vector scale',
      source: `${MLIR}/sparse_binary.mlir (vector_scale)`,
      expr: 'x(i) = a(i) * s',
      formats: { a: 'sparse-vector', x: 'sparse-vector' },
      sizes: { i: 40 },
      scalars: { s: 2.5 },
    },
    ...(['CSR', 'CSC', 'DCSR', 'DCSC'] as const).flatMap((f): CaseSpec[] => [
      {
        name: `${f} add`,
        source: `${MLIR}/sparse_matrix_ops.mlir (matrix_add); TACO test/tests-expr_storage.cpp`,
        expr: 'X(i,j) = A(i,j) + B(i,j)',
        formats: { A: f, B: f, X: f },
        sizes: { i: 9, j: 8 },
      },
      {
        name: `${f} subtract`,
        source: `${MLIR}/sparse_matrix_ops.mlir`,
        expr: 'X(i,j) = A(i,j) - B(i,j)',
        formats: { A: f, B: f, X: f },
        sizes: { i: 9, j: 8 },
      },
      {
        name: `${f} element-wise multiply`,
        source: `${MLIR}/sparse_out_mult_elt.mlir`,
        expr: 'X(i,j) = A(i,j) * B(i,j)',
        formats: { A: f, B: f, X: f },
        sizes: { i: 9, j: 8 },
      },
      {
        name: `${f} negate and scale`,
        source: `${MLIR}/sparse_unary.mlir (matrix_negate), sparse_scale.mlir`,
        expr: 'X(i,j) = -(A(i,j) * s)',
        formats: { A: f, X: f },
        sizes: { i: 9, j: 8 },
        scalars: { s: 0.5 },
      },
    ]),
    {
      name: 'COO element-wise multiply into COO',
      source: `${MLIR}/sparse_coo_test.mlir (COO result)`,
      expr: 'X(i,j) = A(i,j) * s',
      formats: { A: 'COO', X: 'COO' },
      sizes: { i: 9, j: 8 },
      scalars: { s: -2 },
    },
    {
      name: 'CSR add into COO',
      source: `${MLIR}/sparse_coo_test.mlir`,
      expr: 'X(i,j) = A(i,j) + B(i,j)',
      formats: { A: 'CSR', B: 'CSR', X: 'COO' },
      sizes: { i: 9, j: 8 },
    },
    ...(
      [
        ['CSF', CSF3, [0, 1, 2]],
        ['CSF mode order (2,0,1)', CSF3, [2, 0, 1]],
        [
          'dense-compressed-compressed mode order (1,2,0)',
          ['dense', 'compressed', 'compressed'],
          [1, 2, 0],
        ],
        ['COO rank 3', 'COO', [0, 1, 2]],
      ] as const
    ).flatMap(([label, levels, order]): CaseSpec[] => {
      const f: FormatSpec = typeof levels === 'string' ? levels : { levels, order };
      return [
        {
          name: `${label} add`,
          source: `${MLIR}/sparse_tensor_ops.mlir; TACO test/tests-expr_storage.cpp (3-tensor add)`,
          expr: 'X(i,j,k) = A(i,j,k) + B(i,j,k)',
          formats: typeof levels === 'string' ? { A: CSF3, B: CSF3, X: f } : { A: f, B: f, X: f },
          sizes: { i: 5, j: 4, k: 6 },
        },
        {
          name: `${label} multiply, negate`,
          source: `${MLIR}/sparse_tensor_ops.mlir (tensor_mul)`,
          expr: 'X(i,j,k) = -(A(i,j,k) * B(i,j,k))',
          formats: typeof levels === 'string' ? { A: CSF3, B: CSF3, X: f } : { A: f, B: f, X: f },
          sizes: { i: 5, j: 4, k: 6 },
        },
      ];
    }),
    {
      name: 'CSF scale',
      source: `${MLIR}/sparse_scale.mlir, on a 3-tensor (not in place)`,
      expr: 'X(i,j,k) = A(i,j,k) * s',
      formats: { A: { levels: CSF3, order: [1, 0, 2] }, X: { levels: CSF3, order: [1, 0, 2] } },
      sizes: { i: 5, j: 4, k: 6 },
      scalars: { s: 3 },
    },
    {
      name: 'add into compressed rows of dense blocks ([compressed, dense])',
      source: `${MLIR}/sparse_matrix_ops.mlir with a #DCSR-like (compressed, dense) output`,
      expr: 'X(i,j) = A(i,j) + B(i,j)',
      formats: { A: 'DCSR', B: 'DCSR', X: ['compressed', 'dense'] },
      sizes: { i: 9, j: 8 },
    },
    {
      name: 'add into a column-major dense output ([dense, dense] order [1, 0])',
      source: `${MLIR}/dense_output.mlir (a dense output through the sparsifier)`,
      expr: 'X(i,j) = A(i,j) + B(i,j)',
      formats: { A: 'CSC', B: 'CSC', X: { levels: ['dense', 'dense'], order: [1, 0] } },
      sizes: { i: 9, j: 8 },
    },
    {
      name: 'TTV CSF x sparse vector -> CSR',
      source: 'TACO apps/tensor_times_vector/tensor_times_vector.cpp',
      expr: 'A(i,j) = B(i,j,k) * c(k)',
      formats: { A: 'CSR', B: CSF3, c: 'sparse-vector' },
      sizes: { i: 5, j: 6, k: 7 },
    },
    {
      name: 'TTV (dense, compressed, compressed) x dense vector -> DCSR',
      source: 'TACO apps/tensor_times_vector/tensor_times_vector.cpp',
      expr: 'A(i,j) = B(i,j,k) * c(k)',
      formats: { A: 'DCSR', B: ['dense', 'compressed', 'compressed'] },
      sizes: { i: 5, j: 6, k: 7 },
    },
    {
      name: 'transposed output A(j,i) = B(i,j), B CSC -> A CSR',
      source: `${MLIR}/sparse_transpose.mlir`,
      expr: 'A(j,i) = B(i,j)',
      formats: { A: 'CSR', B: 'CSC' },
      sizes: { i: 7, j: 9 },
    },
    {
      name: 'transposed output A(j,i) = B(i,j), B CSR -> A CSC',
      source: `${MLIR}/sparse_transpose.mlir`,
      expr: 'A(j,i) = B(i,j)',
      formats: { A: 'CSC', B: 'CSR' },
      sizes: { i: 7, j: 9 },
    },
    {
      name: 'SpMV into a sparse vector (reduction per entry)',
      source: `${MLIR}/sparse_out_reduction.mlir`,
      expr: 'y(i) = A(i,j) * x(j)',
      formats: { A: 'DCSR', x: 'sparse-vector', y: 'sparse-vector' },
      sizes: { i: 12, j: 9 },
    },
    {
      name: 'column sums into a sparse vector (scattered output, workspace)',
      source: `${MLIR}/sparse_out_reduction.mlir, sparse_expand.mlir`,
      expr: 'y(j) = A(i,j)',
      formats: { A: 'CSR', y: 'sparse-vector' },
      sizes: { i: 12, j: 9 },
    },
  ] satisfies CaseSpec[]
).map(withOperands);

export const IN_PLACE: readonly OutputCase[] = (['CSR', 'DCSR', 'CSC', 'COO'] as const).flatMap(
  (f): OutputCase[] => [
    {
      name: `X(i,j) *= 2.0 on ${f}`,
      source: `${MLIR}/sparse_scale.mlir`,
      expr: 'X(i,j) *= 2.0',
      formats: { X: f },
      operands: { X: ['i', 'j'] },
      sizes: { i: 9, j: 8 },
      reference: (init) => init.map((x) => x * 2),
    },
    {
      name: `X(i,j) *= X(i,j) on ${f}`,
      source: `${MLIR}/sparse_out_simple.mlir`,
      expr: 'X(i,j) *= X(i,j)',
      formats: { X: f },
      operands: { X: ['i', 'j'] },
      sizes: { i: 9, j: 8 },
    },
    {
      name: `X(i,j) *= B(i,j) (B sparse) on ${f}`,
      source: `${MLIR}/sparse_out_mult_elt.mlir, in place`,
      expr: 'X(i,j) *= B(i,j)',
      formats: { X: f, B: f === 'COO' ? 'CSR' : f },
      operands: { X: ['i', 'j'], B: ['i', 'j'] },
      sizes: { i: 9, j: 8 },
    },
  ],
);

/** Random operands of a case: the kernel's operands and the dense reference inputs. */
export function operandsOf(
  c: OutputCase,
  density: number,
  seed: number,
  width: StorageWidth,
): { operands: Record<string, KernelOperand>; dense: Record<string, DenseInputs[string]> } {
  const operands: Record<string, KernelOperand> = { ...c.scalars };
  const dense: Record<string, DenseInputs[string]> = { ...c.scalars };
  Object.entries(c.operands).forEach(([name, indices], n) => {
    const shape = indices.map((i) => c.sizes[i] as number);
    const format = c.formats[name];
    const data = randomDense(shape, {
      density: format === undefined ? 1 : density,
      seed: seed * 97 + n,
    });
    dense[name] = { data, shape };
    operands[name] =
      format === undefined
        ? { data, shape }
        : SparseTensor.fromDense(data, shape, format, { posWidth: width, crdWidth: width });
  });
  return { operands, dense };
}

/** The output's shape (dimension order). */
export function outputShape(c: OutputCase): number[] {
  const out = c.expr.match(/^\s*\w+\(([^)]*)\)/)?.[1] ?? '';
  return out.split(',').map((i) => c.sizes[i.trim()] as number);
}
