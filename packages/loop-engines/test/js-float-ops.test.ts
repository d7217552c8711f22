/**
 * The js engine's inline float functions (`math.exp`, `log`, ..., `floor`) and extrema
 * (`maximumf`, `minimumf`, `maxnumf`, `minnumf`) leave the interpreter's bits exactly, in f32
 * and f64: operands mix NaNs with payloads, signed zeros, infinities, subnormals and random
 * values, so both the inline form and the reference it hands NaNs to are taken.
 */
import { parseModule } from '@tilekit/loop-ir';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from '../src/index.js';
import { F32_PATTERNS, F64_PATTERNS } from './bit-kernels.js';

const UNARY = [
  'math.exp',
  'math.expm1',
  'math.log',
  'math.log2',
  'math.log10',
  'math.log1p',
  'math.sin',
  'math.cos',
  'math.tan',
  'math.tanh',
  'math.atan',
  'math.ceil',
  'math.floor',
  'math.trunc',
];
const BINARY = ['arith.maximumf', 'arith.minimumf', 'arith.maxnumf', 'arith.minnumf'];

function kernel(op: string, t: 'f32' | 'f64', binary: boolean): string {
  const body = binary ? `%r = ${op} %va, %vb : ${t}` : `%r = ${op} %va : ${t}`;
  return `func.func @k(%a: memref<?x${t}>, %b: memref<?x${t}>, %x: memref<?x${t}>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %va = memref.load %a[%i] : memref<?x${t}>
    %vb = memref.load %b[%i] : memref<?x${t}>
    ${body}
    memref.store %r, %x[%i] : memref<?x${t}>
  }
  return
}`;
}

/** Random operand bits of a format: the special patterns, ordinary numbers and raw bits. */
const bitsOf = (t: 'f32' | 'f64') => {
  const toBits = (x: number): bigint =>
    t === 'f32'
      ? BigInt(new Uint32Array(Float32Array.of(x).buffer)[0] as number)
      : (new BigUint64Array(Float64Array.of(x).buffer)[0] as bigint);
  return fc.oneof(
    fc.constantFrom(...(t === 'f32' ? F32_PATTERNS.map(BigInt) : F64_PATTERNS)),
    fc.double({ min: -50, max: 50, noNaN: true }).map(toBits),
    fc.constantFrom(0.5, -0.5, 1, -1, 2.5, -2.5, 1e-310, -1e-310).map(toBits),
    t === 'f32'
      ? fc.bigInt({ min: 0n, max: 2n ** 32n - 1n })
      : fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
  );
};

function run(text: string, t: 'f32' | 'f64', a: bigint[], b: bigint[]) {
  const module = parseModule(text);
  return (['interpreter', 'js'] as const).map((engine) => {
    const Bits = t === 'f32' ? Uint32Array : BigUint64Array;
    const Data = t === 'f32' ? Float32Array : Float64Array;
    const fromBits = (xs: bigint[]) =>
      new Data((t === 'f32' ? Uint32Array.from(xs, Number) : BigUint64Array.from(xs)).buffer);
    const x = new Data(a.length);
    compile(module, 'k', { engine })(fromBits(a), fromBits(b), x, a.length);
    return [...new Bits(x.buffer)].map(BigInt);
  });
}

describe('js engine float functions and extrema agree with the interpreter bit for bit', () => {
  for (const t of ['f32', 'f64'] as const) {
    for (const op of [...UNARY, ...BINARY]) {
      it(`${op} on ${t}`, () => {
        const text = kernel(op, t, BINARY.includes(op));
        fc.assert(
          fc.property(
            fc.array(fc.tuple(bitsOf(t), bitsOf(t)), { minLength: 1, maxLength: 30 }),
            (ps) => {
              const [reference, js] = run(
                text,
                t,
                ps.map((p) => p[0]),
                ps.map((p) => p[1]),
              );
              expect(js).toEqual(reference);
            },
          ),
          { seed: 2027, numRuns: 30 },
        );
      });
    }
  }
});
