/**
 * The interpreter's memref arguments: null, undefined or a view with junk fields
 * (`{data, shape, strides?, offset?}`) is an InterpretArgumentError naming the argument at the
 * call, never a TypeError on first access, never a hang; a view reaching past its buffer is
 * refused before anything runs (an OutOfBoundsError naming the argument).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InterpretArgumentError, interpret, OutOfBoundsError, parseModule } from '../src/index.js';
import { thrownBy } from './support/thrown.js';

const TYPE = 'memref<?x?xf32, strided<[?, ?], offset: ?>>';
const MODULE = parseModule(`func.func @f(%m: ${TYPE}) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %n0 = memref.dim %m, %c0 : ${TYPE}
  %n1 = memref.dim %m, %c1 : ${TYPE}
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n0 step %c1 iter_args(%acc = %z) -> (f32) {
    %r2 = scf.for %j = %c0 to %n1 step %c1 iter_args(%a2 = %acc) -> (f32) {
      %x = memref.load %m[%i, %j] : ${TYPE}
      %y = arith.addf %x, %one : f32
      memref.store %y, %m[%i, %j] : ${TYPE}
      %s = arith.addf %a2, %x : f32
      scf.yield %s : f32
    }
    scf.yield %r2 : f32
  }
  return %r : f32
}`);

function hugeSparse(): unknown[] {
  const s: unknown[] = [];
  s.length = 2 ** 32 - 1;
  return s;
}

const JUNK: readonly unknown[] = [
  null,
  undefined,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  -1,
  1.5,
  'abc',
  1n,
  Symbol('x'),
  {},
  [],
  [1],
  [1, 2, 3],
  hugeSparse(),
];

describe('interpreter memref view arguments', () => {
  it('null, undefined and non-objects are InterpretArgumentErrors naming the argument', () => {
    for (const junk of [null, undefined, 42, 'abc', Symbol('x'), 1n]) {
      const error = thrownBy(() => interpret(MODULE, 'f', [junk as never]));
      expect(error, String(junk)).toBeInstanceOf(InterpretArgumentError);
      expect((error as InterpretArgumentError).argument).toContain('#0');
    }
  });

  it('junk in any field is an InterpretArgumentError at the call, even a 2^32 - 1 sparse array', () => {
    const data = new Float32Array(16);
    const valid = { data, shape: [2, 2], strides: [2, 1], offset: 0 };
    const started = performance.now();
    for (const field of ['data', 'shape', 'strides', 'offset'] as const) {
      for (const [k, junk] of JUNK.entries()) {
        if (field === 'strides' && junk === undefined) continue; // dynamic strides: still refused
        const error = thrownBy(() =>
          interpret(MODULE, 'f', [{ ...valid, [field]: junk } as never]),
        );
        expect(error, `${field}: junk #${k}`).toBeInstanceOf(InterpretArgumentError);
        expect((error as Error).message).toContain(
          field === 'data' ? 'typed array' : field === 'offset' ? 'offset' : field,
        );
      }
    }
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('a view reaching past its buffer is refused before anything is written', () => {
    const data = Float32Array.of(1, 2, 3);
    const error = thrownBy(() =>
      interpret(MODULE, 'f', [{ data, shape: [2, 2], strides: [2, 1], offset: 0 }]),
    );
    expect(error).toBeInstanceOf(OutOfBoundsError);
    expect((error as Error).message).toContain('argument #0');
    expect(Array.from(data)).toEqual([1, 2, 3]);
  });

  it('any drawn view runs or is a typed argument error (seeded)', () => {
    const entry = fc.oneof(fc.integer({ min: -3, max: 4 }), fc.constantFrom(...JUNK));
    const list = fc.oneof(
      { weight: 4, arbitrary: fc.array(entry, { minLength: 2, maxLength: 2 }) },
      { weight: 1, arbitrary: fc.array(entry, { maxLength: 3 }) },
      { weight: 1, arbitrary: fc.constantFrom(...JUNK) },
    );
    const view = fc.record({
      data: fc.oneof(
        {
          weight: 4,
          arbitrary: fc.integer({ min: 0, max: 20 }).map((n) => new Float32Array(n) as unknown),
        },
        { weight: 1, arbitrary: fc.constantFrom(new Int32Array(8), new Float64Array(8), ...JUNK) },
      ),
      shape: list,
      strides: list,
      offset: fc.oneof(fc.integer({ min: -1, max: 10 }), fc.constantFrom(...JUNK)),
    });
    fc.assert(
      fc.property(view, (arg) => {
        const error = thrownBy(() => interpret(MODULE, 'f', [arg as never]));
        if (error !== undefined) {
          expect(
            error instanceof InterpretArgumentError || error instanceof OutOfBoundsError,
            String(error),
          ).toBe(true);
          expect((error as Error).message).toContain('#0');
        }
      }),
      { seed: 5150, numRuns: 500 },
    );
  });
});
