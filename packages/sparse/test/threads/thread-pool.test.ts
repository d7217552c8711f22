/**
 * The thread pool's kernels equal `runKernel` on the calling thread bit for bit: seeded random
 * matrices (empty ones, a single row, power-law row lengths, fewer rows than threads) in every
 * format the row route accepts, f32, f64 and i32, dense and CSR outputs, the wasm engine
 * (scalar and vectorized) and the js engine. Kernels it cannot split, and operands it does
 * not take, run on the calling thread with runKernel's result or error. Bad options are typed
 * errors; a disposed pool refuses work; a pool left undisposed does not keep Node running.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '@tilekit/conformance/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  blockSparseFormat,
  type FormatSpec,
  type KernelOperand,
  runKernel,
  SparseTensor,
  type ValueArray,
} from '../../src/index.js';
import {
  SparseThreadArgumentError,
  SparseThreadPool,
  SparseThreadPoolError,
  type ThreadedKernel,
} from '../../src/threads/index.js';
import { PoolThreads } from '../../src/threads/pool-threads.js';
import { threadsUnavailableReason } from '../../src/threads/thread-support.js';
import { bytes, expectSameBits } from '../support/same-bits.js';

type ValueType = 'f32' | 'f64' | 'i32';
const DTYPE = { f32: 'float32', f64: 'float64', i32: 'int32' } as const;
const ARRAY = { f32: Float32Array, f64: Float64Array, i32: Int32Array } as const;

/** Row lengths of a matrix: uniform, power-law (a few long rows), or none at all. */
type RowShape = 'uniform' | 'power-law' | 'empty';

/** A random `rows x cols` matrix's coordinates (row-major tuples) and values. */
function randomEntries(
  random: () => number,
  shape: readonly number[],
  rowShape: RowShape,
  valueType: ValueType,
): { tuples: number[][]; values: number[] } {
  const [rows, ...rest] = shape as [number, ...number[]];
  const tuples: number[][] = [];
  const values: number[] = [];
  if (rowShape === 'empty') return { tuples, values };
  const inner = rest.reduce((a, b) => a * b, 1);
  for (let r = 0; r < rows; r++) {
    // Power law: row length ~ inner / rank^1.2 for a random rank, so most rows are short.
    const length =
      rowShape === 'uniform'
        ? Math.floor(random() * Math.min(inner, 6))
        : Math.min(inner, Math.floor(inner / (1 + random() * 60) ** 1.2));
    for (let e = 0; e < length; e++) {
      const flat = Math.floor(random() * inner);
      const tuple = [r];
      let f = flat;
      for (let d = rest.length - 1; d >= 0; d--) {
        tuple.splice(1, 0, f % (rest[d] as number));
        f = Math.floor(f / (rest[d] as number));
      }
      tuples.push(tuple);
      values.push(valueType === 'i32' ? Math.floor(random() * 200) - 100 : random() * 2 - 1);
    }
  }
  return { tuples, values };
}

function randomTensor(
  random: () => number,
  shape: readonly number[],
  format: FormatSpec,
  rowShape: RowShape,
  valueType: ValueType,
): SparseTensor {
  const { tuples, values } = randomEntries(random, shape, rowShape, valueType);
  return SparseTensor.fromCoordinates(tuples, values, shape, format, { dtype: DTYPE[valueType] });
}

function randomDense(random: () => number, length: number, valueType: ValueType): ValueArray {
  const data = new ARRAY[valueType](length);
  for (let k = 0; k < length; k++) {
    data[k] = valueType === 'i32' ? Math.floor(random() * 200) - 100 : random() * 2 - 1;
  }
  return data;
}

/** The same call through the pool and through runKernel on this thread. */
function bothWays(
  kernel: ThreadedKernel,
  operands: Record<string, KernelOperand>,
): { threaded: unknown; alone: unknown } {
  const threaded = kernel.run(operands);
  const alone = runKernel(kernel.kernel, kernel.fn, operands);
  return { threaded, alone };
}

/** One kernel of the route and how to make its operands. */
interface RouteCase {
  readonly name: string;
  readonly expression: string;
  readonly formats: Record<string, FormatSpec>;
  readonly operands: (
    random: () => number,
    rows: number,
    rowShape: RowShape,
    valueType: ValueType,
  ) => Record<string, KernelOperand>;
}

const matrixOperand =
  (format: FormatSpec) =>
  (random: () => number, rows: number, rowShape: RowShape, valueType: ValueType) => {
    const cols = 1 + Math.floor(random() * 40);
    return {
      A: randomTensor(random, [rows, cols], format, rowShape, valueType),
      x: { data: randomDense(random, cols, valueType), shape: [cols] },
    };
  };

/** A rank-3 `A` in `format` (`rows` by up to 8 by up to 8) and an `x` over its last dimension. */
const rank3Operand =
  (format: FormatSpec) =>
  (random: () => number, rows: number, rowShape: RowShape, valueType: ValueType) => {
    const [n, k] = [1 + Math.floor(random() * 8), 1 + Math.floor(random() * 8)];
    return {
      A: randomTensor(random, [rows, n, k], format, rowShape, valueType),
      x: { data: randomDense(random, k, valueType), shape: [k] },
    };
  };

/**
 * Two CSR operands `A` and `B` of the shapes `shapes` draws: `A`'s rows as `rowShape` says (the
 * rows the pool splits), `B`'s uniform.
 */
const csrPair =
  (shapes: (random: () => number, rows: number) => [number[], number[]]) =>
  (random: () => number, rows: number, rowShape: RowShape, valueType: ValueType) => {
    const [a, b] = shapes(random, rows);
    return {
      A: randomTensor(random, a, 'CSR', rowShape, valueType),
      B: randomTensor(random, b, 'CSR', 'uniform', valueType),
    };
  };

/** Every format whose first level is dense rows, with SpMV. */
const SPMV_FORMATS: readonly [string, FormatSpec][] = [
  ['CSR', 'CSR'],
  [
    'CSR, 64-bit positions, 16-bit coordinates',
    { levels: ['dense', 'compressed'], posWidth: 64, crdWidth: 16 },
  ],
  [
    'CSR, 8-bit positions and coordinates',
    { levels: ['dense', 'compressed'], posWidth: 8, crdWidth: 8 },
  ],
  // A lo/hi position pair per row (MLIR's loose_compressed): a block takes its rows' pairs.
  ['dense rows over loose_compressed', ['dense', 'loose_compressed']],
];

const CASES: readonly RouteCase[] = [
  ...SPMV_FORMATS.map(
    ([label, format]): RouteCase => ({
      name: `SpMV, A ${label}`,
      expression: 'y(i) = A(i,j) * x(j)',
      formats: { A: format },
      operands: (random, rows, rowShape, valueType) => {
        // 8-bit positions hold at most 255 entries.
        const shape = label.includes('8-bit') ? 'uniform' : rowShape;
        return matrixOperand(format)(
          random,
          Math.min(rows, label.includes('8-bit') ? 40 : rows),
          shape,
          valueType,
        );
      },
    }),
  ),
  {
    name: 'SpMV, A a dense array (its rows split as views)',
    expression: 'y(i) = A(i,j) * x(j)',
    formats: {},
    operands: (random, rows, _rowShape, valueType) => {
      const cols = 1 + Math.floor(random() * 40);
      return {
        A: { data: randomDense(random, rows * cols, valueType), shape: [rows, cols] },
        x: { data: randomDense(random, cols, valueType), shape: [cols] },
      };
    },
  },
  {
    name: 'SpMM x 5 columns, A CSR',
    expression: 'C(i,k) = A(i,j) * B(j,k)',
    formats: { A: 'CSR' },
    operands: (random, rows, rowShape, valueType) => {
      const inner = 1 + Math.floor(random() * 30);
      return {
        A: randomTensor(random, [rows, inner], 'CSR', rowShape, valueType),
        B: { data: randomDense(random, inner * 5, valueType), shape: [inner, 5] },
      };
    },
  },
  // An operand the split does not cut is read whole, whatever its format (its outer level too).
  ...(['CSR', 'CSC', 'DCSR', 'DCSC'] as const).map(
    (format): RouteCase => ({
      name: `CSR x ${format} -> dense, B read whole`,
      expression: 'C(i,j) = A(i,k) * B(k,j)',
      formats: { A: 'CSR', B: format },
      operands: (random, rows, rowShape, valueType) => {
        const [inner, cols] = [1 + Math.floor(random() * 30), 1 + Math.floor(random() * 30)];
        return {
          A: randomTensor(random, [rows, inner], 'CSR', rowShape, valueType),
          B: randomTensor(random, [inner, cols], format, 'uniform', valueType),
        };
      },
    }),
  ),
  {
    name: 'SpGEMM, CSR x CSR -> CSR',
    expression: 'C(i,j) = A(i,k) * B(k,j)',
    formats: { A: 'CSR', B: 'CSR', C: 'CSR' },
    operands: csrPair((random, rows) => {
      const [inner, cols] = [1 + Math.floor(random() * 30), 1 + Math.floor(random() * 30)];
      return [
        [rows, inner],
        [inner, cols],
      ];
    }),
  },
  {
    name: 'sparse add, both operands split, CSR output',
    expression: 'C(i,j) = A(i,j) + B(i,j)',
    formats: { A: 'CSR', B: 'CSR', C: 'CSR' },
    operands: csrPair((random, rows) => {
      const cols = 1 + Math.floor(random() * 30);
      return [
        [rows, cols],
        [rows, cols],
      ];
    }),
  },
  {
    name: 'rank 3, A dense-compressed-compressed (CSF with dense rows)',
    expression: 'Y(i,j) = A(i,j,k) * x(k)',
    formats: { A: ['dense', 'compressed', 'compressed'] },
    operands: rank3Operand(['dense', 'compressed', 'compressed']),
  },
  {
    name: 'rank 3, A dense-dense-compressed, CSR output',
    expression: 'C(i,j) = A(i,j,k) * x(k)',
    formats: { A: ['dense', 'dense', 'compressed'], C: 'CSR' },
    operands: rank3Operand(['dense', 'dense', 'compressed']),
  },
];

const ENGINES = [
  { label: 'wasm', options: {} },
  {
    label: 'wasm vectorized',
    options: {
      vectorize: { vectorLength: 8, enableSIMDIndex32: true, halfWidthShortReductions: true },
    },
  },
  { label: 'js', options: { engine: 'js' } },
] as const;

let pool: SparseThreadPool;
beforeAll(async () => {
  // Three threads: two workers and the calling thread, so matrices of one or two rows have
  // fewer rows than threads; no least work, so that even these small calls split.
  pool = await SparseThreadPool.create({ threads: 3, minBlockWork: 0 });
}, 120_000);
afterAll(async () => {
  await pool?.dispose();
});

describe('SparseThreadPool kernels equal runKernel bit for bit', () => {
  for (const c of CASES) {
    for (const valueType of ['f32', 'f64', 'i32'] as const) {
      for (const engine of ENGINES) {
        if (engine.label === 'wasm vectorized' && c.name.startsWith('rank 3')) continue;
        it(`${c.name}, ${valueType}, ${engine.label}`, () => {
          const kernel = pool.kernel(c.expression, c.formats, { valueType, ...engine.options });
          expect(kernel.singleThreadReason).toBeUndefined();
          const random = seededRandom(
            c.name.length * 1000 + valueType.length * 7 + engine.label.length,
          );
          const shapes: [number, RowShape][] = [
            [0, 'uniform'],
            [1, 'uniform'],
            [2, 'power-law'],
            [60, 'empty'],
            [97, 'uniform'],
            [300, 'power-law'],
            [1 + Math.floor(random() * 200), 'power-law'],
          ];
          for (const [rows, rowShape] of shapes) {
            const operands = c.operands(random, rows, rowShape, valueType);
            const { threaded, alone } = bothWays(kernel, operands);
            expectSameBits(threaded, alone);
            // Split between as many threads as the rows and the pool allow.
            const rowCount = (threaded as { shape?: number[] }).shape?.[0] ?? rows;
            expect(kernel.lastCallThreads).toBe(rowCount < 2 ? 1 : Math.min(3, rowCount));
          }
        });
      }
    }
  }
});

describe('SpMV through the pool against a plain loop', () => {
  it('equals the row-by-row sum, and a repeated call with new x reads the new x', () => {
    const kernel = pool.kernel('y(i) = A(i,j) * x(j)', { A: 'CSR' }, { valueType: 'f64' });
    const random = seededRandom(20261129);
    const A = randomTensor(random, [500, 300], 'CSR', 'power-law', 'f64');
    const pos = A.positions[1] as Uint32Array;
    const crd = A.coordinates[1] as Uint32Array;
    const vals = A.values as Float64Array;
    for (let round = 0; round < 4; round++) {
      const x = randomDense(random, 300, 'f64') as Float64Array;
      const y = kernel.run({ A, x: { data: x, shape: [300] } }) as Float64Array;
      const want = new Float64Array(500);
      for (let i = 0; i < 500; i++) {
        let sum = 0;
        for (let p = pos[i] as number; p < (pos[i + 1] as number); p++) {
          sum += (vals[p] as number) * (x[crd[p] as number] as number);
        }
        want[i] = sum;
      }
      expect(bytes(y)).toEqual(bytes(want));
      expect(kernel.lastCallThreads).toBe(3);
    }
  });

  it('writes a given output (plain or shared memory), and a += kernel adds to it', () => {
    const set = pool.kernel('y(i) = A(i,j) * x(j)', { A: 'CSR' }, { valueType: 'f64' });
    const add = pool.kernel('y(i) += A(i,j) * x(j)', { A: 'CSR' }, { valueType: 'f64' });
    const random = seededRandom(7);
    const A = randomTensor(random, [80, 50], 'CSR', 'power-law', 'f64');
    const x = { data: randomDense(random, 50, 'f64'), shape: [50] };
    const start = randomDense(random, 80, 'f64') as Float64Array;
    for (const make of [
      (a: Float64Array) => a.slice(),
      (a: Float64Array) => {
        const s = new Float64Array(new SharedArrayBuffer(a.byteLength));
        s.set(a);
        return s;
      },
    ]) {
      for (const kernel of [set, add]) {
        const given = make(start);
        const want = runKernel(kernel.kernel, kernel.fn, { A, x }, start.slice());
        const got = kernel.run({ A, x }, given);
        expect(got).toBe(given);
        expect(bytes(got as Float64Array)).toEqual(bytes(want as Float64Array));
      }
    }
  });
});

describe('dense results', () => {
  it('a fresh result is never an array the workers are handed: unshared, of every size (seeded)', () => {
    // A shared array handed to the workers lives until each worker's garbage collector runs,
    // which an idle worker seldom does: a fresh one per call grew memory by a result per call.
    const watch = vi.spyOn(PoolThreads.prototype, 'arrayId');
    try {
      const random = seededRandom(12);
      for (const [expression, engine, valueType] of [
        ['C(i,k) = A(i,j) * B(j,k)', 'wasm', 'f64'],
        ['C(i,k) += A(i,j) * B(j,k)', 'wasm', 'f32'],
        ['C(i,k) = A(i,j) * B(j,k)', 'js', 'i32'],
        ['C(i,k) += A(i,j) * B(j,k)', 'js', 'f64'],
      ] as const) {
        const kernel = pool.kernel(expression, { A: 'CSR' }, { valueType, engine });
        let handedBefore: number | undefined;
        // 20 KiB to 700 KiB results, around the 256 KiB where large ones once went to fresh
        // shared memory; the same kernel again and again, as a program calls it.
        for (const rows of [40, 700, 40, 1100, 700, 40]) {
          const A = randomTensor(random, [rows, 30], 'CSR', 'power-law', valueType);
          const B = { data: randomDense(random, 30 * 64, valueType), shape: [30, 64] };
          const { threaded, alone } = bothWays(kernel, { A, B });
          expectSameBits(threaded, alone);
          const result = threaded as ValueArray;
          expect(
            result.buffer instanceof SharedArrayBuffer,
            `${expression} ${engine} ${rows}`,
          ).toBe(false);
          const arrays = watch.mock.calls.map(([array]) => array);
          expect(arrays, `${expression} ${engine} ${rows}`).not.toContain(result);
          // Beyond each call's new operand, nothing new reaches the workers.
          const distinct = new Set(arrays).size;
          if (handedBefore !== undefined) expect(distinct).toBeLessThanOrEqual(handedBefore + 1);
          handedBefore = distinct;
        }
        watch.mockClear();
      }
    } finally {
      watch.mockRestore();
    }
  });

  it('a += kernel without an output starts from zeros on every call', () => {
    const add = pool.kernel('y(i) += A(i,j) * x(j)', { A: 'CSR' }, { valueType: 'f64' });
    const random = seededRandom(13);
    const A = randomTensor(random, [90, 40], 'CSR', 'power-law', 'f64');
    for (let round = 0; round < 3; round++) {
      const { threaded, alone } = bothWays(add, {
        A,
        x: { data: randomDense(random, 40, 'f64'), shape: [40] },
      });
      expectSameBits(threaded, alone);
      expect(add.lastCallThreads).toBe(3);
    }
  });
});

describe('calls the row route does not take run on the calling thread', () => {
  it('a kernel whose rows cannot be split says why and equals runKernel', () => {
    const kernel = pool.kernel('y(i) = A(i,j) * x(j)', { A: 'CSC' }, { valueType: 'f64' });
    expect(kernel.singleThreadReason).toMatch(/rows cannot be split: its outermost loop is over j/);
    const random = seededRandom(3);
    const operands = matrixOperand('CSC')(random, 50, 'power-law', 'f64');
    const { threaded, alone } = bothWays(kernel, operands);
    expectSameBits(threaded, alone);
    expect(kernel.lastCallThreads).toBe(1);
  });

  it('a requested loop order that puts the rows inside runs on one thread, equal to runKernel', () => {
    const kernel = pool.kernel(
      'O(i,j) = I(i+k, j+l) * F(k,l)',
      { F: 'CSR' },
      { valueType: 'f64', loopOrder: ['k', 'l', 'i', 'j'] },
    );
    expect(kernel.singleThreadReason).toMatch(
      /its outermost loop is over k, not the output's rows/,
    );
    const random = seededRandom(5);
    const image = Float64Array.from({ length: 30 * 20 }, () => random() * 2 - 1);
    const filter = Float64Array.from({ length: 9 }, () => (random() < 0.5 ? random() : 0));
    const F = SparseTensor.fromDense(filter, [3, 3], 'CSR', { dtype: 'float64' });
    const { threaded, alone } = bothWays(kernel, { I: { data: image, shape: [30, 20] }, F });
    expectSameBits(threaded, alone);
    expect(kernel.lastCallThreads).toBe(1);
  });

  it('a kernel with a block (BSR) operand runs on one thread, equal to runKernel', () => {
    const format = blockSparseFormat([2, 3]);
    const kernel = pool.kernel('y(i) = A(i,j) * x(j)', { A: format }, { valueType: 'f64' });
    expect(kernel.singleThreadReason).toMatch(/reads a block or structured operand/);
    const data = Float64Array.from({ length: 8 * 9 }, (_, k) => (k % 5 === 0 ? k / 4 : 0));
    const A = SparseTensor.fromDense(data, [8, 9], format, { dtype: 'float64' });
    const x = { data: Float64Array.from({ length: 9 }, (_, j) => j - 4), shape: [9] };
    const { threaded, alone } = bothWays(kernel, { A, x });
    expectSameBits(threaded, alone);
    expect(kernel.lastCallThreads).toBe(1);
  });

  it('a DCSR operand (compressed rows) is refused by the route, with the reason', () => {
    const kernel = pool.kernel('y(i) = A(i,j) * x(j)', { A: 'DCSR' }, { valueType: 'f64' });
    expect(kernel.singleThreadReason).toMatch(/operand A is not stored row by row/);
  });

  it('an output converted after assembly (loose_compressed) runs on one thread, equal to runKernel', () => {
    const kernel = pool.kernel(
      'Y(i,j) = A(i,j) * 2',
      { A: 'CSR', Y: ['dense', 'loose_compressed'] },
      { valueType: 'f64' },
    );
    expect(kernel.singleThreadReason).toMatch(
      /assembled as levels dense, compressed and converted to levels dense, loose_compressed/,
    );
    const A = randomTensor(seededRandom(9), [30, 12], 'CSR', 'uniform', 'f64');
    const { threaded, alone } = bothWays(kernel, { A });
    expectSameBits(threaded, alone);
  });

  it('a windowed output runs on one thread, equal to runKernel and to a plain loop', () => {
    const kernel = pool.kernel('Y(i(1,30,2),j) = A(i,j) * 2', { A: 'CSR' }, { valueType: 'f64' });
    expect(kernel.singleThreadReason).toMatch(
      /rows cannot be split: it writes a window of its output/,
    );
    const A = randomTensor(seededRandom(10), [15, 12], 'CSR', 'uniform', 'f64');
    const Y = { data: new Float64Array(30 * 12).fill(-1), shape: [30, 12] };
    const { threaded, alone } = bothWays(kernel, { A, Y });
    expectSameBits(threaded, alone);
    expect(kernel.lastCallThreads).toBe(1);
    const dense = A.toDense();
    const expected = Array.from(Y.data, (v, k) => {
      const row = Math.floor(k / 12);
      return row % 2 === 1 ? 2 * (dense[((row - 1) / 2) * 12 + (k % 12)] as number) : v;
    });
    expect(Array.from(threaded as Float64Array)).toEqual(expected);
  });

  it('bad operands throw the error runKernel throws', () => {
    const kernel = pool.kernel('y(i) = A(i,j) * x(j)', { A: 'CSR' }, { valueType: 'f64' });
    const A = randomTensor(seededRandom(5), [10, 6], 'CSR', 'uniform', 'f64');
    const bad: Record<string, KernelOperand>[] = [
      { A, x: { data: new Float64Array(5), shape: [5] } },
      { A },
      { A: 4, x: { data: new Float64Array(6), shape: [6] } },
    ];
    for (const operands of bad) {
      let want: unknown;
      try {
        runKernel(kernel.kernel, kernel.fn, operands);
      } catch (e) {
        want = e;
      }
      expect(want).toBeInstanceOf(Error);
      expect(() => kernel.run(operands)).toThrow((want as Error).message);
    }
  });

  it('operands runKernel takes as they are (an extra name, a narrower x) give its result', () => {
    const kernel = pool.kernel('y(i) = A(i,j) * x(j)', { A: 'CSR' }, { valueType: 'f64' });
    const random = seededRandom(6);
    const A = randomTensor(random, [30, 6], 'CSR', 'uniform', 'f64');
    const x32 = randomDense(random, 6, 'f32');
    for (const operands of [
      { A, x: { data: randomDense(random, 6, 'f64'), shape: [6] }, z: 3 },
      { A, x: { data: x32, shape: [6] } },
    ]) {
      const { threaded, alone } = bothWays(kernel, operands);
      expectSameBits(threaded, alone);
    }
  });

  it("an output of another value type, or in the memory of x, gives runKernel's result", () => {
    const random = seededRandom(9);
    for (const valueType of ['f32', 'f64', 'i32'] as const) {
      const kernel = pool.kernel('y(i) = A(i,j) * x(j)', { A: 'CSR' }, { valueType });
      const A = randomTensor(random, [40, 40], 'CSR', 'power-law', valueType);
      const xOf = (data: Float32Array | Float64Array | Int32Array) => {
        data.set(randomDense(random, 40, valueType) as never);
        return data;
      };
      const pooled = () => xOf(pool.array(ARRAY[valueType], 40).data as never);
      const outputs: [string, () => { x: ValueArray; y: ValueArray }][] = [
        ['f64 output', () => ({ x: xOf(new ARRAY[valueType](40)), y: new Float64Array(40) })],
        ['f32 output', () => ({ x: xOf(new ARRAY[valueType](40)), y: new Float32Array(40) })],
        [
          'y is x',
          () => {
            const x = xOf(new ARRAY[valueType](40));
            return { x, y: x };
          },
        ],
        [
          'y is x, a pool array',
          () => {
            const x = pooled();
            return { x, y: x };
          },
        ],
        [
          "y shares x's memory",
          () => {
            const both = new ARRAY[valueType](80);
            return { x: xOf(both.subarray(0, 40)), y: both.subarray(20, 60) };
          },
        ],
      ];
      for (const [label, make] of outputs) {
        const mine = make();
        const theirs = make();
        theirs.x.set(mine.x as never);
        theirs.y.set(mine.y as never);
        let alone: unknown;
        let refused: unknown;
        try {
          alone = runKernel(
            kernel.kernel,
            kernel.fn,
            { A, x: { data: theirs.x, shape: [40] } },
            theirs.y,
          );
        } catch (error) {
          refused = error;
        }
        const call = () => kernel.run({ A, x: { data: mine.x, shape: [40] } }, mine.y);
        if (refused !== undefined) {
          expect(call, `${valueType}, ${label}`).toThrow((refused as Error).message);
          continue;
        }
        expect(call(), `${valueType}, ${label}`).toBe(mine.y);
        expectSameBits(mine.y, alone);
      }
    }
  });

  it('views of x and y are read where they lie exactly where their bytes do not overlap (seeded)', async () => {
    // x and y are views of one array at random offsets (overlapping or not), or of two arrays:
    // pool arrays with the pool memory grown between them (other buffer objects, the same
    // memory), which a wasm kernel reads in place, or SharedArrayBuffers, which the js
    // engine's threads read where they lie. The reference runs on a plain array laid out
    // alike; so do the bytes around the views.
    const random = seededRandom(77);
    const own = await SparseThreadPool.create({ threads: 2, minBlockWork: 0 });
    const spy = vi.spyOn(PoolThreads.prototype, 'runBlocks');
    const grown: { dispose(): void }[] = [];
    let otherBuffers = 0;
    try {
      for (const memory of ['pool', 'shared'] as const) {
        for (const valueType of ['f32', 'f64', 'i32'] as const) {
          const type = ARRAY[valueType];
          const kernel = own.kernel(
            'y(i) += A(i,j) * x(j)',
            { A: 'CSR' },
            { valueType, engine: memory === 'pool' ? 'wasm' : 'js' },
          );
          const allocate = (length: number) =>
            memory === 'pool'
              ? own.array(type, length)
              : {
                  data: new type(
                    new SharedArrayBuffer(
                      length * type.BYTES_PER_ELEMENT,
                    ) as unknown as ArrayBuffer,
                  ),
                  dispose() {},
                };
          for (let round = 0; round < 24; round++) {
            const rows = 2 + Math.floor(random() * 60);
            const cols = 1 + Math.floor(random() * 60);
            const A = randomTensor(random, [rows, cols], 'CSR', 'power-law', valueType);
            const apart = round % 3 === 0;
            const length = apart ? Math.max(rows, cols) : rows + cols + Math.floor(random() * 40);
            const first = allocate(length);
            // Large pool arrays kept to the end grow the memory between the two (its buffer
            // object changes where it grew).
            if (apart && memory === 'pool') grown.push(own.array(Float64Array, 200_000));
            const second = apart ? allocate(length) : first;
            if (memory === 'pool' && second.data.buffer !== first.data.buffer) otherBuffers++;
            const start = randomDense(random, length, valueType);
            first.data.set(start as never);
            const secondStart = randomDense(random, length, valueType);
            if (apart) second.data.set(secondStart as never);
            const xAt = Math.floor(random() * (length - cols + 1));
            const yAt = Math.floor(random() * (length - rows + 1));
            const x = first.data.subarray(xAt, xAt + cols);
            const y = second.data.subarray(yAt, yAt + rows);
            // The same layout in ordinary memory, for runKernel.
            const plainFirst = start.slice();
            const plainSecond = apart ? secondStart.slice() : plainFirst;
            runKernel(
              kernel.kernel,
              kernel.fn,
              { A, x: { data: plainFirst.subarray(xAt, xAt + cols), shape: [cols] } },
              plainSecond.subarray(yAt, yAt + rows) as ValueArray,
            );
            spy.mockClear();
            expect(kernel.run({ A, x: { data: x, shape: [cols] } }, y as ValueArray)).toBe(y);
            expectSameBits(first.data, plainFirst);
            expectSameBits(second.data, plainSecond);
            const overlap = !apart && xAt < yAt + rows && yAt < xAt + cols;
            const label = `${memory}, ${valueType}, round ${round}`;
            expect(spy.mock.calls.length, label).toBe(overlap ? 0 : 1);
            first.dispose();
            second.dispose();
          }
        }
      }
      expect(otherBuffers).toBeGreaterThan(0);
    } finally {
      spy.mockRestore();
      for (const array of grown) array.dispose();
      await own.dispose();
    }
  });

  it('a pool of one thread runs every call as runKernel does', async () => {
    const single = await SparseThreadPool.create({ threads: 1 });
    expect(single.threads).toBe(1);
    expect(single.unavailable).toBeUndefined();
    const kernel = single.kernel('C(i,j) = A(i,k) * B(k,j)', { A: 'CSR', B: 'CSR', C: 'CSR' });
    expect(kernel.singleThreadReason).toBe('the pool has one thread');
    const random = seededRandom(11);
    const operands = CASES.find((c) => c.name.startsWith('SpGEMM'))?.operands(
      random,
      40,
      'power-law',
      'f32',
    );
    const { threaded, alone } = bothWays(kernel, operands as Record<string, KernelOperand>);
    expectSameBits(threaded, alone);
    await single.dispose();
  });
});

describe('where threads are unavailable', () => {
  it('a page that is not cross-origin isolated, or lacks workers or waitAsync, gets the reason', () => {
    expect(threadsUnavailableReason({ crossOriginIsolated: false })).toMatch(
      /not cross-origin isolated/,
    );
    const isolated = { crossOriginIsolated: true, SharedArrayBuffer };
    expect(threadsUnavailableReason(isolated)).toMatch(/no workers/);
    const waitAsync = () => undefined;
    expect(threadsUnavailableReason({ ...isolated, Worker: class {}, Atomics: {} })).toMatch(
      /Atomics.waitAsync is unavailable/,
    );
    expect(
      threadsUnavailableReason({ ...isolated, Worker: class {}, Atomics: { waitAsync } }),
    ).toBeUndefined();
    expect(threadsUnavailableReason({ SharedArrayBuffer, process })).toBeUndefined();
  });
});

describe('typed errors', () => {
  it('bad pool options name the option', async () => {
    for (const threads of [0, -1, 1.5, 65, Number.NaN, '2', null]) {
      const error = await SparseThreadPool.create({ threads } as never).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SparseThreadArgumentError);
      expect(error).toMatchObject({ code: 'sparse-thread-argument', argument: 'options.threads' });
    }
    for (const [options, argument] of [
      [null, 'options'],
      [[2], 'options'],
      [{ workers: 2 }, 'options.workers'],
    ] as const) {
      const error = await SparseThreadPool.create(options as never).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'SparseThreadArgumentError', argument });
    }
  });

  it('a bad engine names options.engine; bad notation throws sparsify’s error', () => {
    expect(() =>
      pool.kernel('y(i) = A(i,j) * x(j)', { A: 'CSR' }, { engine: 'gpu' } as never),
    ).toThrow(
      expect.objectContaining({ name: 'SparseThreadArgumentError', argument: 'options.engine' }),
    );
    expect(() => pool.kernel('y(i) = A(i,j', { A: 'CSR' })).toThrow(
      expect.objectContaining({ name: 'NotationSyntaxError' }),
    );
  });

  it('a pool is made by create only', () => {
    const construct = SparseThreadPool as unknown as new (...args: unknown[]) => unknown;
    expect(() => new construct(Symbol('key'), undefined, undefined)).toThrow(
      expect.objectContaining({
        name: 'SparseThreadPoolError',
        message: expect.stringMatching(/create\(\)/),
      }),
    );
  });

  it('a disposed pool and its kernels refuse work', async () => {
    const short = await SparseThreadPool.create({ threads: 2 });
    const kernel = short.kernel('y(i) = A(i,j) * x(j)', { A: 'CSR' }, { valueType: 'f64' });
    await short.dispose();
    expect(short.disposed).toBe(true);
    await short.dispose();
    const A = randomTensor(seededRandom(1), [4, 4], 'CSR', 'uniform', 'f64');
    expect(() => kernel.run({ A, x: { data: new Float64Array(4), shape: [4] } })).toThrow(
      SparseThreadPoolError,
    );
    expect(() => short.kernel('y(i) = A(i,j) * x(j)', { A: 'CSR' })).toThrow(/disposed/);
  });
});

describe('a pool left undisposed', () => {
  it('does not keep Node running', () => {
    const entry = fileURLToPath(new URL('../../src/threads/index.ts', import.meta.url));
    const code = `
      const { SparseThreadPool } = await import(${JSON.stringify(entry)});
      const pool = await SparseThreadPool.create({ threads: 2 });
      pool.kernel('y(i) = A(i,j) * x(j)', { A: 'CSR' });
      console.log('started', pool.threads);`;
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--conditions=@tilekit/source', '--input-type=module', '-e', code],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(output.trim()).toBe('started 2');
  }, 90_000);
});
