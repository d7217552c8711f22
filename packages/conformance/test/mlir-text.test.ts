/** Summaries of MLIR text: per-loop decisions and the vector-op multiset, on hand-written IR. */
import { describe, expect, it } from 'vitest';
import { summariseModule } from '../src/testing.js';

const VECTORIZED = `#map = affine_map<(d0, d1)[s0] -> (s0, d0 - d1)>
module {
  func.func @red(%arg0: memref<?xf32>, %arg1: f32, %arg2: index) -> f32 {
    %cst = arith.constant dense<1.000000e+00> : vector<8xf32>
    %c8 = arith.constant 8 : index
    %0 = vector.insert %arg1, %cst [0] : f32 into vector<8xf32>
    %1 = scf.for %i = %c0 to %arg2 step %c8 iter_args(%acc = %0) -> (vector<8xf32>) {
      %2 = affine.min #map(%arg2, %i)[%c8]
      %3 = vector.create_mask %2 : vector<8xi1>
      %4 = vector.maskedload %arg0[%i], %3, %cst : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
      %5 = arith.mulf %acc, %4 : vector<8xf32>
      scf.yield %5 : vector<8xf32>
    } {"Emitted from" = "linalg.generic"}
    %6 = vector.reduction <mul>, %1 : vector<8xf32> into f32
    return %6 : f32
  }
}`;

const NESTED = `func.func @nested(%a: memref<?xf32>, %m: index, %n: index) {
  // an outer scalar loop { with braces in a comment }
  scf.for %i = %c0 to %m step %c1 {
    %k = arith.addi %i, %c1 : index
    scf.for %j = %c0 to %n step %c1 {
      %0 = "memref.load"(%a, %j) : (memref<?xf32>, index) -> f32
      memref.store %0, %a[%k] : memref<?xf32>
    } {"Emitted from" = "linalg.generic"}
  }
  return
}`;

describe('summariseModule', () => {
  it('finds a vectorized reduction and counts its ops with kinds and vector types', () => {
    expect(summariseModule(VECTORIZED)).toEqual([
      {
        name: 'red',
        loops: [{ vectorized: true, reduction: true, depth: 0 }],
        vectorOps: {
          'affine.min': 1,
          'arith.mulf vector<8xf32>': 1,
          'vector.create_mask vector<8xi1>': 1,
          'vector.insert vector<8xf32>': 1,
          'vector.maskedload vector<8xf32>,vector<8xi1>': 1,
          'vector.reduction <mul> vector<8xf32>': 1,
        },
      },
    ]);
  });

  it('keeps scalar loops scalar, reports nesting in textual order and ignores comments', () => {
    expect(summariseModule(NESTED)).toEqual([
      {
        name: 'nested',
        loops: [
          { vectorized: false, reduction: false, depth: 0 },
          { vectorized: false, reduction: false, depth: 1 },
        ],
        vectorOps: {},
      },
    ]);
  });

  it('summarises every function of a module', () => {
    expect(summariseModule(`${NESTED}\n${VECTORIZED}`).map((f) => f.name)).toEqual([
      'nested',
      'red',
    ]);
  });
});
