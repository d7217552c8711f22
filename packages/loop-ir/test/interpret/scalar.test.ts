/**
 * Scalar loops and element rules against independent references: plain JS loops with the
 * matching rounding (Math.fround for f32), JS typed-array wraparound for integers, and
 * hand-derived values for rounding corner cases.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  InterpretArgumentError,
  InterpretError,
  interpret,
  OutOfBoundsError,
  parseModule,
} from '../../src/index.js';

const LOOPS = parseModule(`
func.func @dot(%a: memref<?xf32>, %b: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {
    %x = memref.load %a[%i] : memref<?xf32>
    %y = memref.load %b[%i] : memref<?xf32>
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    scf.yield %s : f32
  }
  return %r : f32
}
func.func @scale(%s: f64, %x: memref<?xf64>, %y: memref<?xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<?xf64>
    %p = arith.mulf %s, %v : f64
    memref.store %p, %y[%i] : memref<?xf64>
  } {"Emitted from" = "linalg.generic"}
  return
}
func.func @isum(%a: memref<?xi32>, %n: index) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%s = %z, %p = %one, %x = %z) -> (i32, i32, i32) {
    %v = memref.load %a[%i] : memref<?xi32>
    %s2 = arith.addi %s, %v : i32
    %p2 = arith.muli %p, %v : i32
    %x2 = arith.xori %x, %v : i32
    scf.yield %s2, %p2, %x2 : i32, i32, i32
  }
  return %r#0, %r#1, %r#2 : i32, i32, i32
}
func.func @max2d(%m: memref<?x?xf32>, %rows: index, %cols: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ninf = arith.constant 0xFF800000 : f32
  %r = scf.for %i = %c0 to %rows step %c1 iter_args(%acc = %ninf) -> (f32) {
    %q = scf.for %j = %c0 to %cols step %c1 iter_args(%in = %acc) -> (f32) {
      %v = memref.load %m[%i, %j] : memref<?x?xf32>
      %mx = arith.maximumf %in, %v : f32
      scf.yield %mx : f32
    }
    scf.yield %q : f32
  }
  return %r : f32
}
`);

const f32Array = fc.array(fc.float({ noNaN: true, min: -1e6, max: 1e6 }), { maxLength: 40 });

describe('scalar loops vs JS reference loops', () => {
  it('dot product rounds to f32 after every op', () => {
    fc.assert(
      fc.property(f32Array, f32Array, (xs, ys) => {
        const n = Math.min(xs.length, ys.length);
        const a = Float32Array.from(xs);
        const b = Float32Array.from(ys);
        let ref = 0;
        for (let i = 0; i < n; i++)
          ref = Math.fround(ref + Math.fround((a[i] as number) * (b[i] as number)));
        expect(interpret(LOOPS, 'dot', [a, b, n])).toEqual([ref]);
      }),
      { seed: 42, numRuns: 60 },
    );
  });

  it('scale writes its output memref in place and leaves the input alone', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true }), { maxLength: 30 }),
        fc.double({ noNaN: true }),
        (xs, s) => {
          const x = Float64Array.from(xs);
          const y = new Float64Array(xs.length);
          expect(interpret(LOOPS, 'scale', [s, x, y, xs.length])).toEqual([]);
          expect(Array.from(y)).toEqual(xs.map((v) => s * v));
          expect(Array.from(x)).toEqual(xs);
        },
      ),
      { seed: 42, numRuns: 50 },
    );
  });

  it('i32 sum/product/xor reductions wrap like Int32Array', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { maxLength: 40 }),
        (vs) => {
          let s = 0;
          let p = 1;
          let x = 0;
          for (const v of vs) {
            s = (s + v) | 0;
            p = Math.imul(p, v);
            x ^= v;
          }
          expect(interpret(LOOPS, 'isum', [Int32Array.from(vs), vs.length])).toEqual([s, p, x]);
        },
      ),
      { seed: 42, numRuns: 60 },
    );
  });

  it('nested loops over a 2-D memref', () => {
    const data = Float32Array.from([3, -1, 7.5, 2, 0, -8]);
    expect(interpret(LOOPS, 'max2d', [{ data, shape: [2, 3] }, 2, 3])).toEqual([7.5]);
    expect(interpret(LOOPS, 'max2d', [{ data, shape: [2, 3] }, 0, 3])).toEqual([
      Number.NEGATIVE_INFINITY,
    ]);
  });

  it('out-of-bounds loads are typed errors, never silent reads', () => {
    const a = new Float32Array(4);
    expect(() => interpret(LOOPS, 'dot', [a, a, 5])).toThrowError(OutOfBoundsError);
    expect(() => interpret(LOOPS, 'dot', [a, a, 5])).toThrowError(
      /memref\.load: out-of-bounds access at \[4\] of memref with shape \[4\]/,
    );
    expect(() =>
      interpret(LOOPS, 'max2d', [{ data: new Float32Array(6), shape: [2, 3] }, 2, 4]),
    ).toThrowError(/at \[0, 3\] of memref with shape \[2, 3\]/);
  });
});

/** One function per op and type: `(a, b) -> r`. */
function binaryModule(
  ops: readonly string[],
  types: readonly string[],
): ReturnType<typeof parseModule> {
  const fns = types.flatMap((t) =>
    ops.map(
      (op) =>
        `func.func @${op}_${t}(%a: ${t}, %b: ${t}) -> ${t} {\n  %0 = arith.${op} %a, %b : ${t}\n  return %0 : ${t}\n}`,
    ),
  );
  return parseModule(fns.join('\n'));
}

/** Stores `v` (reduced modulo 2^width) in a one-element typed array and reads it back. */
function throughTypedArray(width: 8 | 16 | 32 | 64, signed: boolean, v: bigint): bigint {
  if (width === 64) {
    const big = signed ? new BigInt64Array(1) : new BigUint64Array(1);
    big[0] = v;
    return big[0] as bigint;
  }
  const arrays = signed
    ? { 8: Int8Array, 16: Int16Array, 32: Int32Array }
    : { 8: Uint8Array, 16: Uint16Array, 32: Uint32Array };
  const small = new arrays[width](1);
  small[0] = Number(BigInt.asUintN(width, v));
  return BigInt(small[0] as number);
}

/** A width's wraparound, as typed arrays of that width store values. */
interface Wrap {
  readonly signedOf: (v: bigint) => bigint;
  readonly unsignedOf: (v: bigint) => bigint;
  readonly w: bigint;
}

/** Reference integer semantics of each op tested, through JS typed arrays (which wrap on store). */
const INT_REFERENCE: Readonly<Record<string, (a: bigint, b: bigint, wrap: Wrap) => bigint>> = {
  addi: (a, b, { signedOf }) => signedOf(a + b),
  subi: (a, b, { signedOf }) => signedOf(a - b),
  muli: (a, b, { signedOf }) => signedOf(a * b),
  divsi: (a, b, { signedOf }) => signedOf(a / b),
  divui: (a, b, { signedOf, unsignedOf }) => signedOf(unsignedOf(a) / unsignedOf(b)),
  remsi: (a, b, { signedOf }) => signedOf(a % b),
  remui: (a, b, { signedOf, unsignedOf }) => signedOf(unsignedOf(a) % unsignedOf(b)),
  shli: (a, b, { signedOf, unsignedOf, w }) =>
    unsignedOf(b) >= w ? 0n : signedOf(a << unsignedOf(b)),
  shrsi: (a, b, { signedOf, unsignedOf, w }) =>
    signedOf(a >> (unsignedOf(b) >= w ? w - 1n : unsignedOf(b))),
  shrui: (a, b, { signedOf, unsignedOf, w }) =>
    unsignedOf(b) >= w ? 0n : signedOf(unsignedOf(a) >> unsignedOf(b)),
  maxui: (a, b, { unsignedOf }) => (unsignedOf(a) >= unsignedOf(b) ? a : b),
  minsi: (a, b) => (a <= b ? a : b),
};

/** The reference value of `op` on `a`, `b` at `width` bits. */
function referenceInt(op: string, width: 8 | 16 | 32 | 64, a: bigint, b: bigint): bigint {
  const reference = INT_REFERENCE[op];
  if (reference === undefined) throw new Error(op);
  return reference(a, b, {
    signedOf: (v) => throughTypedArray(width, true, v),
    unsignedOf: (v) => throughTypedArray(width, false, v),
    w: BigInt(width),
  });
}

const INT_OPS = Object.keys(INT_REFERENCE);
const INT_MODULE = binaryModule(INT_OPS, ['i8', 'i16', 'i32', 'i64']);

describe('integer semantics per width', () => {
  for (const width of [8, 16, 32, 64] as const) {
    const lim = 1n << BigInt(width - 1);
    const arb = fc.bigInt({ min: -lim, max: lim - 1n });
    it.each(INT_OPS)(`%s on i${width} matches typed-array wraparound`, (op) => {
      fc.assert(
        fc.property(arb, arb, (a, b) => {
          const divides = op.startsWith('div') || op.startsWith('rem');
          fc.pre(!divides || (b !== 0n && !(op === 'divsi' && a === -lim && b === -1n)));
          const [got] = interpret(INT_MODULE, `${op}_i${width}`, [a, b]);
          const expected = referenceInt(op, width, a, b);
          expect(typeof got === 'bigint' ? got : BigInt(got as number)).toBe(expected);
        }),
        { seed: 42, numRuns: 40 },
      );
    });
  }

  it('hand-derived wraparound values', () => {
    expect(interpret(INT_MODULE, 'addi_i8', [127, 1])).toEqual([-128]);
    expect(interpret(INT_MODULE, 'muli_i16', [300, 300])).toEqual([24464]); // 90000 - 65536
    expect(interpret(INT_MODULE, 'subi_i32', [-(2 ** 31), 1])).toEqual([2 ** 31 - 1]);
    expect(interpret(INT_MODULE, 'addi_i64', [2n ** 63n - 1n, 1n])).toEqual([-(2n ** 63n)]);
    expect(interpret(INT_MODULE, 'divui_i8', [-1, 2])).toEqual([127]); // 255 / 2
    expect(interpret(INT_MODULE, 'remsi_i32', [-7, 2])).toEqual([-1]);
    expect(interpret(INT_MODULE, 'shrsi_i16', [-32768, 15])).toEqual([-1]);
    expect(interpret(INT_MODULE, 'shrui_i16', [-32768, 15])).toEqual([1]);
  });

  it('division by zero and signed overflow are errors', () => {
    expect(() => interpret(INT_MODULE, 'divsi_i32', [1, 0])).toThrowError(InterpretError);
    expect(() => interpret(INT_MODULE, 'remui_i8', [1, 0])).toThrowError(/division by zero/);
    expect(() => interpret(INT_MODULE, 'divsi_i8', [-128, -1])).toThrowError(
      /signed division overflow/,
    );
  });
});

/** One-op cast functions `@name(%x: from) -> to`: [name, arith op, from, to]. */
const SINGLE_CASTS: readonly (readonly [string, string, string, string])[] = [
  ['i64_to_f32', 'sitofp', 'i64', 'f32'],
  ['u8_to_f16', 'uitofp', 'i8', 'f16'],
  ['f32_to_i8', 'fptosi', 'f32', 'i8'],
  ['f64_to_u16', 'fptoui', 'f64', 'i16'],
  ['trunc', 'trunci', 'i64', 'i16'],
  ['to_f16', 'truncf', 'f64', 'f16'],
  ['to_bf16', 'truncf', 'f64', 'bf16'],
];

const CASTS = parseModule(`
${SINGLE_CASTS.map(
  ([name, op, from, to]) =>
    `func.func @${name}(%x: ${from}) -> ${to} {\n  %0 = arith.${op} %x : ${from} to ${to}\n  return %0 : ${to}\n}`,
).join('\n')}
func.func @ext(%x: i8) -> (i32, i32, index) {
  %0 = arith.extsi %x : i8 to i32
  %1 = arith.extui %x : i8 to i32
  %2 = arith.index_castui %x : i8 to index
  return %0, %1, %2 : i32, i32, index
}
func.func @bits(%x: f32) -> (i32, f32) {
  %0 = arith.bitcast %x : f32 to i32
  %1 = arith.bitcast %0 : i32 to f32
  return %0, %1 : i32, f32
}
func.func @add_f16(%a: f16, %b: f16) -> f16 {
  %0 = arith.addf %a, %b : f16
  return %0 : f16
}
func.func @mul_bf16(%a: bf16, %b: bf16) -> bf16 {
  %0 = arith.mulf %a, %b : bf16
  return %0 : bf16
}
`);

describe('casts', () => {
  it('integer to float rounds the exact integer once (no double rounding)', () => {
    // 2^60 + 2^36 + 1: via f64 it first rounds to 2^60 + 2^36 (a tie for f32, which goes to
    // even, 2^60); rounded directly it is above the tie, so f32 gives 2^60 + 2^37.
    const v = 2n ** 60n + 2n ** 36n + 1n;
    expect(Math.fround(Number(v))).toBe(2 ** 60);
    expect(interpret(CASTS, 'i64_to_f32', [v])).toEqual([2 ** 60 + 2 ** 37]);
    expect(interpret(CASTS, 'i64_to_f32', [-16777217n])).toEqual([-16777216]);
    expect(interpret(CASTS, 'u8_to_f16', [-1])).toEqual([255]);
  });

  it('float to integer truncates toward zero; out of range is poison (an error)', () => {
    expect(interpret(CASTS, 'f32_to_i8', [-3.99])).toEqual([-3]);
    expect(interpret(CASTS, 'f32_to_i8', [127.9])).toEqual([127]);
    expect(interpret(CASTS, 'f64_to_u16', [65535.5])).toEqual([-1]); // 0xFFFF as signless i16
    expect(() => interpret(CASTS, 'f32_to_i8', [128])).toThrowError(InterpretError);
    expect(() => interpret(CASTS, 'f32_to_i8', [Number.NaN])).toThrowError(/poison/);
    expect(() => interpret(CASTS, 'f64_to_u16', [-1])).toThrowError(/poison/);
  });

  it('sign and zero extension, truncation, bitcasts', () => {
    expect(interpret(CASTS, 'ext', [-2])).toEqual([-2, 254, 254n]);
    expect(interpret(CASTS, 'trunc', [0x12345678n])).toEqual([0x5678]);
    expect(interpret(CASTS, 'trunc', [0x18000n])).toEqual([-32768]);
    expect(interpret(CASTS, 'bits', [1])).toEqual([0x3f800000, 1]);
    expect(interpret(CASTS, 'bits', [-0])).toEqual([-(2 ** 31), -0]);
  });
});

describe('f16 and bf16 round to nearest even', () => {
  it.each([
    ['f16', 0.1, 0.0999755859375], // 0x2E66
    ['f16', 65519.99, 65504], // largest finite
    ['f16', 65520, Number.POSITIVE_INFINITY], // halfway to 2^16 rounds to even = overflow
    ['f16', 1 + 2 ** -11, 1], // tie, even mantissa below
    ['f16', 1 + 3 * 2 ** -11, 1 + 2 ** -9], // tie, even mantissa above
    ['f16', 2 ** -25, 0], // half the smallest subnormal: tie to even zero
    ['f16', 3 * 2 ** -26, 2 ** -24], // above the tie
    ['f16', -(2 ** -14) * 1.5, -(2 ** -14) * 1.5], // exact normal
    ['bf16', 0.1, 0.10009765625], // 0x3DCD
    ['bf16', 1 + 2 ** -8, 1],
    ['bf16', 1 + 3 * 2 ** -8, 1 + 2 ** -6],
    ['bf16', 3.4e38, Number.POSITIVE_INFINITY],
    ['bf16', 3.39e38, 3.3895313892515355e38], // largest finite: (2 - 2^-7) * 2^127
    ['bf16', 3.38e38, 3.3762391092936863e38], // below the midpoint to the largest: (2 - 2^-6) * 2^127
  ] as const)('%s(%d) = %d', (format, x, expected) => {
    expect(interpret(CASTS, format === 'f16' ? 'to_f16' : 'to_bf16', [x])).toEqual([expected]);
  });

  it('arithmetic rounds after every op', () => {
    expect(interpret(CASTS, 'add_f16', [2048, 1])).toEqual([2048]); // 2049 ties to even 2048
    expect(interpret(CASTS, 'add_f16', [2048, 3])).toEqual([2052]); // 2051 ties to even 2052
    expect(interpret(CASTS, 'add_f16', [60000, 10000])).toEqual([Number.POSITIVE_INFINITY]);
    expect(interpret(CASTS, 'mul_bf16', [1.5, 1.5])).toEqual([2.25]);
    expect(interpret(CASTS, 'mul_bf16', [1 + 2 ** -7, 1 + 2 ** -7])).toEqual([1 + 2 ** -6]); // 1+2^-6+2^-14
  });
});

describe('scf.while, scf.if and integer-typed loops (fixtures/scf.mlir)', () => {
  const SCF = parseModule(
    readFileSync(join(import.meta.dirname, '..', 'print', 'fixtures', 'scf.mlir'), 'utf8'),
  );

  it('counts Collatz steps (27 takes 111 steps, a well-known value)', () => {
    expect(interpret(SCF, 'collatz', [27n])).toEqual([111n]);
    expect(interpret(SCF, 'collatz', [1n])).toEqual([0n]);
    expect(interpret(SCF, 'collatz', [6n])).toEqual([8n]); // 6 3 10 5 16 8 4 2 1
  });

  it('runs scf.for over i32 bounds with two iter_args', () => {
    expect(interpret(SCF, 'int_bounds', [-3, 4])).toEqual([-3 - 2 - 1 + 0 + 1 + 2 + 3, 1]);
    expect(interpret(SCF, 'int_bounds', [5, 5])).toEqual([0, 1]);
  });

  it('stores only on the taken branch', () => {
    const a = Int32Array.from([9, 9, 9, 9]);
    interpret(SCF, 'guarded_store', [a, true, 4]);
    expect(Array.from(a)).toEqual([4, 9, 9, 9]);
    interpret(SCF, 'guarded_store', [a, false, 5]);
    expect(Array.from(a)).toEqual([5, 9, 9, 9]);
  });

  it('bounds runaway while loops', () => {
    const spin = parseModule(`func.func @spin(%x: i32) -> i32 {
  %t = arith.constant true
  %r = scf.while (%a = %x) : (i32) -> i32 {
    scf.condition(%t) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return %r : i32
}`);
    expect(() => interpret(spin, 'spin', [0], { maxWhileIterations: 100 })).toThrowError(
      /exceeded 100 iterations/,
    );
    expect(() => interpret(spin, 'spin', [0], { maxWhileIterations: 0 })).toThrowError(
      /exceeded 0 iterations/,
    );
  });

  it('counts iterations up to the bound exactly, and takes Infinity for none', () => {
    // collatz(27) runs its loop 111 times.
    expect(interpret(SCF, 'collatz', [27n], { maxWhileIterations: 111 })).toEqual([111n]);
    expect(() => interpret(SCF, 'collatz', [27n], { maxWhileIterations: 110 })).toThrowError(
      /exceeded 110 iterations/,
    );
    expect(
      interpret(SCF, 'collatz', [27n], { maxWhileIterations: Number.POSITIVE_INFINITY }),
    ).toEqual([111n]);
  });

  it('refuses a bound that is not a non-negative integer or Infinity, naming the option', () => {
    for (const bound of [-1, 2.5, Number.NaN, Number.NEGATIVE_INFINITY, 2 ** 60, '9', true]) {
      let error: unknown;
      try {
        interpret(SCF, 'collatz', [27n], { maxWhileIterations: bound as number });
      } catch (e) {
        error = e;
      }
      expect(error, String(bound)).toBeInstanceOf(InterpretArgumentError);
      expect((error as InterpretArgumentError).argument).toBe('options.maxWhileIterations');
    }
  });
});
