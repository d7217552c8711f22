/**
 * `cse`: MLIR's CSE semantics, on hand-written modules whose expected output follows from
 * those semantics (pure ops merge under dominance, reads merge only within a block with no
 * write between them, unused effect-free ops go, everything else stays).
 */
import { describe, expect, it } from 'vitest';
import { cse, parseModule, printModule } from '../../src/index.js';

const run = (text: string) => printModule(cse(parseModule(text)));
const same = (text: string) => printModule(parseModule(text));

describe('cse', () => {
  it('keeps one of two masked loads of the same coordinates (a scatter through loaded coordinates)', () => {
    const input = `func.func @f(%crd: memref<?xindex>, %x: memref<?xf64>, %y: memref<?xf64>, %i: index, %m: vector<8xi1>) {
  %c0 = arith.constant 0 : index
  %z = arith.constant dense<0> : vector<8xindex>
  %p = arith.constant dense<0.0> : vector<8xf64>
  %a = vector.maskedload %crd[%i], %m, %z : memref<?xindex>, vector<8xi1>, vector<8xindex> into vector<8xindex>
  %b = vector.maskedload %crd[%i], %m, %z : memref<?xindex>, vector<8xi1>, vector<8xindex> into vector<8xindex>
  %g = vector.gather %x[%c0] [%b], %m, %p : memref<?xf64>, vector<8xindex>, vector<8xi1>, vector<8xf64> into vector<8xf64>
  vector.scatter %y[%c0] [%a], %m, %g : memref<?xf64>, vector<8xindex>, vector<8xi1>, vector<8xf64>
  return
}`;
    const expected = `func.func @f(%crd: memref<?xindex>, %x: memref<?xf64>, %y: memref<?xf64>, %i: index, %m: vector<8xi1>) {
  %c0 = arith.constant 0 : index
  %z = arith.constant dense<0> : vector<8xindex>
  %p = arith.constant dense<0.0> : vector<8xf64>
  %a = vector.maskedload %crd[%i], %m, %z : memref<?xindex>, vector<8xi1>, vector<8xindex> into vector<8xindex>
  %g = vector.gather %x[%c0] [%a], %m, %p : memref<?xf64>, vector<8xindex>, vector<8xi1>, vector<8xf64> into vector<8xf64>
  vector.scatter %y[%c0] [%a], %m, %g : memref<?xf64>, vector<8xindex>, vector<8xi1>, vector<8xf64>
  return
}`;
    expect(run(input)).toBe(same(expected));
  });

  it('does not merge two reads with a write between them, whatever memref it writes', () => {
    const input = `func.func @f(%a: memref<?xf32>, %b: memref<?xf32>, %i: index) -> f32 {
  %x = memref.load %a[%i] : memref<?xf32>
  memref.store %x, %b[%i] : memref<?xf32>
  %y = memref.load %a[%i] : memref<?xf32>
  %s = arith.addf %x, %y : f32
  return %s : f32
}`;
    expect(run(input)).toBe(same(input));
  });

  it('merges pure ops into a dominating op of an enclosing block, but not across sibling regions', () => {
    const input = `func.func @f(%a: index, %b: index, %c: i1) -> index {
  %s = arith.addi %a, %b : index
  %r = scf.if %c -> (index) {
    %t = arith.addi %a, %b : index
    %u = arith.muli %t, %t : index
    scf.yield %u : index
  } else {
    %v = arith.muli %a, %a : index
    scf.yield %v : index
  }
  %w = arith.muli %a, %a : index
  %x = arith.addi %r, %w : index
  %y = arith.addi %x, %s : index
  return %y : index
}`;
    // The then-region's addi merges into %s, which dominates it; %w after the if keeps its
    // muli, as the else-region's %v does not dominate it.
    const expected = input.replace(
      '    %t = arith.addi %a, %b : index\n    %u = arith.muli %t, %t : index',
      '    %u = arith.muli %s, %s : index',
    );
    expect(expected).not.toBe(input);
    expect(run(input)).toBe(same(expected));
  });

  it('does not merge a read in a loop body with the same read before the loop', () => {
    const input = `func.func @f(%a: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = memref.load %a[%c0] : memref<?xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (f32) {
    %y = memref.load %a[%c0] : memref<?xf32>
    %s = arith.addf %acc, %y : f32
    scf.yield %s : f32
  }
  return %r : f32
}`;
    expect(run(input)).toBe(same(input));
  });

  it('erases effect-free ops and reads whose results are unused, but keeps writes', () => {
    const input = `func.func @f(%a: memref<?xf32>, %i: index, %v: f32) {
  %x = memref.load %a[%i] : memref<?xf32>
  %d = arith.addf %v, %v : f32
  memref.store %v, %a[%i] : memref<?xf32>
  return
}`;
    const expected = `func.func @f(%a: memref<?xf32>, %i: index, %v: f32) {
  memref.store %v, %a[%i] : memref<?xf32>
  return
}`;
    expect(run(input)).toBe(same(expected));
  });

  it('tells ops apart by attributes and result types', () => {
    const input = `func.func @f(%a: i32, %b: i32) -> (i1, i1) {
  %x = arith.cmpi slt, %a, %b : i32
  %y = arith.cmpi sgt, %a, %b : i32
  return %x, %y : i1, i1
}`;
    expect(run(input)).toBe(same(input));
  });
});
