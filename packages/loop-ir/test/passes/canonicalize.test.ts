/**
 * `canonicalize`: the folds MLIR's canonicalizer applies (expected outputs written from MLIR's
 * fold rules), dead-code removal and constant hoisting.
 */
import { describe, expect, it } from 'vitest';
import { canonicalize, parseModule, printModule } from '../../src/index.js';

const run = (text: string) => printModule(canonicalize(parseModule(text)));
const same = (text: string) => printModule(parseModule(text));

describe('canonicalize', () => {
  it('folds arith on constants with wraparound, and affine.apply of constants', () => {
    const input = `func.func @f() -> (i8, index, f32, i1) {
  %a = arith.constant 100 : i8
  %b = arith.constant 50 : i8
  %s = arith.addi %a, %b : i8
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %p = affine.apply affine_map<(d0)[s0] -> (d0 * 4 + s0)>(%c2)[%c3]
  %h = arith.constant 0.5 : f32
  %q = arith.mulf %h, %h : f32
  %t = arith.cmpi slt, %a, %b : i8
  return %s, %p, %q, %t : i8, index, f32, i1
}`;
    // 100 + 50 wraps to -106 in i8; 2 * 4 + 3 = 11; 0.5 * 0.5 = 0.25; 100 < 50 is false.
    const expected = `func.func @f() -> (i8, index, f32, i1) {
  %c-106_i8 = arith.constant -106 : i8
  %c11 = arith.constant 11 : index
  %cst = arith.constant 2.500000e-01 : f32
  %false = arith.constant false
  return %c-106_i8, %c11, %cst, %false : i8, index, f32, i1
}`;
    expect(run(input)).toBe(same(expected));
  });

  it('drops identities and keeps what is not one (x + -0.0 is x, x + 0.0 is not)', () => {
    const input = `func.func @f(%x: index, %y: f32, %v: vector<4xi32>) -> (index, index, f32, f32, vector<4xi32>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = arith.addi %c0, %x : index
  %m = arith.muli %a, %c1 : index
  %nz = arith.constant -0.0 : f32
  %pz = arith.constant 0.0 : f32
  %f = arith.addf %y, %nz : f32
  %g = arith.addf %y, %pz : f32
  %z = arith.constant dense<0> : vector<4xi32>
  %o = arith.ori %v, %z : vector<4xi32>
  %d = arith.subi %m, %m : index
  return %a, %m, %f, %g, %o, %d : index, index, f32, f32, vector<4xi32>, index
}`;
    const expected = `func.func @f(%x: index, %y: f32, %v: vector<4xi32>) -> (index, index, f32, f32, vector<4xi32>, index) {
  %pz = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %g = arith.addf %y, %pz : f32
  return %x, %x, %y, %g, %v, %c0 : index, index, f32, f32, vector<4xi32>, index
}`;
    expect(run(input)).toBe(same(expected));
  });

  it('leaves a division by a constant zero alone', () => {
    const input = `func.func @f() -> i32 {
  %a = arith.constant 7 : i32
  %z = arith.constant 0 : i32
  %q = arith.divsi %a, %z : i32
  return %q : i32
}`;
    expect(run(input)).toBe(same(input));
  });

  it('folds a bitcast round trip and a loop that only yields its iteration argument', () => {
    const input = `func.func @f(%v: vector<4xi64>, %n: index, %init: f32) -> (vector<4xi64>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = arith.bitcast %v : vector<4xi64> to vector<4xf64>
  %b = arith.bitcast %a : vector<4xf64> to vector<4xi64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (f32) {
    scf.yield %acc : f32
  }
  return %b, %r : vector<4xi64>, f32
}`;
    const expected = `func.func @f(%v: vector<4xi64>, %n: index, %init: f32) -> (vector<4xi64>, f32) {
  return %v, %init : vector<4xi64>, f32
}`;
    expect(run(input)).toBe(same(expected));
  });

  it('hoists constants to the function entry and keeps one of each', () => {
    const input = `func.func @f(%a: memref<?xindex>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %c7 = arith.constant 7 : index
    %k = arith.constant 1 : index
    %s = arith.addi %i, %k : index
    %t = arith.muli %s, %c7 : index
    memref.store %t, %a[%i] : memref<?xindex>
  }
  return
}`;
    const expected = `func.func @f(%a: memref<?xindex>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  scf.for %i = %c0 to %n step %c1 {
    %s = arith.addi %i, %c1 : index
    %t = arith.muli %s, %c7 : index
    memref.store %t, %a[%i] : memref<?xindex>
  }
  return
}`;
    expect(run(input)).toBe(same(expected));
  });
});
