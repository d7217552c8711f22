/**
 * `sparsify` given a block (BSR) or structured (n:m) operand in its dimension form: the kernel
 * is planned over the operand's levels (as MLIR's `--sparse-reinterpret-map` plans
 * `sparse_block_matmul.mlir`) while its caller passes `A` in its block format and the dense
 * operands and output in their own shapes. Held to MLIR's expected values, to plain loops on
 * every host engine (scalar and vectorized) in f32, f64 and i32 on seeded random block patterns
 * (empty block rows included), and to the typed errors where a split dimension cannot be read
 * split.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { isTilekitError } from '@tilekit/errors';
import { compile } from '@tilekit/loop-engines';
import { thrownBy } from '@tilekit/test-support/thrown-by';
import { describe, expect, it } from 'vitest';
import {
  blockSparseFormat,
  type FormatSpec,
  outputShapeOf,
  outputShapeOfShapes,
  runKernel,
  SparseTensor,
  SparsifyError,
  sparsify,
  structuredFormat,
  type ValueType,
} from '../../src/index.js';
import { indexExtentsOfShapes } from '../../src/sparsify/index.js';
import { pruned, randomMatrix } from '../support/dense-references.js';
import { compiledEverywhere } from './every-engine.js';

/** `A * B` as a plain loop in float64 (`A` is `n x m`, `B` is `m x p`). */
function product(a: ArrayLike<number>, b: ArrayLike<number>, n: number, m: number, p: number) {
  const out = new Array<number>(n * p).fill(0);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < m; j++)
      for (let k = 0; k < p; k++)
        out[i * p + k] =
          (out[i * p + k] as number) + (a[i * m + j] as number) * (b[j * p + k] as number);
  return out;
}

const ARRAYS = { f32: Float32Array, f64: Float64Array, i32: Int32Array } as const;
const DTYPES = { f32: 'float32', f64: 'float64', i32: 'int32' } as const;

describe("MLIR's block and 2:4 test matrices", () => {
  it("sparse_block_matmul.mlir: X(i,k) = T(i,j) * A(j,k) with A in BSR of 2x2 blocks gives MLIR's CHECK values", () => {
    // The matrix of sparse_block_matmul.mlir's @entry, times itself (the BSR copy on the right).
    const td = [1, 2, 3, 4, 1, 2, 3, 4, 5, 6, 7, 8, 5, 6, 7, 8];
    const A = SparseTensor.fromDense(td, [4, 4], blockSparseFormat([2, 2]), { dtype: 'float64' });
    const kernel = sparsify(
      'X(i,k) = T(i,j) * A(j,k)',
      { A: blockSparseFormat([2, 2]) },
      { valueType: 'f64' },
    );
    // CHECK-COUNT-2: ( ( 38, 48, 58, 68 ), ( 38, 48, 58, 68 ), ( 86, 112, 138, 164 ), ( 86, 112, 138, 164 ) )
    const want = [38, 48, 58, 68, 38, 48, 58, 68, 86, 112, 138, 164, 86, 112, 138, 164];
    for (const { label, run } of compiledEverywhere(kernel)) {
      const out = runKernel(kernel, run, { T: { data: Float64Array.from(td), shape: [4, 4] }, A });
      expect(Array.from(out as Float64Array), label).toEqual(want);
    }
  });

  it('sparse_ds.mlir: its 3x8 matrix in 2:4 times a vector and a matrix equals the dense product', () => {
    // The input matrix of sparse_ds.mlir (stored there as #NV_24, `j mod 4 : block2_4`).
    const m = [
      [0, 0, 1, 2, 0, 3, 0, 4],
      [0, 5, 6, 0, 7, 0, 0, 8],
      [9, 0, 10, 0, 11, 12, 0, 0],
    ].flat();
    const A = SparseTensor.fromDense(m, [3, 8], structuredFormat(2, 4));
    // Its CHECK lines: the offsets and values MLIR stores.
    expect(Array.from(A.coordinates[2] ?? [], Number)).toEqual([
      2, 3, 1, 3, 1, 2, 0, 3, 0, 2, 0, 1,
    ]);
    expect(Array.from(A.values, Number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const spmv = sparsify('y(i) = A(i,j) * x(j)', { A: structuredFormat(2, 4) });
    const spmm = sparsify('C(i,k) = A(i,j) * B(j,k)', { A: structuredFormat(2, 4) });
    const x = Float32Array.from({ length: 8 }, (_, j) => j + 1);
    const B = Float32Array.from({ length: 16 }, (_, k) => (k % 5) - 2);
    for (const { label, run } of compiledEverywhere(spmv)) {
      const y = runKernel(spmv, run, { A, x: { data: x, shape: [8] } });
      expect(Array.from(y as Float32Array), label).toEqual(product(m, x, 3, 8, 1));
    }
    for (const { label, run } of compiledEverywhere(spmm)) {
      const C = runKernel(spmm, run, { A, B: { data: B, shape: [8, 2] } });
      expect(Array.from(C as Float32Array), label).toEqual(product(m, B, 3, 8, 2));
    }
  });
});

/** Seeded cases: a block or n:m weight on the left or the right of a matrix product. */
describe.each(['f32', 'f64', 'i32'] as const)(
  'block operands in %s kernels',
  (valueType: ValueType) => {
    const Arr = ARRAYS[valueType as keyof typeof ARRAYS];
    const dtype = DTYPES[valueType as keyof typeof DTYPES];
    const options = { valueType };

    it('BSR (dense or compressed block rows) on either side equals plain loops everywhere (seeded)', () => {
      const next = seededRandom(valueType === 'f32' ? 4101 : valueType === 'f64' ? 4102 : 4103);
      for (let trial = 0; trial < 6; trial++) {
        const r = 1 + Math.floor(next() * 3);
        const c = 1 + Math.floor(next() * 3);
        const blockRows = next() < 0.5 ? 'dense' : 'compressed';
        const format = blockSparseFormat([r, c], { blockRows });
        const rows = r * (1 + Math.floor(next() * 4));
        const cols = c * (1 + Math.floor(next() * 4));
        const p = 1 + Math.floor(next() * 4);
        const dense = randomMatrix(rows, cols, next() * 0.5, next);
        // An empty block row in every other trial.
        if (trial % 2 === 0) dense.fill(0, 0, c === 0 ? 0 : r * cols);
        const A = SparseTensor.fromDense(dense, [rows, cols], format, { dtype });
        const b = randomMatrix(cols, p, 0.8, next);
        const left = Arr.from(randomMatrix(p, rows, 0.8, next));
        const spmm = sparsify('C(i,k) = A(i,j) * B(j,k)', { A: format }, options);
        const spmv = sparsify('y(i) = A(i,j) * x(j)', { A: format }, options);
        const right = sparsify('X(i,k) = T(i,j) * A(j,k)', { A: format }, options);
        const x = Arr.from(b.subarray(0, cols));
        for (const { label, run } of compiledEverywhere(spmm)) {
          const out = runKernel(spmm, run, { A, B: { data: Arr.from(b), shape: [cols, p] } });
          expect(Array.from(out as ArrayLike<number>), `spmm ${label}`).toEqual(
            product(dense, b, rows, cols, p),
          );
        }
        for (const { label, run } of compiledEverywhere(spmv)) {
          const out = runKernel(spmv, run, { A, x: { data: x, shape: [cols] } });
          expect(Array.from(out as ArrayLike<number>), `spmv ${label}`).toEqual(
            product(dense, x, rows, cols, 1),
          );
        }
        for (const { label, run } of compiledEverywhere(right)) {
          const out = runKernel(right, run, { T: { data: left, shape: [p, rows] }, A });
          expect(Array.from(out as ArrayLike<number>), `T A ${label}`).toEqual(
            product(left, dense, p, rows, cols),
          );
        }
      }
    });

    it('n:m structured weights in SpMM and SpMV equal plain loops everywhere (seeded)', () => {
      const next = seededRandom(valueType === 'f32' ? 4111 : valueType === 'f64' ? 4112 : 4113);
      for (const [n, m] of [
        [2, 4],
        [1, 2],
        [3, 8],
      ] as const) {
        const format = structuredFormat(n, m);
        const spmm = sparsify('C(i,k) = A(i,j) * B(j,k)', { A: format }, options);
        const spmv = sparsify('y(i) = A(i,j) * x(j)', { A: format }, options);
        for (let trial = 0; trial < 3; trial++) {
          const rows = Math.floor(next() * 6);
          const cols = m * (1 + Math.floor(next() * 3));
          const p = 1 + Math.floor(next() * 4);
          const dense = pruned(randomMatrix(rows, cols, next(), next), rows, cols, n, m);
          const A = SparseTensor.fromDense(dense, [rows, cols], format, { dtype });
          const b = randomMatrix(cols, p, 0.8, next);
          const x = Arr.from(b.subarray(0, cols));
          for (const { label, run } of compiledEverywhere(spmm)) {
            const out = runKernel(spmm, run, { A, B: { data: Arr.from(b), shape: [cols, p] } });
            expect(Array.from(out as ArrayLike<number>), `${n}:${m} spmm ${label}`).toEqual(
              product(dense, b, rows, cols, p),
            );
          }
          for (const { label, run } of compiledEverywhere(spmv)) {
            const out = runKernel(spmv, run, { A, x: { data: x, shape: [cols] } });
            expect(Array.from(out as ArrayLike<number>), `${n}:${m} spmv ${label}`).toEqual(
              product(dense, x, rows, cols, 1),
            );
          }
        }
      }
    });
  },
);

describe('the calling convention stays dimension form', () => {
  const format = blockSparseFormat([2, 3]);
  const spmm = sparsify('C(i,k) = A(i,j) * B(j,k)', { A: format });
  const dense = Float32Array.from({ length: 6 * 9 }, (_, k) => (k % 7 === 0 ? k : 0));
  const A = SparseTensor.fromDense(dense, [6, 9], format);
  const B = { data: Float32Array.from({ length: 9 * 2 }, (_, k) => k), shape: [9, 2] };

  it('shapes: the output and the operands are read in dimension form', () => {
    expect(spmm.plan.output.indices.length).toBe(3);
    expect(outputShapeOf(spmm, { A, B })).toEqual([6, 2]);
    expect(outputShapeOfShapes(spmm, { A: [6, 9], B: [9, 2] })).toEqual([6, 2]);
    const extents = indexExtentsOfShapes(spmm, { A: [6, 9], B: [9, 2] });
    expect([...extents.values()].sort((a, b) => a - b)).toEqual([2, 2, 3, 3, 3]);
  });

  it('a += kernel updates the output array the caller passes (same data, split shape)', () => {
    const update = sparsify('C(i,k) += A(i,j) * B(j,k)', { A: format });
    const run = compile(update.module, update.functionName, { engine: 'js' });
    const start = Float32Array.from({ length: 12 }, (_, k) => k);
    const out = runKernel(update, run, { A, B }, start);
    expect(out).toBe(start);
    const want = product(dense, B.data, 6, 9, 2).map((v, k) => v + k);
    expect(Array.from(out as Float32Array)).toEqual(want);
  });

  it('operands in the wrong form are typed errors naming them; nothing is mutated', () => {
    const run = compile(spmm.module, spmm.functionName, { engine: 'js' });
    const before = Array.from(A.values, Number);
    const csr = A.convert('CSR');
    expect(thrownBy(() => runKernel(spmm, run, { A: csr, B }))).toMatchObject({
      name: 'SparsifyError',
      argument: 'operands.A',
    });
    expect(thrownBy(() => runKernel(spmm, run, { A: B, B }))).toMatchObject({
      argument: 'operands.A',
    });
    // 8 rows of B do not match A's 9 columns; 10 rows are no multiple of the block size.
    const short = { data: new Float32Array(16), shape: [8, 2] };
    expect(thrownBy(() => runKernel(spmm, run, { A, B: short }))).toMatchObject({
      argument: 'operands.B',
    });
    expect(thrownBy(() => outputShapeOfShapes(spmm, { A: [6, 9], B: [10, 2] }))).toMatchObject({
      argument: 'operands.B',
    });
    expect(
      thrownBy(() => runKernel(spmm, run, { A, B: { data: B.data, shape: [18] } })),
    ).toMatchObject({
      argument: 'operands.B',
    });
    expect(Array.from(A.values, Number)).toEqual(before);
  });
});

describe('the error contract of a kernel with a block operand', () => {
  it('junk in any operand or shape is a typed error naming it, never a TypeError (seeded)', () => {
    class CallerTrap extends Error {}
    const trap = () => {
      throw new CallerTrap('trap');
    };
    const format = blockSparseFormat([2, 2]);
    const kernel = sparsify('C(i,k) = A(i,j) * B(j,k)', { A: format });
    const run = compile(kernel.module, kernel.functionName, { engine: 'js' });
    const A = SparseTensor.fromDense(new Float32Array(16).fill(1), [4, 4], format);
    const B = { data: new Float32Array(8), shape: [4, 2] };
    const next = seededRandom(4120);
    const junk: unknown[] = [
      null,
      undefined,
      1.5,
      'junk',
      {},
      [],
      { data: 'x', shape: [4, 2] },
      { data: new Float32Array(8), shape: [-1, 2] },
      { data: new Float32Array(8), shape: [4, 2, 1] },
      { format: 'CSR', shape: [4, 4] },
      { format: { levels: 'dense', order: [] }, shape: [4, 4] },
      new Proxy({}, { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap }),
      Object.defineProperty({}, 'shape', { get: trap, enumerable: true }),
      A.convert('CSR'),
      ...Array.from({ length: 20 }, () => ({
        data: new Float32Array(Math.floor(next() * 12)),
        shape: [Math.floor(next() * 6), Math.floor(next() * 3)],
      })),
    ];
    const calls: ((o: Record<string, unknown>) => unknown)[] = [
      (o) => runKernel(kernel, run, o as never),
      (o) => outputShapeOf(kernel, o as never),
      (o) =>
        outputShapeOfShapes(
          kernel,
          Object.fromEntries(
            Object.entries(o).map(([k, v]) => [k, (v as { shape?: unknown })?.shape]),
          ) as never,
        ),
    ];
    for (const value of junk) {
      for (const operands of [
        { A: value, B },
        { A, B: value },
      ]) {
        for (const call of calls) {
          const thrown = thrownBy(() => call(operands));
          if (thrown === undefined || thrown instanceof CallerTrap) continue;
          expect(isTilekitError(thrown), `${String(value)}: ${thrown}`).toBe(true);
          expect(
            (thrown as { argument?: unknown }).argument,
            `${String(value)}: ${thrown}`,
          ).toMatch(/^(operands|shapes)\.[AB]$|^operands$/);
        }
      }
    }
  });
});

describe('where a split dimension cannot be read split, a typed error says what works', () => {
  const bsr = blockSparseFormat([2, 2]);
  const cases: readonly [string, string, Record<string, FormatSpec>, string][] = [
    [
      'a sparse operand indexed by it',
      'C(i,k) = A(i,j) * B(j,k)',
      { A: bsr, B: 'CSR' },
      'formats.B',
    ],
    [
      'a sparse output indexed by it',
      'C(i,k) = A(i,j) * B(j,k)',
      { A: bsr, C: 'CSR' },
      'formats.C',
    ],
    ['an output in a block format', 'C(i,k) = A(i,j) * B(j,k)', { C: bsr }, 'formats.C'],
    [
      'two block sizes for one index',
      'C(i,k) = A(i,j) * B(j,k)',
      { A: bsr, B: blockSparseFormat([3, 3]) },
      'formats.B',
    ],
    [
      'a block operand storing it whole',
      'C(i,k) = A(i,j) * B(j,k)',
      { A: structuredFormat(2, 4), B: structuredFormat(2, 4) },
      'formats.B',
    ],
    ['an affine subscript over it', 'y(i) = A(i,j) * x(j+1)', { A: bsr }, 'expression'],
    ['a window beside it', 'y(i) = A(i,j) * x(j(0,4))', { A: bsr }, 'expression'],
  ];
  it.each(cases)('%s', (_, expr, formats, argument) => {
    const error = thrownBy(() => sparsify(expr, formats));
    expect(error).toBeInstanceOf(SparsifyError);
    expect(error).toMatchObject({ argument });
    expect((error as Error).message).toMatch(/CSR|dense|block size|slice/);
  });

  it('a dense output, a dense operand and an index expression are read split', () => {
    const dense = [1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 0, 5, 0, 0, 6, 0];
    const A = SparseTensor.fromDense(dense, [4, 4], bsr);
    const x = { data: Float32Array.from([1, 2, 3, 4]), shape: [4] };
    const rowSums = (term: (j: number) => number) =>
      [0, 1, 2, 3].map((i) =>
        [0, 1, 2, 3].reduce((s, j) => s + (dense[i * 4 + j] as number) * term(j), 0),
      );
    // The index j's value is its block times 2 plus its offset.
    const indexed = sparsify('y(i) = A(i,j) * (x(j) + j)', { A: bsr });
    const explicit = sparsify('y(i) = sum(j, A(i,j) * x(j))', { A: bsr });
    for (const [kernel, want] of [
      [indexed, rowSums((j) => j + 1 + j)],
      [explicit, rowSums((j) => j + 1)],
    ] as const) {
      const run = compile(kernel.module, kernel.functionName, { engine: 'interpreter' });
      expect(Array.from(runKernel(kernel, run, { A, x }) as Float32Array)).toEqual(want);
    }
  });
});
