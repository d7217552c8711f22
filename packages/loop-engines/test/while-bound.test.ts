/**
 * `maxWhileIterations`: a compiled `scf.while` stops where the interpreter's does. Random
 * nests of two loops (outer and inner trip counts around the bound, the bound itself from 0)
 * give, on the interpreter, js and wasm, the same results, or the same error after the same
 * stores on the interpreter and js (wasm's failed call stores nothing); a loop whose condition
 * never turns false stops
 * with a typed error naming its bound. Without the option the compiled engines run any number
 * of iterations, and a bad bound is refused with an error naming the option.
 */

import { InterpretError, parseModule } from '@tilekit/loop-ir';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compile,
  compileJs,
  compileWasm,
  EngineArgumentError,
  type EngineName,
  EngineRuntimeError,
  wasmKernelImage,
} from '../src/index.js';

const ENGINES: readonly EngineName[] = ['interpreter', 'js', 'wasm'];

/**
 * `@nest(%a, %b, %log)`: an outer loop of `a` iterations around an inner loop of `b`, every
 * inner iteration counting in `log[0]` and every outer one recording its index in `log[1]`;
 * it returns the inner iterations summed by the outer loop.
 */
const NEST = parseModule(`func.func @nest(%a: index, %b: index, %log: memref<?xindex>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%i = %c0, %acc = %c0) : (index, index) -> (index, index) {
    %go = arith.cmpi slt, %i, %a : index
    scf.condition(%go) %i, %acc : index, index
  } do {
  ^bb0(%i2: index, %acc2: index):
    %inner = scf.while (%j = %c0) : (index) -> index {
      %more = arith.cmpi slt, %j, %b : index
      scf.condition(%more) %j : index
    } do {
    ^bb0(%j2: index):
      %n = memref.load %log[%c0] : memref<?xindex>
      %n1 = arith.addi %n, %c1 : index
      memref.store %n1, %log[%c0] : memref<?xindex>
      %j3 = arith.addi %j2, %c1 : index
      scf.yield %j3 : index
    }
    %i3 = arith.addi %i2, %c1 : index
    memref.store %i3, %log[%c1] : memref<?xindex>
    %acc3 = arith.addi %acc2, %inner : index
    scf.yield %i3, %acc3 : index, index
  }
  return %r#1 : index
}`);

/** `@spin(%x)`: a loop whose condition is always true. */
const SPIN = parseModule(`func.func @spin(%x: i32) -> i32 {
  %t = arith.constant true
  %r = scf.while (%a = %x) : (i32) -> i32 {
    scf.condition(%t) %a : i32
  } do {
  ^bb0(%b: i32):
    %c1 = arith.constant 1 : i32
    %n = arith.addi %b, %c1 : i32
    scf.yield %n : i32
  }
  return %r : i32
}`);

/** The bound an error reports (interpreter and compiled texts alike), or the results. */
function outcome(run: () => unknown): string {
  try {
    return `= ${String(run())}`;
  } catch (e) {
    if (e instanceof EngineRuntimeError || e instanceof InterpretError) {
      const bound = /exceeded (\d+) iterations/.exec(e.message)?.[1];
      if (bound !== undefined) return `stopped at ${bound}`;
    }
    throw e;
  }
}

describe('maxWhileIterations', () => {
  it('stops every engine at the same iteration of nested loops (seeded)', () => {
    const compiled = new Map<string, ReturnType<typeof compile>>();
    const fnFor = (engine: EngineName, bound: number) => {
      const key = `${engine} ${bound}`;
      let fn = compiled.get(key);
      if (fn === undefined) {
        fn = compile(NEST, 'nest', { engine, maxWhileIterations: bound });
        compiled.set(key, fn);
      }
      return fn;
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 0, max: 9 }),
        (bound, a, b) => {
          const label = `bound ${bound}, a ${a}, b ${b}`;
          const logs = ENGINES.map(() => new BigInt64Array(2));
          const seen = ENGINES.map((engine, k) =>
            outcome(() => fnFor(engine, bound)(BigInt(a), BigInt(b), logs[k] as BigInt64Array)),
          );
          expect(new Set(seen).size, `${label}: ${seen.join(' | ')}`).toBe(1);
          // What the interpreter's count says: a loop of more than `bound` iterations stops.
          const stops = a > bound || (a > 0 && b > bound);
          expect(seen[0]?.startsWith('stopped'), label).toBe(stops);
          // The js engine stores in place as the interpreter does, up to the error; wasm
          // copies its memory back only when the call returns, so a failed call changed nothing.
          expect(logs[1], label).toEqual(logs[0]);
          expect(logs[2], label).toEqual(stops ? new BigInt64Array(2) : logs[0]);
        },
      ),
      { seed: 4242, numRuns: 300 },
    );
  });

  it('stops a loop that never ends with a typed error naming the bound', () => {
    for (const engine of ['js', 'wasm'] as const) {
      for (const bound of [0, 1, 1000, 250_000]) {
        const spin = compile(SPIN, 'spin', { engine, maxWhileIterations: bound });
        let error: unknown;
        try {
          spin(0);
        } catch (e) {
          error = e;
        }
        expect(error, `${engine} ${bound}`).toBeInstanceOf(EngineRuntimeError);
        expect((error as EngineRuntimeError).detail).toBe(`scf.while exceeded ${bound} iterations`);
        expect((error as EngineRuntimeError).functionName).toBe('spin');
      }
    }
    expect(() =>
      compile(SPIN, 'spin', { engine: 'interpreter', maxWhileIterations: 7 })(0),
    ).toThrow(/exceeded 7 iterations/);
  });

  it('leaves compiled loops unbounded by default, and past the interpreter’s default', () => {
    const log = new BigInt64Array(2);
    // 10,000,001 iterations: one more than the interpreter runs by default.
    for (const engine of ['js', 'wasm'] as const) {
      log.fill(0n);
      expect(compile(NEST, 'nest', { engine })(1n, 10_000_001n, log)).toEqual([10_000_001n]);
      expect(log[0]).toBe(10_000_001n);
      log.fill(0n);
      expect(
        compile(NEST, 'nest', { engine, maxWhileIterations: Number.POSITIVE_INFINITY })(
          1n,
          10_000_001n,
          log,
        ),
      ).toEqual([10_000_001n]);
    }
  });

  it('compiles the count only where asked (the wasm host import, the js source)', () => {
    expect(wasmKernelImage(NEST, 'nest').hostImports).toEqual([]);
    expect(wasmKernelImage(NEST, 'nest', { maxWhileIterations: 5 }).hostImports).toEqual([
      'scf.while.limit',
    ]);
    const bounded = compile(NEST, 'nest', { engine: 'wasm', maxWhileIterations: 5 });
    expect(compile(NEST, 'nest', { engine: 'wasm', maxWhileIterations: 5 })).toBe(bounded);
    expect(compile(NEST, 'nest', { engine: 'wasm', maxWhileIterations: 6 })).not.toBe(bounded);
    expect(compile(NEST, 'nest', { engine: 'wasm' })).not.toBe(bounded);
  });

  it('refuses a bound that is not a non-negative integer or Infinity, naming the option', () => {
    const bad = [-1, 1.5, Number.NaN, Number.NEGATIVE_INFINITY, 2 ** 60, '3', true, {}];
    const entries: [string, (bound: unknown) => unknown][] = [
      ...ENGINES.map((engine): [string, (bound: unknown) => unknown] => [
        `compile ${engine}`,
        (bound) => compile(NEST, 'nest', { engine, maxWhileIterations: bound as number }),
      ]),
      ['compileJs', (bound) => compileJs(NEST, 'nest', { maxWhileIterations: bound as number })],
      [
        'compileWasm',
        (bound) => compileWasm(NEST, 'nest', { maxWhileIterations: bound as number }),
      ],
      [
        'wasmKernelImage',
        (bound) => wasmKernelImage(NEST, 'nest', { maxWhileIterations: bound as number }),
      ],
    ];
    for (const [name, make] of entries) {
      for (const bound of bad) {
        let error: unknown;
        try {
          make(bound);
        } catch (e) {
          error = e;
        }
        expect(error, `${name} ${String(bound)}`).toBeInstanceOf(EngineArgumentError);
        expect((error as EngineArgumentError).argument).toBe('options.maxWhileIterations');
      }
    }
  });
});
