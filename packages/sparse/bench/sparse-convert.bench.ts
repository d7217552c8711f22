/**
 * `SparseTensor.convert` against mathjs 15: CSR -> CSC of a 2000 x 2000 matrix at 1 % (f64,
 * one fixed seed) beside mathjs' `transpose` of its CSC `SparseMatrix` (the CSC storage of
 * A^T holds exactly the CSR arrays of A, so both do one transposition). Plain JavaScript on
 * typed arrays, so the suite runs again after an ArrayBuffer was detached (as in any process
 * that also runs the wasm engine).
 */
import { defineBenchSuite } from '@tilekit/bench';
import * as math from 'mathjs';
import { mathjsMatrix } from './mathjs-matrix.js';
import { randomOperands } from './random-operands.js';

const N = 2000;
const NNZ = 40000;
const A = randomOperands(2026).sparseCount([N, N], NNZ, 'CSR');
const plain = mathjsMatrix(A);
const typed = mathjsMatrix(A, 'number');
const coo = A.convert('COO');

export default defineBenchSuite({
  name: 'sparse: SparseTensor.convert vs mathjs (f64)',
  alsoAfterDetach: true,
  cases: [
    {
      name: `CSR -> CSC conversion, ${N}x${N} at 1 % (${NNZ} nnz)`,
      items: NNZ,
      ours: { label: "SparseTensor.convert('CSC')", fn: () => A.convert('CSC') },
      baselines: [
        {
          label: 'mathjs 15 SparseMatrix (no datatype) transpose',
          fn: () => math.transpose(plain),
        },
        {
          label: "mathjs 15 SparseMatrix, datatype 'number', transpose",
          fn: () => math.transpose(typed),
        },
      ],
      goal: '>= 5x mathjs no datatype transpose',
    },
    {
      name: `COO -> CSR and CSR -> DCSC, ${N}x${N} at 1 %`,
      items: NNZ,
      ours: { label: "COO.convert('CSR')", fn: () => coo.convert('CSR') },
      baselines: [{ label: "CSR.convert('DCSC')", fn: () => A.convert('DCSC') }],
    },
  ],
});
