/** Subscript rules: invariant outer, IV innermost, base + iv, and coordinate indirection. */

import { i8, i16, i32, i64, index, printType } from '@tilekit/loop-ir';
import { describe, expect, it } from 'vitest';
import { resolveOptions, widenedIndexElement } from '../../src/index.js';
import { loopKernel, opsNamed, resultType, run } from './helpers.js';

/** The sparsifier's coordinate-to-index chain for each coordinate type. */
function coordinateChain(crdType: string): string {
  const load = `memref.load %crd[%i] : memref<?x${crdType}>`;
  if (crdType === 'index') return `%k = ${load}`;
  if (crdType === 'i64') return `%c = ${load}\n    %k = arith.index_cast %c : i64 to index`;
  return `%c = ${load}\n    %w = arith.extui %c : ${crdType} to i64\n    %k = arith.index_cast %w : i64 to index`;
}

function gatherKernel(crdType: string): string {
  const body = coordinateChain(crdType);
  return loopKernel(
    `%crd: memref<?x${crdType}>, %d: memref<?xf32>, %x: memref<?xf32>, %n: index`,
    `  LOOP {
    ${body}
    %v = memref.load %d[%k] : memref<?xf32>
    memref.store %v, %x[%i] : memref<?xf32>
  } {"Emitted from" = "linalg.generic"}
  return`,
  );
}

describe('gather/scatter index widening', () => {
  it.each([
    ['i8', false, 'vector<8xi32>'],
    ['i16', false, 'vector<8xi32>'],
    ['i16', true, 'vector<8xi32>'],
    ['i32', false, 'vector<8xi64>'],
    ['i32', true, 'vector<8xi32>'],
    ['i64', false, 'vector<8xi64>'],
    ['i64', true, 'vector<8xi64>'],
    ['index', false, 'vector<8xindex>'],
  ])('%s coordinates (simd-index32: %s) index the gather as %s', (crd, simd32, expected) => {
    const { module } = run(gatherKernel(crd), { vectorLength: 8, enableSIMDIndex32: simd32 });
    const [gather] = opsNamed(module, 'vector.gather');
    expect(resultType(gather, 2)).toBe(expected);
  });

  it('the widening rule as a table', () => {
    const off = resolveOptions({ vectorLength: 4 });
    const on = resolveOptions({ vectorLength: 4, enableSIMDIndex32: true });
    const show = (t: ReturnType<typeof widenedIndexElement>) =>
      t === undefined ? 'as is' : printType(t);
    expect([i8, i16, i32, i64, index].map((t) => show(widenedIndexElement(off, t)))).toEqual([
      'i32',
      'i32',
      'i64',
      'as is',
      'as is',
    ]);
    expect([i8, i16, i32, i64, index].map((t) => show(widenedIndexElement(on, t)))).toEqual([
      'i32',
      'i32',
      'as is',
      'as is',
      'as is',
    ]);
  });
});

function offsetKernel(sum: string, base = '%base = arith.muli %r, %n : index'): string {
  return `func.func @k(%a: memref<?xf32>, %x: memref<?xf32>, %r: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  ${base}
  scf.for %i = %c0 to %n step %c1 {
    %j = ${sum} : index
    %0 = memref.load %a[%j] : memref<?xf32>
    memref.store %0, %x[%i] : memref<?xf32>
  } {"Emitted from" = "linalg.generic"}
  return
}`;
}

describe('subscript forms', () => {
  it.each(['arith.addi %base, %i', 'arith.addi %i, %base'])(
    '%s (base defined outside) becomes base + iv',
    (sum) => {
      const { module, report } = run(offsetKernel(sum), { vectorLength: 4 });
      expect(report.loops[0]).toMatchObject({ vectorized: true });
      const add = opsNamed(module, 'arith.addi').find(
        (op) => opsNamed(module, 'vector.maskedload')[0]?.operands[1] === op.results[0],
      );
      expect(add?.operands[0]).toBe(opsNamed(module, 'arith.muli')[0]?.results[0]);
    },
  );

  it('an offset that is a block argument is not an invariant value (MLIR rule)', () => {
    const { report } = run(offsetKernel('arith.addi %r, %i', ''), { vectorLength: 4 });
    expect(report.loops[0]).toMatchObject({ vectorized: false, code: 'unsupported-subscript' });
  });

  it.each([
    ['%a[%c0]', 'an invariant subscript in the innermost dimension'],
    ['%a[%r]', 'outer block argument'],
  ])('innermost %s is rejected', (access, reason) => {
    const text = offsetKernel('arith.addi %base, %i').replace(
      'memref.load %a[%j]',
      `memref.load ${access}`,
    );
    const { report } = run(text, { vectorLength: 4 });
    expect(report.loops[0]).toMatchObject({ vectorized: false, code: 'unsupported-subscript' });
    expect(report.loops[0]).toHaveProperty('reason', expect.stringContaining(reason));
  });

  it('the induction variable in an outer dimension is rejected (a strided access)', () => {
    const text = loopKernel(
      '%A: memref<?x?xf32>, %x: memref<?xf32>, %n: index',
      `  LOOP {
    %0 = memref.load %A[%i, %c0] : memref<?x?xf32>
    memref.store %0, %x[%i] : memref<?xf32>
  } {"Emitted from" = "linalg.generic"}
  return`,
    );
    expect(run(text, { vectorLength: 4 }).report.loops[0]).toMatchObject({
      vectorized: false,
      code: 'unsupported-subscript',
    });
  });
});
