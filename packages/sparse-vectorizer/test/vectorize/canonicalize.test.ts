/**
 * The clean-up after rewriting (MLIR gets it from its greedy driver and the vector
 * canonicalization patterns), checked against `mlir-opt-22 --canonicalize` on the same input.
 */

import { type Module, parseModule } from '@tilekit/loop-ir';
import { runChunks } from '@tilekit/test-support';
import { describe, expect, it } from 'vitest';
import { canonicalize } from '../../src/canonicalize/index.js';
import { asRecord, opCounts } from '../mlir/pipeline.js';

const INPUT = `func.func @f(%m: memref<?xf32>, %i: index, %s: f32) -> vector<4xf32> {
  %true = arith.constant true
  %mask = vector.broadcast %true : i1 to vector<4xi1>
  %z = arith.constant dense<0.000000e+00> : vector<4xf32>
  %v = vector.maskedload %m[%i], %mask, %z : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %c = arith.constant 2.000000e+00 : f32
  %b = vector.broadcast %c : f32 to vector<4xf32>
  %w = arith.mulf %v, %b : vector<4xf32>
  %sel = arith.select %mask, %w, %v : vector<4xi1>, vector<4xf32>
  %ins = vector.insert %c, %z [1] : f32 into vector<4xf32>
  %sum = arith.addf %sel, %ins : vector<4xf32>
  %dead = arith.addf %sum, %sum : vector<4xf32>
  %c0 = arith.constant 0 : index
  %unused = memref.load %m[%c0] : memref<?xf32>
  vector.maskedstore %m[%i], %mask, %sum : memref<?xf32>, vector<4xi1>, vector<4xf32>
  %s2 = vector.broadcast %s : f32 to vector<4xf32>
  %r = arith.addf %sum, %s2 : vector<4xf32>
  return %r : vector<4xf32>
}`;

function counts(module: Module): Record<string, number> {
  return asRecord(opCounts(module));
}

describe('canonicalize', () => {
  it('folds all-true masks, constant broadcasts and inserts, and drops dead code like mlir-opt-22', () => {
    const ours = canonicalize(parseModule(INPUT));
    const [reference] = runChunks([INPUT], ['--canonicalize']);
    if (reference?.ok !== true) throw new Error(`mlir-opt-22 failed: ${reference?.error}`);
    expect(counts(ours)).toEqual(counts(parseModule(reference.text)));
    expect(counts(ours)).toEqual({
      'arith.addf': 2,
      'arith.constant': 2,
      'arith.mulf': 1,
      'func.return': 1,
      'vector.broadcast': 1,
      'vector.load': 1,
      'vector.store': 1,
    });
  });
});
