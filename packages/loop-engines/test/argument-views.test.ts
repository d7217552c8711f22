/**
 * Memref view arguments (`{data, shape, strides?, offset?}`) at the call boundary: every engine
 * checks the same fields the same way, so a call either runs on all three with the same results
 * and buffers (bit for bit) or is refused by all three with their typed error, never a raw
 * TypeError/RangeError, never a hang (a huge sparse array is refused by its length).
 */
import { InterpretArgumentError, OutOfBoundsError, parseModule } from '@tilekit/loop-ir';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, EngineArgumentError, type EngineName } from '../src/index.js';

const ENGINES: readonly EngineName[] = ['interpreter', 'js', 'wasm'];

/** Adds 1 to every element of the view (rank 1 or 2) and returns the sum of what it read. */
function kernel(type: string, element: 'f32' | 'i32', rank: 1 | 2): string {
  const add = element === 'f32' ? 'arith.addf' : 'arith.addi';
  const zero = element === 'f32' ? '0.0' : '0';
  const one = element === 'f32' ? '1.0' : '1';
  const body =
    rank === 1
      ? `  %n0 = memref.dim %m, %c0 : ${type}
  %r = scf.for %i = %c0 to %n0 step %c1 iter_args(%acc = %zero) -> (${element}) {
    %x = memref.load %m[%i] : ${type}
    %y = ${add} %x, %one : ${element}
    memref.store %y, %m[%i] : ${type}
    %s = ${add} %acc, %x : ${element}
    scf.yield %s : ${element}
  }`
      : `  %n0 = memref.dim %m, %c0 : ${type}
  %n1 = memref.dim %m, %c1 : ${type}
  %r = scf.for %i = %c0 to %n0 step %c1 iter_args(%acc = %zero) -> (${element}) {
    %r2 = scf.for %j = %c0 to %n1 step %c1 iter_args(%a2 = %acc) -> (${element}) {
      %x = memref.load %m[%i, %j] : ${type}
      %y = ${add} %x, %one : ${element}
      memref.store %y, %m[%i, %j] : ${type}
      %s = ${add} %a2, %x : ${element}
      scf.yield %s : ${element}
    }
    scf.yield %r2 : ${element}
  }`;
  return `func.func @f(%m: ${type}) -> ${element} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant ${zero} : ${element}
  %one = arith.constant ${one} : ${element}
${body}
  return %r : ${element}
}`;
}

const TYPES = [
  ['memref<?x?xf32, strided<[?, ?], offset: ?>>', 'f32', 2],
  ['memref<?xf32>', 'f32', 1],
  ['memref<?xf32, strided<[2]>>', 'f32', 1],
  ['memref<?xi32, strided<[?], offset: ?>>', 'i32', 1],
  ['memref<2x3xi32>', 'i32', 2],
] as const;

const KERNELS = TYPES.map(([type, element, rank]) => {
  const module = parseModule(kernel(type, element, rank));
  return {
    type,
    element,
    rank,
    calls: ENGINES.map((engine) => [engine, compile(module, 'f', { engine })] as const),
  };
});

function hugeSparse(): unknown[] {
  const s: unknown[] = [];
  s.length = 2 ** 32 - 1;
  return s;
}

/** `[ , 1]`: a hole where an entry belongs. */
function holey(): unknown[] {
  const s: unknown[] = [];
  s[1] = 1;
  return s;
}

const HOSTILE: readonly unknown[] = [
  null,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -1,
  1.5,
  -0,
  2 ** 53,
  'abc',
  '2',
  1n,
  Symbol('x'),
  {},
  true,
  [],
  hugeSparse(),
];

/** A list field: `rank`-ish entries drawn from valid values or junk, or holes, or junk itself. */
function listField(entry: fc.Arbitrary<unknown>, rank: number): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.array(entry, { minLength: rank, maxLength: rank }) },
    { weight: 1, arbitrary: fc.array(entry, { maxLength: 3 }) },
    {
      weight: 1,
      arbitrary: fc.array(fc.oneof(entry, fc.constantFrom(...HOSTILE)), { maxLength: 3 }),
    },
    { weight: 1, arbitrary: fc.constantFrom(undefined, ...HOSTILE) },
    { weight: 1, arbitrary: fc.constant(holey()) },
    { weight: 1, arbitrary: fc.constant(hugeSparse()) },
  );
}

const SIZES = fc.integer({ min: 0, max: 4 });
const STRIDES = fc.integer({ min: -3, max: 4 });
const OFFSET = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 10 }) },
  { weight: 1, arbitrary: fc.constantFrom(undefined, ...HOSTILE) },
);

/**
 * The data field: an array of the element type (mostly), of another type, or junk. (A
 * Float64Array for an f32 memref is left out: the compiled engines read it through a converting
 * copy, the interpreter refuses it, and tests pin both.)
 */
function dataField(element: 'f32' | 'i32'): fc.Arbitrary<unknown> {
  const values = fc.array(fc.integer({ min: -100, max: 100 }), { maxLength: 24 });
  const right = element === 'f32' ? Float32Array : Int32Array;
  return fc.oneof(
    { weight: 8, arbitrary: values.map((v) => right.from(v) as unknown) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          values,
          fc.constantFrom<(v: number[]) => unknown>(
            (v) => Uint32Array.from(v),
            (v) => Int16Array.from(v),
            (v) => BigInt64Array.from(v, BigInt),
            (v) => new DataView(new ArrayBuffer(v.length * 4)),
            (v) => v,
          ),
        )
        .map(([v, make]) => make(v)),
    },
    { weight: 1, arbitrary: fc.constantFrom(undefined, ...HOSTILE) },
  );
}

const ARGUMENT = fc.integer({ min: 0, max: KERNELS.length - 1 }).chain((k) => {
  const { element, rank } = KERNELS[k] as (typeof KERNELS)[number];
  const view = fc.record(
    {
      data: dataField(element),
      shape: listField(SIZES, rank),
      strides: listField(STRIDES, rank),
      offset: OFFSET,
    },
    { requiredKeys: ['data'] },
  );
  return fc.tuple(
    fc.constant(k),
    fc.oneof(
      { weight: 12, arbitrary: view as fc.Arbitrary<unknown> },
      { weight: 1, arbitrary: dataField(element) },
    ),
  );
});

/** A fresh copy of the argument for one engine (its data written in place). */
function copyOf(arg: unknown): unknown {
  if (ArrayBuffer.isView(arg) && !(arg instanceof DataView)) return (arg as Float32Array).slice();
  if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return arg;
  const view = arg as { data?: unknown };
  return { ...view, data: copyOf(view.data) };
}

function bytesOf(arg: unknown): number[] | undefined {
  const data = ArrayBuffer.isView(arg) ? arg : (arg as { data?: unknown } | null)?.data;
  if (!ArrayBuffer.isView(data)) return undefined;
  return Array.from(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
}

type Outcome =
  | { readonly ok: true; readonly results: unknown; readonly bytes: number[] | undefined }
  | { readonly ok: false; readonly error: unknown };

function outcome(call: (...args: never[]) => unknown, arg: unknown): Outcome {
  const own = copyOf(arg);
  try {
    const results = call(own as never);
    return { ok: true, results, bytes: bytesOf(own) };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Whether `error` is `engine`'s typed refusal of an argument. */
function isArgumentError(engine: EngineName, error: unknown): boolean {
  if (engine !== 'interpreter') return error instanceof EngineArgumentError;
  // The interpreter reports a view reaching outside its buffer as the access that would.
  return error instanceof InterpretArgumentError || error instanceof OutOfBoundsError;
}

describe('memref view arguments', () => {
  it('every engine runs a view alike or refuses it with its typed error (seeded)', () => {
    let ran = 0;
    let refused = 0;
    fc.assert(
      fc.property(ARGUMENT, ([k, arg]) => {
        const { calls, type } = KERNELS[k] as (typeof KERNELS)[number];
        const outcomes = calls.map(([engine, call]) => [engine, outcome(call, arg)] as const);
        const [, first] = outcomes[0] as (typeof outcomes)[number];
        for (const [engine, o] of outcomes) {
          if (!o.ok) {
            expect(isArgumentError(engine, o.error), `${engine} ${type}: ${String(o.error)}`).toBe(
              true,
            );
            expect((o.error as Error).message).toMatch(/#0/);
          }
          expect(o.ok, `${engine} ${type} agrees on validity`).toBe(first.ok);
          if (o.ok && first.ok) {
            expect(o.results, `${engine} ${type} results`).toEqual(first.results);
            expect(o.bytes, `${engine} ${type} buffer`).toEqual(first.bytes);
          }
        }
        if (first.ok) ran++;
        else refused++;
      }),
      { seed: 20240611, numRuns: 1000 },
    );
    // The generator reaches both sides.
    expect(ran).toBeGreaterThan(30);
    expect(refused).toBeGreaterThan(30);
  });

  it('null and undefined memrefs are argument errors on every engine', () => {
    for (const { calls } of KERNELS) {
      for (const [engine, call] of calls) {
        for (const junk of [null, undefined, 42, 'abc', Symbol('x'), 1n]) {
          let caught: unknown;
          try {
            call(junk as never);
          } catch (error) {
            caught = error;
          }
          expect(isArgumentError(engine, caught), `${engine} ${String(junk)}`).toBe(true);
        }
      }
    }
  });

  it('a huge sparse strides or shape array is refused by its length at once', () => {
    const { calls } = KERNELS[0] as (typeof KERNELS)[number];
    const data = new Float32Array(8);
    const started = performance.now();
    for (const [engine, call] of calls) {
      for (const arg of [
        { data, shape: [2, 2], strides: hugeSparse(), offset: 0 },
        { data, shape: hugeSparse(), strides: [2, 1], offset: 0 },
      ]) {
        expect(() => call(arg as never), engine).toThrow(
          engine === 'interpreter' ? InterpretArgumentError : EngineArgumentError,
        );
      }
    }
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('a view reaching past its buffer is refused up front by every engine (nothing written)', () => {
    const { calls } = KERNELS[2] as (typeof KERNELS)[number]; // memref<?xf32, strided<[2]>>
    for (const [engine, call] of calls) {
      const data = Float32Array.of(1, 2, 3);
      let caught: unknown;
      try {
        call({ data, shape: [3] } as never);
      } catch (error) {
        caught = error;
      }
      expect(isArgumentError(engine, caught), engine).toBe(true);
      expect(Array.from(data), engine).toEqual([1, 2, 3]);
    }
  });
});
