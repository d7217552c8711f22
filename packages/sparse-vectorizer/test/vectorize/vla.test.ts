/** Vector-length agnostic code: step vscale * vl, scalable types, vector.step for the IV. */

import { interpret } from '@tilekit/loop-ir';
import { describe, expect, it } from 'vitest';
import { loopKernel, opsNamed, resultType, run } from './helpers.js';

const ivKernel = loopKernel(
  '%x: memref<?xi64>, %n: index',
  `  LOOP {
    %0 = arith.index_cast %i : index to i64
    memref.store %0, %x[%i] : memref<?xi64>
  } {"Emitted from" = "linalg.generic"}
  return`,
);

describe('VLA vectorization', () => {
  it('steps by vector.vscale * vl and uses scalable vectors', () => {
    const { module } = run(ivKernel, { vectorLength: 4, enableVLAVectorization: true });
    const [muli] = opsNamed(module, 'arith.muli');
    const [vscale] = opsNamed(module, 'vector.vscale');
    const [loop] = opsNamed(module, 'scf.for');
    expect(muli?.operands[0]).toBe(vscale?.results[0]);
    expect(loop?.operands[2]).toBe(muli?.results[0]);
    expect(resultType(opsNamed(module, 'vector.create_mask')[0])).toBe('vector<[4]xi1>');
  });

  it('the induction variable is broadcast(i) + vector.step (VLA) or + [0, 1, ..] (fixed)', () => {
    const vla = run(ivKernel, { vectorLength: 4, enableVLAVectorization: true });
    expect(opsNamed(vla.module, 'vector.step').map((op) => resultType(op))).toEqual([
      'vector<[4]xindex>',
    ]);
    const fixed = run(ivKernel, { vectorLength: 4 });
    expect(opsNamed(fixed.module, 'vector.step')).toHaveLength(0);
    expect(fixed.text).toContain('arith.constant dense<[0, 1, 2, 3]> : vector<4xindex>');
  });

  it.each([1, 2, 3])('x(i) = i holds for every vscale (vscale = %i)', (vscale) => {
    const { module } = run(ivKernel, { vectorLength: 4, enableVLAVectorization: true });
    const x = new BigInt64Array(16).fill(-1n);
    interpret(module, 'k', [x, 13n], { vscale });
    expect([...x]).toEqual([...Array.from({ length: 13 }, (_, k) => BigInt(k)), -1n, -1n, -1n]);
  });
});
