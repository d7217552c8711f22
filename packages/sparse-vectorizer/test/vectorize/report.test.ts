/** The report: every loop, vectorized or not, with a reason code for each scalar one. */

import { parseModule } from '@tilekit/loop-ir';
import { loadKernel, runChunks } from '@tilekit/test-support';
import { describe, expect, it } from 'vitest';
import { vectorize } from '../../src/index.js';

describe('vectorize report', () => {
  it.each([
    ['scalar_cmp_select', 'unsupported-op', 'arith.select'],
    ['scalar_maximumf', 'unsupported-op', 'arith.maximumf'],
    ['scalar_shift_variant', 'variant-shift', 'arith.shli'],
    ['scalar_shift_arg', 'variant-shift', 'arith.shrui'],
    ['scalar_invariant_subscript', 'unsupported-subscript', 'innermost'],
    ['scalar_no_marker', 'not-sparsifier-loop', 'Emitted from'],
    ['scalar_step_two', 'non-unit-step', 'step'],
    ['scalar_two_results', 'multiple-results', '2 values'],
    ['scalar_yield_only', 'empty-body', 'terminator'],
    ['scalar_red_x_minus_acc', 'not-a-reduction', 'left operand'],
    ['scalar_red_maxnumf', 'not-a-reduction', 'arith.maxnumf'],
    ['fix2_two_stores', 'side-effect-not-feeding', 'memref.store'],
    ['fix3_strided_store', 'non-unit-stride', 'strided<[2]>'],
  ])('%s is left scalar: %s', (name, code, mention) => {
    const { report } = vectorize(loadKernel(name).module, { vectorLength: 8 });
    expect(report.loops).toHaveLength(1);
    expect(report.loops[0]).toMatchObject({
      function: name,
      loop: 0,
      depth: 0,
      vectorized: false,
      code,
    });
    expect(report.loops[0]).toHaveProperty('reason', expect.stringContaining(mention));
  });

  it('names loops by pre-order position and depth, with form and kind when vectorized', () => {
    const { report } = vectorize(loadKernel('spmv_csr_f32').module, { vectorLength: 8 });
    expect(report.loops).toEqual([
      expect.objectContaining({ loop: 0, depth: 0, vectorized: false, code: 'unsupported-type' }),
      {
        function: 'spmv_csr_f32',
        loop: 1,
        depth: 1,
        vectorized: true,
        form: 'reduction',
        kind: 'add',
      },
    ]);
    const parallel = vectorize(loadKernel('dense_2d_add').module, { vectorLength: 4 }).report;
    expect(parallel.loops).toEqual([
      expect.objectContaining({ loop: 0, depth: 0, vectorized: false, code: 'no-final-store' }),
      { function: 'dense_2d_add', loop: 1, depth: 1, vectorized: true, form: 'parallel' },
    ]);
  });
});

it('a loop over i32 is left scalar, where MLIR builds an scf.for that fails to verify', () => {
  const text = `func.func @k(%n: i32, %init: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (i32) : i32 {
    %1 = arith.xori %acc, %i : i32
    scf.yield %1 : i32
  } {"Emitted from" = "linalg.generic"}
  return %r : i32
}`;
  const [mlir] = runChunks([text], ['--sparse-vectorization=vl=4']);
  expect(mlir).toMatchObject({ ok: false, error: expect.stringContaining('have same type') });
  const { report } = vectorize(parseModule(text), { vectorLength: 4 });
  expect(report.loops[0]).toMatchObject({ vectorized: false, code: 'unsupported-type' });
});
