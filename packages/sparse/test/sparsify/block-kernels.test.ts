/**
 * Kernels with a block sparse (BSR) operand, run as MLIR runs them after
 * `sparse_tensor.reinterpret_map`: over the operand's levels. `C(i,k) = A(i,j) * B(j,k)` with `A`
 * in BSR of `[r, c]` blocks is `C(ib,ii,k) = A(ib,jb,ii,jj) * B(jb,jj,k)` over
 * `A.toLevelTensor()` (format `[dense, compressed, dense, dense]`), the dense operands the same
 * row-major data read with a split shape: the loops walk block rows, the stored blocks of a block
 * row, then the dense block. Held to a plain dense loop on every host engine, scalar and
 * vectorized (seeded), with what the vectorizer makes of the dense inner block loops.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { vectorize } from '@tilekit/sparse-vectorizer';
import { describe, expect, it } from 'vitest';
import {
  blockSparseFormat,
  runKernel,
  SparseTensor,
  sparsify,
  structuredFormat,
} from '../../src/index.js';
import { matmul, pruned, randomMatrix } from '../support/dense-references.js';
import { compiledEverywhere } from './every-engine.js';

const LEVELS = ['dense', 'compressed', 'dense', 'dense'] as const;

describe('BSR operands in kernels (over their levels)', () => {
  const spmm = sparsify('C(ib,ii,k) = A(ib,jb,ii,jj) * B(jb,jj,k)', { A: [...LEVELS] });
  const spmv = sparsify('y(ib,ii) = A(ib,jb,ii,jj) * x(jb,jj)', { A: [...LEVELS] });
  const runs = { spmm: compiledEverywhere(spmm), spmv: compiledEverywhere(spmv) };

  it('SpMM and SpMV equal a plain dense loop on every engine, scalar and vectorized (seeded)', () => {
    const next = seededRandom(3611);
    for (let trial = 0; trial < 12; trial++) {
      const r = 1 + Math.floor(next() * 3);
      const c = 1 + Math.floor(next() * 4);
      const rows = r * Math.floor(next() * 4);
      const cols = c * Math.floor(next() * 4);
      const p = 1 + Math.floor(next() * 5);
      const dense = randomMatrix(rows, cols, next() * 0.5, next);
      const A = SparseTensor.fromDense(dense, [rows, cols], blockSparseFormat([r, c]));
      const A4 = A.toLevelTensor();
      expect(A4.shape).toEqual([rows / r, cols / c, r, c]);
      const b = randomMatrix(cols, p, 0.8, next);
      const x = randomMatrix(cols, 1, 0.8, next);
      const wantC = matmul(dense, b, rows, cols, p);
      const wantY = matmul(dense, x, rows, cols, 1);
      for (const { label, run } of runs.spmm) {
        const out = runKernel(spmm, run, { A: A4, B: { data: b, shape: [cols / c, c, p] } });
        expect(Array.from(out as Float32Array), `spmm ${label}`).toEqual(Array.from(wantC));
      }
      for (const { label, run } of runs.spmv) {
        const out = runKernel(spmv, run, { A: A4, x: { data: x, shape: [cols / c, c] } });
        expect(Array.from(out as Float32Array), `spmv ${label}`).toEqual(Array.from(wantY));
      }
    }
  });

  it('the vectorizer: SpMM vectorizes its dense column loop, SpMV its block row (a reduction)', () => {
    // SpMM (loops ib, jb, ii, jj, k): the innermost loop walks B's row and C's row, a parallel
    // vector loop. Only the innermost loop of a nest is a candidate.
    const mm = vectorize(spmm.module, { vectorLength: 4 }).report.loops;
    const mmInner = mm.filter((l) => l.depth === 4);
    expect(mmInner.map((l) => l.vectorized)).toEqual([true]);
    expect(mm.filter((l) => l.depth < 4 && l.vectorized)).toEqual([]);
    // SpMV (loops ib, jb, ii, jj): the innermost loop is the block's dense jj reduction; the
    // emitter computes the block row's base position `parent * c` before that loop (as MLIR's
    // sparsifier does), so A's values are read at `base + jj`, a contiguous vector load.
    const mv = vectorize(spmv.module, { vectorLength: 4 }).report.loops;
    const mvInner = mv.filter((l) => l.depth === 3);
    expect(mvInner.map((l) => (l.vectorized ? l.form : l.code))).toEqual(['reduction']);
  });
});

describe('n:m structured operands in kernels (over their levels)', () => {
  it('SpMM and SpMV over [dense, dense, structured[n, m]] equal a plain loop everywhere (seeded)', () => {
    const next = seededRandom(3612);
    for (const [n, m] of [
      [2, 4],
      [1, 2],
      [3, 8],
    ] as const) {
      const levels = ['dense', 'dense', `structured[${n}, ${m}]`] as const;
      const spmm = sparsify('C(i,k) = A(i,jb,jj) * B(jb,jj,k)', { A: [...levels] });
      const spmv = sparsify('y(i) = A(i,jb,jj) * x(jb,jj)', { A: [...levels] });
      const runs = { spmm: compiledEverywhere(spmm), spmv: compiledEverywhere(spmv) };
      for (let trial = 0; trial < 4; trial++) {
        const rows = Math.floor(next() * 6);
        const cols = m * Math.floor(next() * 4);
        const p = 1 + Math.floor(next() * 5);
        const dense = pruned(randomMatrix(rows, cols, next(), next), rows, cols, n, m);
        const A = SparseTensor.fromDense(dense, [rows, cols], structuredFormat(n, m));
        const A3 = A.toLevelTensor();
        expect(A3.shape).toEqual([rows, cols / m, m]);
        const b = randomMatrix(cols, p, 0.8, next);
        const x = randomMatrix(cols, 1, 0.8, next);
        const wantC = Array.from(matmul(dense, b, rows, cols, p));
        const wantY = Array.from(matmul(dense, x, rows, cols, 1));
        for (const { label, run } of runs.spmm) {
          const out = runKernel(spmm, run, { A: A3, B: { data: b, shape: [cols / m, m, p] } });
          expect(Array.from(out as Float32Array), `${n}:${m} spmm ${label}`).toEqual(wantC);
        }
        for (const { label, run } of runs.spmv) {
          const out = runKernel(spmv, run, { A: A3, x: { data: x, shape: [cols / m, m] } });
          expect(Array.from(out as Float32Array), `${n}:${m} spmv ${label}`).toEqual(wantY);
        }
      }
    }
  });

  it('the vectorizer: the group slot loop of SpMV is a vector reduction (a gather of x)', () => {
    const levels = ['dense', 'dense', 'structured[2, 4]'] as const;
    const spmv = sparsify('y(i) = A(i,jb,jj) * x(jb,jj)', { A: [...levels] });
    const mv = vectorize(spmv.module, { vectorLength: 4 }).report.loops;
    expect(mv.filter((l) => l.depth === 2).map((l) => l.vectorized && l.form)).toEqual([
      'reduction',
    ]);
    const spmm = sparsify('C(i,k) = A(i,jb,jj) * B(jb,jj,k)', { A: [...levels] });
    const mm = vectorize(spmm.module, { vectorLength: 4 }).report.loops;
    expect(mm.filter((l) => l.depth === 3).map((l) => l.vectorized && l.form)).toEqual([
      'parallel',
    ]);
  });
});
