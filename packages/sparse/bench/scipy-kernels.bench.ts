/**
 * Sparse kernels against scipy.sparse (C, one core), measured in the same run by a Python
 * worker (`@tilekit/bench/scipy`): SpMV, SpMM (64 dense columns), sparse add, element-wise
 * multiply, SpGEMM and transpose, each compiled once for the wasm engine (compile time not
 * timed) and called through `runKernel` (binding, the call, the output), beside `A @ x`,
 * `A @ X`, `A + B`, `A.multiply(B)`, `A @ B` and `A.T.tocsr()`. f64, CSR, one seed; 20000²
 * at 0.01 % (40 k entries per operand), 2000² at 5 % (200 k), and a power-law graph: an
 * R-MAT graph on 2^16 vertices from 2^20 edge draws, whose hub rows hold thousands of entries
 * (the second operand of add and multiply is its transpose; of SpGEMM a uniform matrix with
 * two entries per row on average, as the graph's square would hold 10^8 entries). SpMV, SpMM
 * and SpGEMM also run on two threads (`SparseThreadPool` of `@tilekit/sparse/threads`, the
 * rows split between the calling thread and a worker), against the same scipy call, goal:
 * faster than scipy's one core. SpMV and SpMM are also timed with the dense operand and the
 * output in engine arrays (`engineArray` of `@tilekit/loop-engines`: the wasm engine's own
 * memory, nothing copied in or out per call), as a caller making repeated calls holds them,
 * and on two threads with them in pool arrays (`SparseThreadPool.array`: the pool's shared
 * memory, which every thread reads and writes in place).
 * Every case first checks once that tilekit's result equals scipy's.
 * `TILEKIT_SCIPY_CASES=SpMV,SpMM` keeps only the cases whose name contains one of the texts.
 */
import { type BenchCase, defineBenchSuite } from '@tilekit/bench';
import { openScipy } from '@tilekit/bench/scipy';
import { compile, engineArray } from '@tilekit/loop-engines';
import { vectorize } from '@tilekit/sparse-vectorizer';
import {
  type FormatSpec,
  type KernelOperand,
  runKernel,
  type SparseTensor,
  sparsify,
  type ValueArray,
} from '../src/index.js';
import { SparseThreadPool } from '../src/threads/index.js';
import { expectSameAsScipy } from './scipy-agreement.js';
import { scipyMatrix, type Triplets, tilekitMatrix, tripletSource } from './scipy-operands.js';

/** Dense columns of SpMM's right-hand side. */
const K = 64;
/** Relative tolerance where tilekit and scipy sum products in different orders. */
const SUMS = 1e-10;

const opening = await openScipy();
const scipy = opening.worker;
if (opening.reason !== undefined) {
  console.log(`scipy.sparse is unavailable, so only tilekit's side is measured: ${opening.reason}`);
}
const SCIPY = scipy === undefined ? '' : `scipy ${scipy.versions.scipy}`;

/**
 * The vectorizer options of the package README's example, plus the short path that runs a
 * row of at most vl entries as the scalar loop (the full-width results, bit for bit).
 */
const VECTOR = {
  vectorLength: 8,
  enableSIMDIndex32: true,
  halfWidthShortReductions: true,
} as const;

/** A kernel compiled once for the wasm engine; `call(operands)` runs it through runKernel. */
function kernel(expr: string, formats: Record<string, FormatSpec>, vectorized = false) {
  const k = sparsify(expr, formats, { valueType: 'f64' });
  const module = vectorized ? vectorize(k.module, VECTOR).module : k.module;
  const run = compile(module, k.functionName, { engine: 'wasm' });
  return (operands: Record<string, KernelOperand>, output?: ValueArray) =>
    runKernel(k, run, operands, output) as SparseTensor | ValueArray;
}

const CSR3 = { A: 'CSR', B: 'CSR', C: 'CSR' } as const;
const KERNELS = {
  spmv: kernel('y(i) = A(i,j) * x(j)', { A: 'CSR' }, true),
  spmm: kernel('C(i,k) = A(i,j) * B(j,k)', { A: 'CSR' }, true),
  add: kernel('C(i,j) = A(i,j) + B(i,j)', CSR3),
  multiply: kernel('C(i,j) = A(i,j) * B(i,j)', CSR3),
  spgemm: kernel('C(i,j) = A(i,k) * B(k,j)', CSR3),
  transpose: kernel('C(j,i) = A(i,j)', { A: 'CSR', C: 'CSR' }),
};
/**
 * Threads of the pool that runs the threaded rows (the calling thread and one worker): the
 * 2-core machine the goals are set for. Their dense operands are in shared memory, where a
 * user of the pool keeps them (others are copied there on every call).
 */
const POOL_THREADS = 2;
const pool = await SparseThreadPool.create({ threads: POOL_THREADS });
const THREADED = {
  spmv: pool.kernel('y(i) = A(i,j) * x(j)', { A: 'CSR' }, { valueType: 'f64', vectorize: VECTOR }),
  spmm: pool.kernel(
    'C(i,k) = A(i,j) * B(j,k)',
    { A: 'CSR' },
    { valueType: 'f64', vectorize: VECTOR },
  ),
  spgemm: pool.kernel('C(i,j) = A(i,k) * B(k,j)', CSR3, { valueType: 'f64' }),
};
const inSharedMemory = (a: Float64Array) => {
  const copy = new Float64Array(new SharedArrayBuffer(a.byteLength));
  copy.set(a);
  return copy;
};
/** The pool keeps calls under its `minBlockWork` on one thread (its default), as a user's would. */
const THREADS = `SparseThreadPool, ${POOL_THREADS} threads (one for calls under minBlockWork ${pool.minBlockWork}), wasm engine`;

const VECTORIZED = `runKernel, wasm engine, vectorized (vl=${VECTOR.vectorLength}, idx32, short rows scalar)`;
const RESIDENT = `${VECTORIZED}, dense operand and output in engine arrays`;

/**
 * Only the cases whose name contains one of the comma-separated texts of
 * `TILEKIT_SCIPY_CASES` (all when unset): for re-measuring a few rows without the whole suite.
 */
const WANTED = (process.env.TILEKIT_SCIPY_CASES ?? '')
  .split(',')
  .map((text) => text.trim())
  .filter((text) => text !== '');
const wanted = (name: string) => WANTED.length === 0 || WANTED.some((text) => name.includes(text));
const SCALAR = 'runKernel, wasm engine';

/** One data set: A, the second operands, and the dense x and X, on both sides. */
interface DataSet {
  /** Prefix of its names in the scipy worker. */
  readonly name: string;
  readonly label: string;
  readonly a: Triplets;
  /** The second operand of add and multiply. */
  readonly b: Triplets;
  /** The second operand of SpGEMM. */
  readonly p: Triplets;
  readonly rounds?: number;
  /** Whether the label should say how many distinct entries A kept (repeated draws summed). */
  readonly countDistinct?: boolean;
}

const source = tripletSource(2035);
const uniformSet = (name: string, label: string, n: number, nnz: number): DataSet => {
  const b = source.uniform([n, n], nnz);
  return { name, label, a: source.uniform([n, n], nnz), b, p: b };
};
const graph = source.rmat(16, 1 << 20);
const transposed: Triplets = { ...graph, rows: graph.cols, cols: graph.rows };
const DATA_SETS: readonly DataSet[] = [
  uniformSet('S', '20000² at 0.01 % (40 k nnz)', 20000, 40_000),
  uniformSet('M', '2000² at 5 % (200 k nnz)', 2000, 200_000),
  {
    name: 'G',
    label: 'R-MAT graph, 2^16 vertices, 2^20 edge draws',
    a: graph,
    b: transposed,
    p: source.uniform([graph.shape[0], graph.shape[1]], 2 * graph.shape[0]),
    rounds: 7,
    countDistinct: true,
  },
];

/** Work done in the suite's setup, before anything is timed. */
const setups: (() => Promise<void>)[] = [];

function casesFor(set: DataSet): BenchCase[] {
  const n = set.a.shape[0];
  const A = tilekitMatrix(set.a);
  const B = tilekitMatrix(set.b);
  const P = set.p === set.b ? B : tilekitMatrix(set.p);
  const x = source.dense(n);
  const X = source.dense(n * K);
  // The same x and X held in the wasm engine's memory, and outputs there: passed by address,
  // as a caller making repeated calls would keep them (nothing copied in or out per call).
  const xResident = engineArray(Float64Array, n);
  const XResident = engineArray(Float64Array, n * K);
  xResident.data.set(x);
  XResident.data.set(X);
  const yResident = engineArray(Float64Array, n);
  const YResident = engineArray(Float64Array, n * K);
  const { name } = set;
  setups.push(async () => {
    if (scipy === undefined) return;
    await scipyMatrix(scipy, name, set.a);
    await scipyMatrix(scipy, `${name}_b`, set.b);
    await (set.p === set.b
      ? scipy.define(`${name}_p`, `${name}_b`)
      : scipyMatrix(scipy, `${name}_p`, set.p));
    await scipy.load(`${name}_x`, x);
    await scipy.load(`${name}_X`, X);
    await scipy.define(`${name}_X`, `${name}_X.reshape(${n}, ${K})`);
    // The same operands on both sides, before any result is compared.
    expectSameAsScipy(`${set.label}: A`, A, await scipy.fetch(name), SUMS);
    expectSameAsScipy(`${set.label}: B`, B, await scipy.fetch(`${name}_b`), SUMS);
    expectSameAsScipy(`${set.label}: P`, P, await scipy.fetch(`${name}_p`), SUMS);
  });
  const nnzA = A.nnz;
  const xShared = { data: inSharedMemory(x), shape: [n] };
  const XShared = { data: inSharedMemory(X), shape: [n, K] };
  // The same x and X, and outputs, in the pool's own memory (`pool.array`), which every thread
  // reads and writes in place, as a caller making repeated threaded calls would keep them.
  const xPool = pool.array(Float64Array, n);
  const XPool = pool.array(Float64Array, n * K);
  xPool.data.set(x);
  XPool.data.set(X);
  const yPool = pool.array(Float64Array, n);
  const YPool = pool.array(Float64Array, n * K);
  const cases: {
    what: string;
    items: number;
    label: string;
    run: () => SparseTensor | ValueArray;
    expr: string;
    tolerance: number;
    goal?: string;
  }[] = [
    {
      what: 'SpMV A @ x',
      items: nnzA,
      label: VECTORIZED,
      run: () => KERNELS.spmv({ A, x: { data: x, shape: [n] } }),
      expr: `${name} @ ${name}_x`,
      tolerance: SUMS,
    },
    {
      what: `SpMM A @ X (X dense ${n}x${K})`,
      items: nnzA * K,
      label: VECTORIZED,
      run: () => KERNELS.spmm({ A, B: { data: X, shape: [n, K] } }),
      expr: `${name} @ ${name}_X`,
      tolerance: SUMS,
    },
    {
      what: `SpMV A @ x on ${POOL_THREADS} threads`,
      items: nnzA,
      label: `${THREADS}, vectorized`,
      run: () => THREADED.spmv.run({ A, x: xShared }) as ValueArray,
      expr: `${name} @ ${name}_x`,
      tolerance: SUMS,
      goal: 'faster than scipy',
    },
    {
      what: `SpMM A @ X (X dense ${n}x${K}) on ${POOL_THREADS} threads`,
      items: nnzA * K,
      label: `${THREADS}, vectorized`,
      run: () => THREADED.spmm.run({ A, B: XShared }) as ValueArray,
      expr: `${name} @ ${name}_X`,
      tolerance: SUMS,
      goal: 'faster than scipy',
    },
    {
      what: `SpMV A @ x on ${POOL_THREADS} threads, x and y in pool arrays`,
      items: nnzA,
      label: `${THREADS}, vectorized, dense operand and output in pool arrays`,
      run: () =>
        THREADED.spmv.run({ A, x: { data: xPool.data, shape: [n] } }, yPool.data) as ValueArray,
      expr: `${name} @ ${name}_x`,
      tolerance: SUMS,
      goal: 'faster than scipy',
    },
    {
      what: `SpMM A @ X (X dense ${n}x${K}) on ${POOL_THREADS} threads, X and the result in pool arrays`,
      items: nnzA * K,
      label: `${THREADS}, vectorized, dense operand and output in pool arrays`,
      run: () =>
        THREADED.spmm.run({ A, B: { data: XPool.data, shape: [n, K] } }, YPool.data) as ValueArray,
      expr: `${name} @ ${name}_X`,
      tolerance: SUMS,
      goal: 'faster than scipy',
    },
    {
      what: 'SpMV A @ x, x and y in engine arrays',
      items: nnzA,
      label: RESIDENT,
      run: () => KERNELS.spmv({ A, x: { data: xResident.data, shape: [n] } }, yResident.data),
      expr: `${name} @ ${name}_x`,
      tolerance: SUMS,
    },
    {
      what: `SpMM A @ X (X dense ${n}x${K}), X and the result in engine arrays`,
      items: nnzA * K,
      label: RESIDENT,
      run: () => KERNELS.spmm({ A, B: { data: XResident.data, shape: [n, K] } }, YResident.data),
      expr: `${name} @ ${name}_X`,
      tolerance: SUMS,
    },
    {
      what: 'sparse add A + B',
      items: nnzA + B.nnz,
      label: SCALAR,
      run: () => KERNELS.add({ A, B }),
      expr: `${name} + ${name}_b`,
      tolerance: 0,
    },
    {
      what: 'element-wise multiply A .* B',
      items: nnzA + B.nnz,
      label: SCALAR,
      run: () => KERNELS.multiply({ A, B }),
      expr: `${name}.multiply(${name}_b)`,
      tolerance: 0,
    },
    {
      what: 'SpGEMM A @ B (Gustavson)',
      items: nnzA,
      label: SCALAR,
      run: () => KERNELS.spgemm({ A, B: P }),
      expr: `${name} @ ${name}_p`,
      tolerance: SUMS,
    },
    {
      what: `SpGEMM A @ B (Gustavson) on ${POOL_THREADS} threads`,
      items: nnzA,
      label: THREADS,
      run: () => THREADED.spgemm.run({ A, B: P }) as SparseTensor,
      expr: `${name} @ ${name}_p`,
      tolerance: SUMS,
      goal: 'faster than scipy',
    },
    {
      what: 'transpose A^T as CSR',
      items: nnzA,
      label: SCALAR,
      run: () => KERNELS.transpose({ A }),
      expr: `${name}.T.tocsr()`,
      tolerance: 0,
    },
  ];
  const distinct = set.countDistinct ? ` (${Math.round(nnzA / 1000)} k distinct)` : '';
  const nameOf = (what: string) => `${what}, CSR, ${set.label}${distinct}`;
  return cases
    .filter((c) => wanted(nameOf(c.what)))
    .map((c) => {
      const caseName = nameOf(c.what);
      setups.push(async () => {
        if (scipy === undefined) return;
        expectSameAsScipy(caseName, c.run(), await scipy.fetch(c.expr), c.tolerance);
      });
      return {
        name: caseName,
        items: c.items,
        ours: { label: c.label, fn: c.run },
        baselines: scipy === undefined ? [] : [scipy.baseline(`${SCIPY} ${c.expr}`, c.expr)],
        goal: c.goal ?? '<= 1.2x scipy',
        ...(set.rounds === undefined ? {} : { rounds: set.rounds }),
      };
    });
}

export default defineBenchSuite({
  name: `sparse: kernels vs ${SCIPY || 'scipy.sparse (unavailable)'} (f64, CSR, one core)`,
  async setup() {
    for (const setup of setups) await setup();
  },
  async teardown() {
    await scipy?.close();
    await pool.dispose();
  },
  cases: DATA_SETS.flatMap(casesFor),
});
