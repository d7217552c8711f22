/**
 * Integer division in a masked vector loop: the masked-off lanes load the pass-through zero, so
 * a divisor read from memory is zero there. Random kernels (`divsi`/`divui`, divisors loaded
 * directly, through a gather, or computed from loads; dividends of every kind; trip counts that
 * leave a remainder) must vectorize and compute exactly what the scalar loop computes, never
 * dividing by zero; a divisor that cannot be zero in any lane keeps MLIR's plain division.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { interpret, parseModule } from '@tilekit/loop-ir';
import { describe, expect, it } from 'vitest';
import { vectorize } from '../../src/index.js';
import { opsNamed } from './helpers.js';

/** Divisors: SSA lines that define `%d` from loads, never zero where the scalar loop runs. */
const DIVISORS = [
  '%d = memref.load %b[%i] : memref<?xi32>',
  '%j = memref.load %idx[%i] : memref<?xindex>\n    %d = memref.load %b[%j] : memref<?xi32>',
  '%p = memref.load %a[%i] : memref<?xi32>\n    %q = memref.load %b[%i] : memref<?xi32>\n    %d = arith.muli %p, %q : i32',
  '%q = memref.load %b[%i] : memref<?xi32>\n    %d = math.absi %q : i32',
];
const DIVIDENDS = [
  '%e = memref.load %a[%i] : memref<?xi32>',
  '%e = arith.index_cast %i : index to i32',
  '%e = arith.addi %s, %s : i32',
];

function kernel(divisor: string, dividend: string, op: string): string {
  return `func.func @k(%a: memref<?xi32>, %b: memref<?xi32>, %idx: memref<?xindex>, %x: memref<?xi32>, %s: i32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    ${divisor}
    ${dividend}
    %r = ${op} %e, %d : i32
    memref.store %r, %x[%i] : memref<?xi32>
  } {"Emitted from" = "linalg.generic"}
  return
}`;
}

/** Runs `k` on operands from `seed`: every divisor the scalar loop reads is non-zero. */
function run(module: ReturnType<typeof parseModule>, trip: number, seed: number): number[] {
  const next = seededRandom(seed);
  const nonZero = () => (Math.floor(next() * 200) + 1) * (next() < 0.5 ? -1 : 1);
  const a = Int32Array.from({ length: trip }, nonZero);
  const b = Int32Array.from({ length: trip }, nonZero);
  const idx = BigInt64Array.from({ length: trip }, () => BigInt(Math.floor(next() * trip)));
  const x = new Int32Array(trip);
  interpret(module, 'k', [a, b, idx, x, 17, BigInt(trip)]);
  return [...x];
}

describe('integer division in masked vector loops', () => {
  it('computes what the scalar loop computes on 120 random kernels, never dividing by zero', () => {
    for (let n = 0; n < 120; n++) {
      const random = seededRandom(31_000 + n);
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
      const text = kernel(pick(DIVISORS), pick(DIVIDENDS), pick(['arith.divsi', 'arith.divui']));
      const vl = pick([2, 4, 8]);
      const trip = 1 + Math.floor(random() * 40);
      const scalar = parseModule(text);
      const { module, report } = vectorize(scalar, { vectorLength: vl });
      expect(report.loops[0]?.vectorized, text).toBe(true);
      expect(run(module, trip, n), `${text}\nvl=${vl} trip=${trip}`).toEqual(run(scalar, trip, n));
    }
  });

  it('keeps the plain division where no lane can divide by zero (as mlir-opt emits it)', () => {
    const text = kernel(
      '%q = memref.load %b[%i] : memref<?xi32>\n    %one = arith.constant 1 : i32\n    %d = arith.ori %q, %one : i32',
      '%e = memref.load %a[%i] : memref<?xi32>',
      'arith.divsi',
    );
    const { module } = vectorize(parseModule(text), { vectorLength: 8 });
    expect(opsNamed(module, 'arith.divsi')).toHaveLength(1);
    expect(opsNamed(module, 'arith.select')).toHaveLength(0);
    const guarded = vectorize(
      parseModule(kernel(DIVISORS[0] as string, DIVIDENDS[0] as string, 'arith.divsi')),
      {
        vectorLength: 8,
      },
    ).module;
    expect(opsNamed(guarded, 'arith.select')).toHaveLength(1);
  });
});
