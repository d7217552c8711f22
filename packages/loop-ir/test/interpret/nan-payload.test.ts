/**
 * `arith.bitcast` keeps every bit of a NaN (f64 and f32), in scalar and vector code, however long the
 * interpreter has run: V8 may canonicalize a NaN's payload when a number-only array changes
 * representation, which optimized code did after ~180 runs of a bitcast round trip (the
 * conformance case cast_int then read 0x7ff8000000000000 back instead of -3).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitsToFloat, floatToBits, interpret, parseModule } from '../../src/index.js';

const ROUND_TRIPS = parseModule(`
func.func @scalar(%a: memref<?xi64>, %x: memref<?xi64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.load %a[%i] : memref<?xi64>
    %1 = arith.bitcast %0 : i64 to f64
    %2 = arith.bitcast %1 : f64 to i64
    memref.store %2, %x[%i] : memref<?xi64>
  }
  return
}
func.func @vector(%a: memref<?xi64>, %x: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %0 = vector.load %a[%c0] : memref<?xi64>, vector<4xi64>
  %1 = arith.bitcast %0 : vector<4xi64> to vector<4xf64>
  %2 = arith.bitcast %1 : vector<4xf64> to vector<4xi64>
  vector.store %2, %x[%c0] : memref<?xi64>, vector<4xi64>
  return
}
`);

// Negative small integers are NaNs with a payload when read as f64 (all exponent bits set).
const NAN_BITS = [-3n, -1n, 0x7ff0000000000001n, -0x8000000000001n];

describe('NaN payloads through arith.bitcast', () => {
  for (const fn of ['scalar', 'vector']) {
    it(`${fn} code returns the input bits on every one of 600 runs`, () => {
      const a = BigInt64Array.from(NAN_BITS);
      const wrong: string[] = [];
      for (let run = 0; run < 600; run++) {
        const x = new BigInt64Array(NAN_BITS.length);
        interpret(ROUND_TRIPS, fn, fn === 'scalar' ? [a, x, NAN_BITS.length] : [a, x]);
        if (x.some((v, k) => v !== NAN_BITS[k])) wrong.push(`run ${run}: ${x.join(', ')}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});

const F32_MOVES = parseModule(`
func.func @copy(%a: memref<?xf32>, %x: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %a[%i] : memref<?xf32>
    memref.store %v, %x[%i] : memref<?xf32>
  }
  return
}
func.func @from_int(%a: memref<?xi32>, %x: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %a[%i] : memref<?xi32>
    %f = arith.bitcast %v : i32 to f32
    memref.store %f, %x[%i] : memref<?xf32>
  }
  return
}
`);

describe('f32 NaNs keep their bits through memref.load/store and arith.bitcast (as in MLIR)', () => {
  it('the reproducers: -1 and the signalling NaN 0x7F800001', () => {
    const x = new Float32Array(2);
    interpret(F32_MOVES, 'from_int', [Int32Array.from([-1, 0x7f800001]), x, 2]);
    expect([...new Uint32Array(x.buffer)]).toEqual([0xffffffff, 0x7f800001]);
    const y = new Float32Array(2);
    interpret(F32_MOVES, 'copy', [x, y, 2]);
    expect([...new Uint32Array(y.buffer)]).toEqual([0xffffffff, 0x7f800001]);
  });

  it('any 32-bit pattern, NaN or not, comes out as it went in', () => {
    const nanBits = fc
      .tuple(fc.boolean(), fc.integer({ min: 1, max: 0x7fffff }))
      .map(([negative, payload]) => ((negative ? 0x80000000 : 0) | 0x7f800000 | payload) >>> 0);
    fc.assert(
      fc.property(
        fc.array(fc.oneof(nanBits, fc.nat({ max: 0xffffffff })), { minLength: 1, maxLength: 20 }),
        (patterns) => {
          const n = patterns.length;
          const viaInt = new Float32Array(n);
          interpret(F32_MOVES, 'from_int', [Int32Array.from(patterns), viaInt, n]);
          const copied = new Float32Array(n);
          interpret(F32_MOVES, 'copy', [viaInt, copied, n]);
          expect([...new Uint32Array(viaInt.buffer)]).toEqual(patterns);
          expect([...new Uint32Array(copied.buffer)]).toEqual(patterns);
          for (const bits of patterns)
            expect(floatToBits(bitsToFloat(BigInt(bits), 'f32'), 'f32')).toBe(BigInt(bits));
        },
      ),
      { seed: 24, numRuns: 200 },
    );
  });
});
