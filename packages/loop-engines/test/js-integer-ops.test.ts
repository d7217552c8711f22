/**
 * The js engine's inline integer ops — shifts and max/min of every width, `index` bitwise ops and shifts
 * (inline for values that fit 32 bits, the reference beyond), widening and truncating casts
 * to and from i64, i64 to f64 conversions and f64/i64 bitcasts — give the interpreter's
 * results exactly. Random operands mix the edges (0, ±1, the 32- and 64-bit limits, ±2^53,
 * shift amounts at and past the width) with random values, so both sides of every inline
 * condition are taken.
 */
import { parseModule } from '@tilekit/loop-ir';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, IndexRangeError } from '../src/index.js';

const BINARY = [
  'shli',
  'shrui',
  'shrsi',
  'andi',
  'ori',
  'xori',
  'addi',
  'subi',
  'maxsi',
  'minsi',
  'maxui',
  'minui',
] as const;
const TYPES = ['i1', 'i8', 'i16', 'i32', 'i64', 'index'] as const;
type IntType = (typeof TYPES)[number];

/** `%v` (an i64) as `t`, then back: the text that narrows and the text that widens. */
function narrow(t: IntType, from: string, to: string): string {
  if (t === 'i64') return `${to} = arith.addi ${from}, %zero : i64`;
  if (t === 'index') return `${to} = arith.index_cast ${from} : i64 to index`;
  return `${to} = arith.trunci ${from} : i64 to ${t}`;
}
function widen(t: IntType, from: string, to: string): string {
  if (t === 'i64') return `${to} = arith.addi ${from}, %zero : i64`;
  if (t === 'index') return `${to} = arith.index_cast ${from} : index to i64`;
  return `${to} = arith.extsi ${from} : ${t} to i64`;
}

/** A kernel applying `body` (reading `%p`, `%q`; defining `%r` of `out`) element by element. */
function kernel(body: string, out: 'i64' | 'f64'): string {
  return `func.func @k(%a: memref<?xi64>, %b: memref<?xi64>, %x: memref<?x${out}>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  scf.for %i = %c0 to %n step %c1 {
    %va = memref.load %a[%i] : memref<?xi64>
    %vb = memref.load %b[%i] : memref<?xi64>
    ${body}
    memref.store %r, %x[%i] : memref<?x${out}>
  }
  return
}`;
}

const binaryKernel = (op: string, t: IntType): string =>
  kernel(
    [
      narrow(t, '%va', '%p'),
      narrow(t, '%vb', '%q'),
      `%t = arith.${op} %p, %q : ${t}`,
      widen(t, '%t', '%r'),
    ].join('\n    '),
    'i64',
  );

const EDGES = [
  0n,
  1n,
  -1n,
  2n ** 31n - 1n,
  -(2n ** 31n),
  2n ** 31n,
  2n ** 32n - 1n,
  2n ** 32n,
  2n ** 53n - 1n,
  -(2n ** 53n - 1n),
  2n ** 63n - 1n,
  -(2n ** 63n),
];
const LIMIT = 2n ** 53n - 1n;

/** Operands for type `t`: `index` values stay within ±(2^53 - 1), what the js engine holds. */
const operand = (t: IntType) =>
  fc
    .oneof(
      fc.constantFrom(...EDGES),
      fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
      fc.bigInt({ min: -70n, max: 70n }),
      fc.bigInt({ min: 0n, max: 2n ** 31n }),
    )
    .map((v) => (t === 'index' && (v > LIMIT || v < -LIMIT) ? v % LIMIT : v));

/** Per element: the interpreter's result and the js engine's (or the error it raised). */
function runBoth(text: string, a: bigint[], b: bigint[], out: 'i64' | 'f64') {
  const module = parseModule(text);
  const [reference, js] = (['interpreter', 'js'] as const).map((engine) =>
    compile(module, 'k', { engine }),
  );
  const call = (fn: typeof reference, k: number): bigint | Error => {
    const x = out === 'i64' ? new BigInt64Array(1) : new Float64Array(1);
    try {
      fn?.(BigInt64Array.of(a[k] as bigint), BigInt64Array.of(b[k] as bigint), x, 1);
    } catch (e) {
      return e as Error;
    }
    return (out === 'i64' ? x : new BigInt64Array(x.buffer))[0] as bigint;
  };
  return a.map((_, k) => [call(reference, k), call(js, k)] as const);
}

/**
 * The js engine equals the interpreter, except that an `index` result beyond ±(2^53 - 1),
 * which it cannot hold, raises IndexRangeError.
 */
function expectAgreement(results: ReturnType<typeof runBoth>): void {
  for (const [reference, js] of results) {
    if (
      typeof reference === 'bigint' &&
      (reference > LIMIT || reference < -LIMIT) &&
      js instanceof Error
    ) {
      expect(js).toBeInstanceOf(IndexRangeError);
    } else {
      expect(js).toEqual(reference);
    }
  }
}

/** Shift amounts around every width's limits (and small values for the bitwise ops). */
const AMOUNTS = [
  0n,
  1n,
  7n,
  8n,
  9n,
  15n,
  16n,
  21n,
  22n,
  23n,
  31n,
  32n,
  33n,
  52n,
  53n,
  63n,
  64n,
  65n,
];

const pairs = (t: IntType) =>
  fc.array(fc.tuple(operand(t), fc.oneof(operand(t), fc.constantFrom(...AMOUNTS))), {
    minLength: 1,
    maxLength: 40,
  });

describe('js engine integer ops agree with the interpreter', () => {
  for (const t of TYPES) {
    for (const op of BINARY) {
      it(`arith.${op} on ${t}`, () => {
        const text = binaryKernel(op, t);
        fc.assert(
          fc.property(pairs(t), (ps) => {
            expectAgreement(
              runBoth(
                text,
                ps.map((p) => p[0]),
                ps.map((p) => p[1]),
                'i64',
              ),
            );
          }),
          { seed: 2026, numRuns: 40 },
        );
      });
    }
  }

  const casts: Record<string, { body: string; out: 'i64' | 'f64' }> = {
    'extui from i1, i8, i16, i32': {
      body: ['i1', 'i8', 'i16', 'i32']
        .map(
          (w, k) =>
            `%n${k} = arith.trunci %va : i64 to ${w}\n    %e${k} = arith.extui %n${k} : ${w} to i64`,
        )
        .join('\n    ')
        .concat(
          '\n    %s0 = arith.xori %e0, %e1 : i64\n    %s1 = arith.xori %s0, %e2 : i64\n    %r = arith.xori %s1, %e3 : i64',
        ),
      out: 'i64',
    },
    'uitofp i64 to f64': { body: '%r = arith.uitofp %va : i64 to f64', out: 'f64' },
    'sitofp i64 to f64': { body: '%r = arith.sitofp %va : i64 to f64', out: 'f64' },
    'bitcast i64 to f64 to i64': {
      body: '%f = arith.bitcast %va : i64 to f64\n    %r = arith.bitcast %f : f64 to i64',
      out: 'i64',
    },
  };
  for (const [label, { body, out }] of Object.entries(casts)) {
    it(label, () => {
      const text = kernel(body, out);
      fc.assert(
        fc.property(pairs('i64'), (ps) => {
          const a = ps.map((p) => p[0]);
          expectAgreement(runBoth(text, a, a, out));
        }),
        { seed: 2026, numRuns: 60 },
      );
    });
  }
});
