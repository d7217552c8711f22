/** Reductions: recognised kinds, their initial vectors, the masked select and the final reduce. */

import { interpret, type Operation } from '@tilekit/loop-ir';
import { describe, expect, it } from 'vitest';
import { loopKernel, opsNamed, resultType, run } from './helpers.js';

function reduction(op: string, type: string, accFirst = true, init = '%init'): string {
  const operands = accFirst ? '%acc, %0' : '%0, %acc';
  return loopKernel(
    `%a: memref<?x${type}>, %init: ${type}, %n: index`,
    `  %cinit = arith.constant ${type.startsWith('f') ? '3.0' : '3'} : ${type}
  %r = LOOP iter_args(%acc = ${init}) -> (${type}) {
    %0 = memref.load %a[%i] : memref<?x${type}>
    %1 = ${op} ${operands} : ${type}
    scf.yield %1 : ${type}
  } {"Emitted from" = "linalg.generic"}
  return %r : ${type}`,
    '%c0 to %n',
    type,
  );
}

/** The op producing the vector loop's initial accumulator. */
function initOf(loop: Operation | undefined, ops: readonly Operation[]): Operation | undefined {
  return ops.find((op) => op.results[0] === loop?.operands[3]);
}

describe('reduction kinds and init vectors (Software Vectorization Handbook ch. 5)', () => {
  it.each([
    ['arith.addf', 'f32', 'add', 'vector.insert', 'dense<0.000000e+00>'],
    ['arith.subf', 'f64', 'add', 'vector.insert', 'dense<0.000000e+00>'],
    ['arith.addi', 'i16', 'add', 'vector.insert', 'dense<0>'],
    ['arith.mulf', 'f32', 'mul', 'vector.insert', 'dense<1.000000e+00>'],
    ['arith.muli', 'i32', 'mul', 'vector.insert', 'dense<1>'],
    ['arith.xori', 'i32', 'xor', 'vector.insert', 'dense<0>'],
    ['arith.andi', 'i16', 'and', 'vector.broadcast', undefined],
    ['arith.ori', 'i32', 'or', 'vector.broadcast', undefined],
  ])('%s on %s is <%s>, starting from %s', (op, type, kind, initOp, identity) => {
    const { module, text, report } = run(reduction(op, type), { vectorLength: 8 });
    expect(report.loops[0]).toMatchObject({ vectorized: true, form: 'reduction', kind });
    const [loop] = opsNamed(module, 'scf.for');
    const init = initOf(loop, opsNamed(module, initOp));
    expect(init?.name).toBe(initOp);
    expect(resultType(init)).toBe(`vector<8x${type}>`);
    if (identity !== undefined) {
      // [r, identity, ...]: the scalar start value in lane 0 of the identity vector.
      expect(text).toContain(`arith.constant ${identity} : vector<8x${type}>`);
      expect(init?.attributes.static_position).toMatchObject({ values: [0n] });
    }
    expect(opsNamed(module, 'arith.select')).toHaveLength(1);
    expect(opsNamed(module, 'vector.reduction')[0]?.attributes.kind).toMatchObject({ value: kind });
  });

  it('accepts the accumulator on either side of commutative ops but only on the left of sub', () => {
    expect(
      run(reduction('arith.addi', 'i32', false), { vectorLength: 4 }).report.loops[0],
    ).toMatchObject({ vectorized: true });
    expect(
      run(reduction('arith.subi', 'i32', false), { vectorLength: 4 }).report.loops[0],
    ).toMatchObject({
      vectorized: false,
      code: 'not-a-reduction',
    });
  });

  it('a constant start value folds the init into a constant (fixed length) but not under VLA', () => {
    const fixed = run(reduction('arith.addi', 'i32', true, '%cinit'), { vectorLength: 4 });
    expect(fixed.text).toContain('arith.constant dense<[3, 0, 0, 0]> : vector<4xi32>');
    expect(opsNamed(fixed.module, 'vector.insert')).toHaveLength(0);
    const vla = run(reduction('arith.addi', 'i32', true, '%cinit'), {
      vectorLength: 4,
      enableVLAVectorization: true,
    });
    expect(opsNamed(vla.module, 'vector.insert')).toHaveLength(1);
    const and = run(reduction('arith.andi', 'i32', true, '%cinit'), {
      vectorLength: 4,
      enableVLAVectorization: true,
    });
    expect(and.text).toContain('arith.constant dense<3> : vector<[4]xi32>');
  });

  it('masked-off lanes keep their partial value: sum of 1..5 from 10 is 25 with vl = 4', () => {
    const { module } = run(reduction('arith.addi', 'i32'), { vectorLength: 4 });
    expect(
      interpret(module, 'k', [Int32Array.from([1, 2, 3, 4, 5, 100, 100, 100]), 10, 5n]),
    ).toEqual([25]);
  });

  it('product of 1..5 from 2 is 240 with vl = 4 (identity 1 in unused lanes)', () => {
    const { module } = run(reduction('arith.muli', 'i32'), { vectorLength: 4 });
    expect(interpret(module, 'k', [Int32Array.from([1, 2, 3, 4, 5, 0, 0, 0]), 2, 5n])).toEqual([
      240,
    ]);
  });
});
