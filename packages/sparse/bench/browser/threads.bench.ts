/**
 * `SparseThreadPool` in headless Chromium, on a page served cross-origin isolated (the bench's
 * pages are): SpMV and SpMM (64 columns) on two threads, the page's own and a module worker, with
 * the dense operand and the output in pool arrays, against the same compiled wasm kernel on the
 * page's thread alone through `runKernel`, with them in engine arrays (nothing is copied per
 * call on either side). f64, uniform random CSR, one seed. The pool's first calls run every
 * block on the page while its worker loads, so the setup calls until a worker has run a block.
 * Goal: faster than the page's thread alone, at sizes where each thread gets at least the
 * pool's `minBlockWork`.
 */
import { defineBenchSuite } from '@tilekit/bench';
import { engineArray } from '@tilekit/loop-engines';
import { type KernelOperand, runKernel, type SparseTensor } from '../../src/index.js';
import { SparseThreadPool, type ThreadedKernel } from '../../src/threads/index.js';
import { randomOperands } from '../random-operands.js';

const K = 64;
const VECTOR = { vectorLength: 8, enableSIMDIndex32: true, halfWidthShortReductions: true };
const ALONE = "runKernel on the page's thread alone, wasm engine, engine arrays";

const pool = await SparseThreadPool.create({ threads: 2 });
const options = { valueType: 'f64', vectorize: VECTOR } as const;
const spmv = pool.kernel('y(i) = A(i,j) * x(j)', { A: 'CSR' }, options);
const spmm = pool.kernel('C(i,k) = A(i,j) * B(j,k)', { A: 'CSR' }, options);
const THREADS = `SparseThreadPool, 2 threads (the page and a module worker), pool arrays`;

/** A case of `kernel` over `A` with a dense operand of `width` columns (1: a vector). */
function threadedCase(kernel: ThreadedKernel, name: string, A: SparseTensor, width: number) {
  const [rows, cols] = A.shape as [number, number];
  const shapeOf = (n: number) => (width === 1 ? [n] : [n, width]);
  const operandName = width === 1 ? 'x' : 'B';
  const random = randomOperands(7);
  const dense = Float64Array.from(random.vector(cols * width));
  const inPool = pool.array(Float64Array, cols * width);
  inPool.data.set(dense);
  const outPool = pool.array(Float64Array, rows * width);
  const inEngine = engineArray(Float64Array, cols * width);
  inEngine.data.set(dense);
  const outEngine = engineArray(Float64Array, rows * width);
  const threaded = () =>
    kernel.run(
      { A, [operandName]: { data: inPool.data, shape: shapeOf(cols) } } as Record<
        string,
        KernelOperand
      >,
      outPool.data,
    );
  return {
    name,
    items: A.nnz * width,
    ours: { label: THREADS, fn: threaded },
    baselines: [
      {
        label: ALONE,
        fn: () =>
          runKernel(
            kernel.kernel,
            kernel.fn,
            { A, [operandName]: { data: inEngine.data, shape: shapeOf(cols) } },
            outEngine.data,
          ),
      },
    ],
    goal: 'faster than runKernel',
    extra: () => ({ 'worker blocks in the last call': kernel.lastCallWorkerBlocks }),
    /** Calls until the worker has loaded and runs blocks (a few seconds at most). */
    warm: async () => {
      for (let tries = 0; tries < 400 && kernel.lastCallWorkerBlocks === 0; tries++) {
        threaded();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}

const random = randomOperands(2035);
const cases = [
  threadedCase(
    spmv,
    'SpMV A @ x, CSR, 65536² with 1 M entries',
    random.sparseCount([65536, 65536], 1 << 20, 'CSR'),
    1,
  ),
  threadedCase(
    spmm,
    'SpMM A @ X (X 20000 x 64), CSR, 20000² with 40 k entries',
    random.sparseCount([20000, 20000], 40_000, 'CSR'),
    K,
  ),
  threadedCase(
    spmm,
    'SpMM A @ X (X 2000 x 64), CSR, 2000² with 200 k entries',
    random.sparseCount([2000, 2000], 200_000, 'CSR'),
    K,
  ),
];

export default defineBenchSuite({
  name: `sparse kernels on threads in a cross-origin isolated page (headless Chromium; ${pool.threads} threads${pool.unavailable === undefined ? '' : `, unavailable: ${pool.unavailable}`})`,
  cases: cases.map(({ warm: _, ...c }) => c),
  setup: async () => {
    for (const c of cases) await c.warm();
  },
  teardown: () => pool.dispose(),
});
