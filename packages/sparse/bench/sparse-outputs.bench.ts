/**
 * Sparse kernels with sparse outputs side by side with mathjs 15 — the
 * sparse-matrix library a JavaScript user reaches for (`SparseMatrix`, CSC storage). Ours:
 * the emitted kernels on the wasm engine through `runKernel` (binding, the call, and the
 * output `SparseTensor`), vectorized where the vectorizer rewrites a loop (SpMV). mathjs
 * twice: as `math.sparse(...)` builds it (no datatype, the
 * generic element operations a user gets by default) and with `datatype: 'number'` (its
 * fastest path). Data: 2000 x 2000 at 1 % (40 000 non-zeros), f64, one fixed seed; the
 * element-wise kernels again at 20000 x 20000 with the same 40 000 non-zeros, where their cost
 * must not grow (O(nnz), not O(rows x cols)).
 */
import { defineBenchSuite, runCase } from '@tilekit/bench';
import { compile } from '@tilekit/loop-engines';
import { vectorize } from '@tilekit/sparse-vectorizer';
import * as math from 'mathjs';
import { type FormatSpec, type KernelOperand, runKernel, sparsify } from '../src/index.js';
import { mathjsMatrix } from './mathjs-matrix.js';
import { randomOperands } from './random-operands.js';

const N = 2000;
const WIDE = 20000;
const NNZ = 40000;

const random = randomOperands(2026);
const A = random.sparseCount([N, N], NNZ, 'CSR');
const B = random.sparseCount([N, N], NNZ, 'CSR');
const wideA = random.sparseCount([WIDE, WIDE], NNZ, 'CSR');
const wideB = random.sparseCount([WIDE, WIDE], NNZ, 'CSR');
const x = Float64Array.from(random.vector(N));

const plain = { A: mathjsMatrix(A), B: mathjsMatrix(B) };
const typed = { A: mathjsMatrix(A, 'number'), B: mathjsMatrix(B, 'number') };
const wide = { A: mathjsMatrix(wideA), B: mathjsMatrix(wideB) };
const mathX = math.matrix(Array.from(x));

/** `expr` compiled for the wasm engine (vectorized when asked), called through runKernel. */
function kernel(
  expr: string,
  formats: Record<string, FormatSpec>,
  operands: Record<string, KernelOperand>,
  vectorized = false,
): () => unknown {
  const k = sparsify(expr, formats, { valueType: 'f64' });
  const module = vectorized
    ? vectorize(k.module, { vectorLength: 4, enableSIMDIndex32: true }).module
    : k.module;
  const run = compile(module, k.functionName, { engine: 'wasm' });
  return () => runKernel(k, run, operands);
}

const CSR3 = { A: 'CSR', B: 'CSR', C: 'CSR' } as const;
const spgemm = kernel('C(i,j) = A(i,k) * B(k,j)', CSR3, { A, B });
const add = kernel('C(i,j) = A(i,j) + B(i,j)', CSR3, { A, B });
const mul = kernel('C(i,j) = A(i,j) * B(i,j)', CSR3, { A, B });
const wideAdd = kernel('C(i,j) = A(i,j) + B(i,j)', CSR3, { A: wideA, B: wideB });
const wideMul = kernel('C(i,j) = A(i,j) * B(i,j)', CSR3, { A: wideA, B: wideB });
const spmv = kernel('y(i) = A(i,j) * x(j)', { A: 'CSR' }, { A, x: { data: x, shape: [N] } }, true);

const MATHJS = 'mathjs 15 SparseMatrix (math.sparse default, no datatype)';
const MATHJS_NUMBER = "mathjs 15 SparseMatrix, datatype 'number'";

export default defineBenchSuite({
  name: 'sparse: sparse outputs vs mathjs (f64, wasm engine)',
  cases: [
    {
      name: `SpGEMM CSR x CSR -> CSR, ${N}x${N} at 1 % (${NNZ} nnz each), Gustavson workspace`,
      items: NNZ,
      rounds: 5,
      ours: { label: 'runKernel, wasm engine', fn: spgemm },
      baselines: [
        { label: `${MATHJS} multiply`, fn: () => math.multiply(plain.A, plain.B) },
        { label: `${MATHJS_NUMBER} multiply`, fn: () => math.multiply(typed.A, typed.B) },
      ],
      goal: '>= 10x mathjs default multiply',
    },
    {
      name: `sparse add CSR + CSR -> CSR, ${N}x${N} at 1 %`,
      items: 2 * NNZ,
      ours: { label: 'runKernel, wasm engine', fn: add },
      baselines: [
        { label: `${MATHJS} add`, fn: () => math.add(plain.A, plain.B) },
        { label: `${MATHJS_NUMBER} add`, fn: () => math.add(typed.A, typed.B) },
      ],
      goal: '>= 10x mathjs default add',
    },
    {
      name: `SpMV CSR x dense, ${N}x${N} at 1 %`,
      items: NNZ,
      ours: { label: 'runKernel, wasm engine, vectorized (vl=4, idx32)', fn: spmv },
      baselines: [
        { label: `${MATHJS} multiply`, fn: () => math.multiply(plain.A, mathX) },
        { label: `${MATHJS_NUMBER} multiply`, fn: () => math.multiply(typed.A, mathX) },
      ],
      goal: '>= 20x mathjs default multiply',
    },
    {
      name: `element-wise multiply CSR .* CSR -> CSR, ${N}x${N} at 1 %`,
      items: NNZ,
      ours: { label: 'runKernel, wasm engine', fn: mul },
      baselines: [{ label: `${MATHJS} dotMultiply`, fn: () => math.dotMultiply(plain.A, plain.B) }],
    },
    {
      name: `element-wise multiply CSR .* CSR -> CSR, ${WIDE}x${WIDE}, the same ${NNZ} nnz`,
      items: NNZ,
      ours: { label: 'runKernel, wasm engine', fn: wideMul },
      baselines: [{ label: `${MATHJS} dotMultiply`, fn: () => math.dotMultiply(wide.A, wide.B) }],
      goal: `O(nnz): about the time at ${N}x${N}`,
    },
    {
      name: `sparse add CSR + CSR -> CSR, ${WIDE}x${WIDE}, the same ${NNZ} nnz`,
      items: 2 * NNZ,
      ours: { label: 'runKernel, wasm engine', fn: wideAdd },
      baselines: [{ label: `${MATHJS} add`, fn: () => math.add(wide.A, wide.B) }],
      goal: `O(nnz): about the time at ${N}x${N}`,
      extra: async () => {
        /** Time at 20000^2 / time at 2000^2, both interleaved like the cases. */
        const growth = async (label: string, small: () => unknown, large: () => unknown) => {
          const { ratios } = await runCase({
            name: label,
            ours: { label: `${N}^2`, fn: small },
            baselines: [{ label: `${WIDE}^2`, fn: large }],
          });
          return `${(ratios[0] as number).toFixed(2)}x`;
        };
        return {
          [`multiply ${WIDE}^2 / ${N}^2 time`]: await growth('multiply', mul, wideMul),
          [`add ${WIDE}^2 / ${N}^2 time`]: await growth('add', add, wideAdd),
        };
      },
    },
  ],
});
