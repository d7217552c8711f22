/**
 * Vector semantics against hand-derived lanes, and a vectorized kernel against its scalar
 * form for several vscale values.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  InterpretArgumentError,
  InterpretError,
  interpret,
  OutOfBoundsError,
  parseModule,
} from '../../src/index.js';

const V = parseModule(`
func.func @masked_copy(%a: memref<?xf32>, %b: memref<?xf32>, %i: index, %n: index) -> vector<4xf32> {
  %m = vector.create_mask %n : vector<4xi1>
  %pt = arith.constant dense<[-1.0, -2.0, -3.0, -4.0]> : vector<4xf32>
  %v = vector.maskedload %a[%i], %m, %pt : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.maskedstore %b[%i], %m, %v : memref<?xf32>, vector<4xi1>, vector<4xf32>
  return %v : vector<4xf32>
}
func.func @gather(%a: memref<?xf32>, %idx: vector<4xi32>, %mask: vector<4xi1>, %base: index) -> vector<4xf32> {
  %pt = arith.constant dense<9.0> : vector<4xf32>
  %g = vector.gather %a[%base] [%idx], %mask, %pt : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %g : vector<4xf32>
}
func.func @scatter(%a: memref<?xi16>, %idx: vector<4xindex>, %mask: vector<4xi1>, %v: vector<4xi16>) {
  %c0 = arith.constant 0 : index
  vector.scatter %a[%c0] [%idx], %mask, %v : memref<?xi16>, vector<4xindex>, vector<4xi1>, vector<4xi16>
  return
}
func.func @reductions_i32(%v: vector<4xi32>, %acc: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32) {
  %0 = vector.reduction <add>, %v, %acc : vector<4xi32> into i32
  %1 = vector.reduction <mul>, %v : vector<4xi32> into i32
  %2 = vector.reduction <minsi>, %v : vector<4xi32> into i32
  %3 = vector.reduction <maxui>, %v : vector<4xi32> into i32
  %4 = vector.reduction <and>, %v : vector<4xi32> into i32
  %5 = vector.reduction <or>, %v : vector<4xi32> into i32
  %6 = vector.reduction <xor>, %v : vector<4xi32> into i32
  %7 = vector.reduction <minui>, %v : vector<4xi32> into i32
  return %0, %1, %2, %3, %4, %5, %6, %7 : i32, i32, i32, i32, i32, i32, i32, i32
}
func.func @reductions_f32(%v: vector<4xf32>) -> (f32, f32, f32, f32, f32) {
  %0 = vector.reduction <add>, %v : vector<4xf32> into f32
  %1 = vector.reduction <maximumf>, %v : vector<4xf32> into f32
  %2 = vector.reduction <maxnumf>, %v : vector<4xf32> into f32
  %3 = vector.reduction <minimumf>, %v : vector<4xf32> into f32
  %4 = vector.reduction <mul>, %v : vector<4xf32> into f32
  return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f32
}
func.func @shapes(%x: f32, %n: index, %k: index) -> (vector<[2]xindex>, vector<2x3xf32>, vector<2x3xi1>, vector<4xi1>, vector<[2]xi1>) {
  %s = vector.step : vector<[2]xindex>
  %row = vector.broadcast %x : f32 to vector<3xf32>
  %m = vector.broadcast %row : vector<3xf32> to vector<2x3xf32>
  %cm = vector.create_mask %n, %k : vector<2x3xi1>
  %c = vector.constant_mask [3] : vector<4xi1>
  %all = vector.constant_mask [2] : vector<[2]xi1>
  return %s, %m, %cm, %c, %all : vector<[2]xindex>, vector<2x3xf32>, vector<2x3xi1>, vector<4xi1>, vector<[2]xi1>
}
func.func @insert_extract(%v: vector<2x3xi8>, %x: i8, %i: index) -> (vector<2x3xi8>, i8, vector<3xi8>) {
  %c1 = arith.constant 1 : index
  %0 = vector.insert %x, %v [%c1, 2] : i8 into vector<2x3xi8>
  %1 = vector.extract %0[1, %i] : i8 from vector<2x3xi8>
  %2 = vector.extract %0[0] : vector<3xi8> from vector<2x3xi8>
  return %0, %1, %2 : vector<2x3xi8>, i8, vector<3xi8>
}
func.func @rows(%m: memref<?x?xf64>, %i: index, %j: index) -> vector<2x2xf64> {
  %v = vector.load %m[%i, %j] : memref<?x?xf64>, vector<2x2xf64>
  %c0 = arith.constant 0 : index
  vector.store %v, %m[%c0, %c0] : memref<?x?xf64>, vector<2x2xf64>
  return %v : vector<2x2xf64>
}
`);

describe('masked memory access', () => {
  it('loads and stores only the active lanes', () => {
    const a = Float32Array.from([10, 11, 12, 13, 14, 15]);
    const b = new Float32Array(6).fill(7);
    expect(interpret(V, 'masked_copy', [a, b, 3, 2])).toEqual([[13, 14, -3, -4]]);
    expect(Array.from(b)).toEqual([7, 7, 7, 13, 14, 7]);
  });

  it('masked-off lanes never touch memory, even past the end', () => {
    const a = Float32Array.from([10, 11, 12, 13, 14, 15]);
    // Lanes 3..5 would be out of bounds at i = 4 but are masked off.
    expect(interpret(V, 'masked_copy', [a, new Float32Array(6), 4, 2])).toEqual([[14, 15, -3, -4]]);
  });

  it('an active lane out of bounds is an OutOfBoundsError naming the lane', () => {
    const a = new Float32Array(6);
    let error: unknown;
    try {
      interpret(V, 'masked_copy', [a, a, 4, 3]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(OutOfBoundsError);
    expect(error).toMatchObject({ opName: 'vector.maskedload', indices: [6], shape: [6], lane: 2 });
  });

  it('gather reads base + index per active lane, pass-through elsewhere', () => {
    const a = Float32Array.from([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(interpret(V, 'gather', [a, [3, 0, 100, -1], [true, true, false, true], 2])).toEqual([
      [5, 2, 9, 1],
    ]);
    expect(() =>
      interpret(V, 'gather', [a, [3, 0, 100, -1], [true, true, true, true], 2]),
    ).toThrowError(/vector\.gather: out-of-bounds access at \[102\] .* \(lane 2\)/);
  });

  it('scatter writes active lanes in order (the last duplicate wins)', () => {
    const a = new Int16Array(5);
    interpret(V, 'scatter', [a, [4n, 1n, 4n, 0n], [true, true, true, false], [100, 200, 300, 400]]);
    expect(Array.from(a)).toEqual([0, 200, 0, 0, 300]);
    expect(() =>
      interpret(V, 'scatter', [a, [5n, 0n, 0n, 0n], [true, false, false, false], [1, 1, 1, 1]]),
    ).toThrowError(OutOfBoundsError);
  });

  it('n-D vector loads map onto the trailing memref dimensions', () => {
    const data = Float64Array.from([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(interpret(V, 'rows', [{ data, shape: [3, 3] }, 1, 1])).toEqual([[4, 5, 7, 8]]);
    expect(Array.from(data)).toEqual([4, 5, 2, 7, 8, 5, 6, 7, 8]);
    expect(() => interpret(V, 'rows', [{ data, shape: [3, 3] }, 1, 2])).toThrowError(/at \[1, 3\]/);
  });
});

describe('reductions, masks, broadcasts, positions', () => {
  it('integer reduction kinds', () => {
    // [6, -3, 5, 12]: add with acc 100 = 120; product -1080; minsi -3; maxui picks -3 (0xFFFFFFFD);
    // and = 6 & -3 & 5 & 12 = 4; or = -3 | 6 | 5 | 12 = -1; xor: 6 ^ -3 = -5, ^ 5 = -2, ^ 12 = -14;
    // minui = 5.
    expect(interpret(V, 'reductions_i32', [[6, -3, 5, 12], 100])).toEqual([
      120, -1080, -3, -3, 4, -1, -14, 5,
    ]);
  });

  it('float reduction kinds (NaN-propagating vs NaN-ignoring, sequential rounding)', () => {
    expect(interpret(V, 'reductions_f32', [[1, Number.NaN, 3, -2]]).map(String)).toEqual([
      'NaN',
      'NaN',
      '3',
      'NaN',
      'NaN',
    ]);
    // 2^24 + 1 + 1 + 1 in f32, left to right: each +1 ties back to 2^24.
    expect(interpret(V, 'reductions_f32', [[2 ** 24, 1, 1, 1]])[0]).toBe(2 ** 24);
    expect(interpret(V, 'reductions_f32', [[-0, -0, -0, -0]]).map((x) => Object.is(x, -0))).toEqual(
      [true, true, true, true, false],
    );
  });

  it('step, broadcast and masks with vscale', () => {
    const [step, m, cm, c, all] = interpret(V, 'shapes', [1.5, 1, 2], { vscale: 3 });
    expect(step).toEqual([0n, 1n, 2n, 3n, 4n, 5n]);
    expect(m).toEqual([1.5, 1.5, 1.5, 1.5, 1.5, 1.5]);
    expect(cm).toEqual([true, true, false, false, false, false]);
    expect(c).toEqual([true, true, true, false]);
    expect(all).toEqual([true, true, true, true, true, true]);
  });

  it('insert/extract with static and dynamic positions', () => {
    const v = [1, 2, 3, 4, 5, 6];
    expect(interpret(V, 'insert_extract', [v, -7, 2])).toEqual([
      [1, 2, 3, 4, 5, -7],
      -7,
      [1, 2, 3],
    ]);
    expect(() => interpret(V, 'insert_extract', [v, -7, 3])).toThrowError(InterpretError);
  });

  it('rejects arguments that do not fit the signature', () => {
    expect(() =>
      interpret(V, 'gather', [new Float64Array(8), [0, 0, 0, 0], [true, true, true, true], 0]),
    ).toThrowError(InterpretArgumentError);
    expect(() =>
      interpret(V, 'gather', [new Float32Array(8), [0, 0, 0], [true, true, true, true], 0]),
    ).toThrowError(/expected an array of 4 lanes/);
    expect(() => interpret(V, 'reductions_i32', [[1, 2, 3, 4], 2 ** 40])).toThrowError(
      /does not fit in 32 bits/,
    );
    expect(() =>
      interpret(V, 'masked_copy', [new Float32Array(1), new Float32Array(1), 0, 1], { vscale: 0 }),
    ).toThrowError(/vscale/);
  });
});

/** The seed's vectorized reduction (vl = 4, VLA) and its scalar form. */
const KERNELS = parseModule(`
#map = affine_map<(d0, d1)[s0] -> (s0, d0 - d1)>
func.func @sum_scalar(%a: memref<?xf32>, %lo: index, %hi: index) -> f32 {
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %lo to %hi step %c1 iter_args(%acc = %z) -> (f32) {
    %x = memref.load %a[%i] : memref<?xf32>
    %s = arith.addf %acc, %x : f32
    scf.yield %s : f32
  }
  return %r : f32
}
func.func @sum_vector(%a: memref<?xf32>, %lo: index, %hi: index) -> f32 {
  %c4 = arith.constant 4 : index
  %vscale = vector.vscale
  %step = arith.muli %vscale, %c4 : index
  %z = arith.constant 0.0 : f32
  %vz = arith.constant dense<0.0> : vector<[4]xf32>
  %vinit = vector.insert %z, %vz [0] : f32 into vector<[4]xf32>
  %r = scf.for %i = %lo to %hi step %step iter_args(%vin = %vinit) -> (vector<[4]xf32>) {
    %end = affine.min #map(%hi, %i)[%step]
    %mask = vector.create_mask %end : vector<[4]xi1>
    %x = vector.maskedload %a[%i], %mask, %vz : memref<?xf32>, vector<[4]xi1>, vector<[4]xf32> into vector<[4]xf32>
    %s = arith.addf %vin, %x : vector<[4]xf32>
    %vout = arith.select %mask, %s, %vin : vector<[4]xi1>, vector<[4]xf32>
    scf.yield %vout : vector<[4]xf32>
  }
  %red = vector.reduction <add>, %r : vector<[4]xf32> into f32
  return %red : f32
}
`);

describe('a vectorized kernel against its scalar form', () => {
  it('computes the same sum of small integers for every vscale and bounds', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 50 }),
        fc.integer({ min: 1, max: 4 }),
        fc.nat(),
        (xs, vscale, loSeed) => {
          const a = Float32Array.from(xs);
          const lo = loSeed % xs.length;
          const scalar = interpret(KERNELS, 'sum_scalar', [a, lo, xs.length]);
          // Integers are exact in f32 here, so the reassociated vector sum must agree exactly.
          expect(interpret(KERNELS, 'sum_vector', [a, lo, xs.length], { vscale })).toEqual(scalar);
          expect(scalar).toEqual([xs.slice(lo).reduce((s, x) => s + x, 0)]);
        },
      ),
      { seed: 42, numRuns: 60 },
    );
  });
});

describe('strided memref views', () => {
  it('reads a matrix column through strides and an offset', () => {
    const col = parseModule(`
func.func @sum(%c: memref<?xf32, strided<[?], offset: ?>>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {
    %x = memref.load %c[%i] : memref<?xf32, strided<[?], offset: ?>>
    %s = arith.addf %acc, %x : f32
    scf.yield %s : f32
  }
  return %r : f32
}`);
    // 3x4 row-major matrix; column 2 is elements 2, 6, 10.
    const data = Float32Array.from({ length: 12 }, (_, i) => i);
    expect(interpret(col, 'sum', [{ data, shape: [3], strides: [4], offset: 2 }, 3])).toEqual([18]);
    expect(() => interpret(col, 'sum', [{ data, shape: [3] }, 3])).toThrowError(
      /dynamic stride 0 needs \{strides\}/,
    );
    // A view reaching past its buffer is refused before anything reads it.
    expect(() =>
      interpret(col, 'sum', [{ data, shape: [4], strides: [4], offset: 2 }, 4]),
    ).toThrowError(/buffer of 12 elements is too small for shape \[4\]/);
  });
});
