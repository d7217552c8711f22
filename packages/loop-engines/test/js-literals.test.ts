/**
 * Constants in generated JavaScript: the js engine substitutes literals into expressions, so
 * a negative literal must not pair up with a sign (`--2` is a decrement, `-Infinity` after a
 * sign an assignment to `Infinity`), and non-finite values and NaN payloads must survive.
 * Random constants of every kind go through sign-sensitive ops on every engine; the js and
 * wasm results must be the interpreter's, bit for bit.
 */

import { parseModule } from '@tilekit/loop-ir';
import { snapshot } from '@tilekit/test-support';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, type EngineName } from '../src/index.js';
import { F32_PATTERNS, F64_PATTERNS } from './bit-kernels.js';

const ENGINES: readonly EngineName[] = ['interpreter', 'js', 'wasm'];

describe('negating a negative constant', () => {
  const module = parseModule(`func.func @neg() -> (f32, f64, f32, i32, i64) {
  %a = arith.constant -2.0 : f32
  %b = arith.constant 0xFFF0000000000000 : f64
  %z = arith.constant -0.0 : f32
  %i = arith.constant -7 : i32
  %j = arith.constant -9223372036854775807 : i64
  %c0 = arith.constant 0 : i32
  %c0l = arith.constant 0 : i64
  %na = arith.negf %a : f32
  %nb = arith.negf %b : f64
  %nz = arith.negf %z : f32
  %ni = arith.subi %c0, %i : i32
  %nj = arith.subi %c0l, %j : i64
  return %na, %nb, %nz, %ni, %nj : f32, f64, f32, i32, i64
}`);
  for (const engine of ENGINES) {
    it(engine, () => {
      expect(compile(module, 'neg', { engine })()).toEqual([
        2,
        Number.POSITIVE_INFINITY,
        0,
        7,
        9223372036854775807n,
      ]);
    });
  }
});

const UNARY = ['arith.negf', 'math.absf'];
const BINARY = [
  'arith.subf',
  'arith.addf',
  'arith.mulf',
  'math.copysign',
  'arith.maximumf',
  'arith.minnumf',
];
const ARITHMETIC: ReadonlySet<string> = new Set(['arith.subf', 'arith.addf', 'arith.mulf']);
const INT_BINARY = ['arith.subi', 'arith.addi', 'arith.muli', 'arith.maxsi'];

/** MLIR's decimal float syntax (a digit after the point) for a finite value. */
const decimal = (x: number): string =>
  Object.is(x, -0) ? '-0.0' : x.toExponential().replace(/^(-?\d)e/, '$1.0e');

/** Finite values as decimal literals (negative, -0, subnormal, extremes) or any bit pattern. */
const floatLiteral = (type: 'f32' | 'f64') =>
  fc.oneof(
    fc
      .constantFrom(...(type === 'f32' ? F32_PATTERNS.map(BigInt) : F64_PATTERNS))
      .map((bits) => `0x${bits.toString(16).toUpperCase()}`),
    (type === 'f32'
      ? fc.float({ noNaN: true, noDefaultInfinity: true })
      : fc.double({ noNaN: true, noDefaultInfinity: true })
    ).map(decimal),
  );
const intLiteral = fc.oneof(
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
  fc.constantFrom(-1, -(2 ** 31), 0),
);

const kernelArb = fc.record({
  type: fc.constantFrom<'f32' | 'f64'>('f32', 'f64'),
  a: fc.constantFrom(0, 1),
  literals: fc.tuple(
    floatLiteral('f32'),
    floatLiteral('f64'),
    floatLiteral('f32'),
    floatLiteral('f64'),
  ),
  ints: fc.tuple(intLiteral, intLiteral),
  unary: fc.constantFrom(...UNARY),
  binary: fc.constantFrom(...BINARY),
  intBinary: fc.constantFrom(...INT_BINARY),
  negateFirst: fc.boolean(),
});

type KernelSpec = typeof kernelArb extends fc.Arbitrary<infer T> ? T : never;

function kernelText(spec: KernelSpec): string {
  const t = spec.type;
  const [x, y] =
    t === 'f32' ? [spec.literals[0], spec.literals[2]] : [spec.literals[1], spec.literals[3]];
  const [p, q] = spec.ints;
  const first = spec.negateFirst ? '%ux' : '%x';
  return `func.func @k(%o: memref<?x${t}>, %oi: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %x = arith.constant ${x} : ${t}
  %y = arith.constant ${y} : ${t}
  %p = arith.constant ${p} : i32
  %q = arith.constant ${q} : i32
  %ux = ${spec.unary} %x : ${t}
  %uy = ${spec.unary} %y : ${t}
  %b = ${spec.binary} ${first}, %uy : ${t}
  %n = arith.negf %b : ${t}
  %r = ${spec.intBinary} %p, %q : i32
  %s = arith.subi %r, %q : i32
  memref.store %ux, %o[%c0] : memref<?x${t}>
  memref.store %b, %o[%c1] : memref<?x${t}>
  memref.store %n, %o[%c2] : memref<?x${t}>
  memref.store %r, %oi[%c0] : memref<?xi32>
  memref.store %s, %oi[%c1] : memref<?xi32>
  return
}`;
}

describe('random constants through sign-sensitive ops', () => {
  const specs = fc.sample(kernelArb, { seed: 31, numRuns: 150 });
  it('compile on every engine and give the interpreter bits', () => {
    const wrong: string[] = [];
    for (const spec of specs) {
      const text = kernelText(spec);
      const module = parseModule(text);
      const [reference, ...others] = ENGINES.map((engine) => {
        const args = [
          spec.type === 'f32' ? new Float32Array(3) : new Float64Array(3),
          new Int32Array(2),
        ];
        try {
          compile(module, 'k', { engine })(...args);
          // A NaN that arithmetic computes has a host-chosen payload and sign (unspecified
          // in MLIR too): only that it is a NaN is compared.
          if (ARITHMETIC.has(spec.binary)) {
            const out = args[0] as Float32Array | Float64Array;
            for (const k of [1, 2]) if (Number.isNaN(out[k])) out[k] = Number.NaN;
          }
          return snapshot(args, []);
        } catch (e) {
          return `${engine} threw ${(e as Error).message}`;
        }
      });
      others.forEach((s, e) => {
        if (s !== reference) wrong.push(`${ENGINES[e + 1]}: ${s} vs ${reference}\n${text}`);
      });
    }
    expect(wrong).toEqual([]);
  });
});
