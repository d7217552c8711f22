/**
 * Arrays declared with `markOverwritten` are not copied into the wasm engine's memory before a
 * call: wherever the kernel writes an element before reading it, every sequence of calls (marked
 * and unmarked outputs, junk left in them and in the engine's memory by earlier calls) gives the
 * interpreter's results on every element the kernel wrote.
 */

import { parseModule } from '@tilekit/loop-ir';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, EngineArgumentError, markOverwritten, whileOverwritten } from '../src/index.js';
import { isMarkedOverwritten } from '../src/wasm/runtime/overwritten-arrays.js';

/**
 * Writes `x[i] = a[i] * 3` for the first `n` elements and reads each back into the sum
 * `sum[0]` (a read of the output after this call wrote it): `x` is overwritten before it is read.
 */
const APPEND = parseModule(`
func.func @append(%a: memref<?xf64>, %n: index, %x: memref<?xf64>, %sum: memref<?xf64>) {
  %zero = arith.constant 0.0 : f64
  %three = arith.constant 3.0 : f64
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %t = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f64) {
    %m = arith.mulf %three, %three : f64
    %v = memref.load %a[%i] : memref<?xf64>
    %p = arith.mulf %v, %m : f64
    %q = arith.divf %p, %three : f64
    memref.store %q, %x[%i] : memref<?xf64>
    %w = memref.load %x[%i] : memref<?xf64>
    %s = arith.addf %acc, %w : f64
    scf.yield %s : f64
  }
  memref.store %t, %sum[%c0] : memref<?xf64>
  return
}`);

const values = (n: number) =>
  fc.float64Array({ minLength: n, maxLength: n, noNaN: true, noDefaultInfinity: true });

/** One call: input `a`, the junk its output starts with, how many elements it writes. */
interface AppendCall {
  readonly a: Float64Array;
  readonly junk: Float64Array;
  readonly written: number;
  readonly marked: boolean;
}

const calls: fc.Arbitrary<AppendCall[]> = fc.array(
  fc.integer({ min: 1, max: 40 }).chain((length) =>
    fc.record({
      a: values(length),
      junk: values(length),
      written: fc.integer({ min: 0, max: length }),
      marked: fc.boolean(),
    }),
  ),
  { minLength: 1, maxLength: 10 },
);

type Kernel = ReturnType<typeof compile>;

/**
 * Runs `call` on the wasm kernel through `runWasm` (given fresh outputs `x` and `sum`; `x`
 * starts with the call's junk, as a reused buffer would) and on `reference`, and expects the
 * elements written and the sum to agree; returns both outputs.
 */
function expectWrittenAgree(
  reference: Kernel,
  { a, junk, written }: AppendCall,
  runWasm: (x: Float64Array, sum: Float64Array) => void,
) {
  const x = junk.slice();
  const expected = junk.slice();
  const sum = new Float64Array(1);
  const expectedSum = new Float64Array(1);
  runWasm(x, sum);
  reference(a, BigInt(written), expected, expectedSum);
  expect(Array.from(x.subarray(0, written))).toEqual(Array.from(expected.subarray(0, written)));
  expect(sum[0]).toBe(expectedSum[0]);
  return { x, expected, sum, expectedSum };
}

/**
 * Asserts `check` on every call of 200 random call sequences, with the wasm kernel and its
 * `reference` compiled afresh for each sequence.
 */
function assertCallSequences(
  seed: number,
  check: (call: AppendCall, wasm: Kernel, reference: Kernel) => void,
): void {
  fc.assert(
    fc.property(calls, (sequence) => {
      const wasm = compile(APPEND, 'append', { engine: 'wasm' });
      const reference = compile(APPEND, 'append', { engine: 'interpreter' });
      for (const call of sequence) check(call, wasm, reference);
    }),
    { seed, numRuns: 200 },
  );
}

describe('markOverwritten', () => {
  it('gives the interpreter results on every element written, for any sequence of calls', () => {
    assertCallSequences(20261126, (call, wasm, reference) => {
      const { x, expected } = expectWrittenAgree(reference, call, (x, sum) => {
        if (call.marked) markOverwritten(x);
        wasm(call.a, BigInt(call.written), x, sum);
      });
      // An unmarked output keeps what the kernel did not write, as the interpreter's does.
      if (!call.marked) expect(Array.from(x)).toEqual(Array.from(expected));
    });
  });

  it('rejects anything but typed arrays, naming what it got and marking nothing', () => {
    const kept = new Float64Array(2);
    expect(() => markOverwritten(kept, [1, 2] as unknown as Float64Array)).toThrow(
      /markOverwritten arrays\[1\]: expected a typed array, got/,
    );
    expect(isMarkedOverwritten(kept)).toBe(false);
  });
});

describe('whileOverwritten', () => {
  it('skips the copy in only within its run: later calls see the interpreter results everywhere', () => {
    assertCallSequences(20261128, (call, wasm, reference) => {
      const { a, junk, written } = call;
      const { x, expected, sum, expectedSum } = expectWrittenAgree(reference, call, (x, sum) => {
        const run = () => wasm(a, BigInt(written), x, sum);
        if (call.marked) whileOverwritten([x, x], run);
        else run();
      });
      expect(isMarkedOverwritten(x)).toBe(false);
      // The same array called again outside the run is copied in: its unwritten elements stay.
      x.set(junk);
      expected.set(junk);
      wasm(a, BigInt(Math.floor(written / 2)), x, sum);
      reference(a, BigInt(Math.floor(written / 2)), expected, expectedSum);
      expect(Array.from(x)).toEqual(Array.from(expected));
    });
  });

  it('unmarks after a run that throws, and keeps the outer run mark through a nested one', () => {
    const x = new Float64Array(3);
    expect(() =>
      whileOverwritten([x], () => {
        throw new RangeError('inside');
      }),
    ).toThrow(RangeError);
    expect(isMarkedOverwritten(x)).toBe(false);
    whileOverwritten([x], () => {
      whileOverwritten([x], () => expect(isMarkedOverwritten(x)).toBe(true));
      expect(isMarkedOverwritten(x)).toBe(true);
    });
    expect(isMarkedOverwritten(x)).toBe(false);
  });

  it('rejects anything but typed arrays and a function, running nothing and marking nothing', () => {
    const kept = new Float64Array(2);
    let ran = false;
    const run = () => {
      ran = true;
    };
    expect(() => whileOverwritten([kept, 3 as unknown as Float64Array], run)).toThrow(
      /whileOverwritten arrays\[1\]: expected a typed array, got/,
    );
    const notRun = () => whileOverwritten([kept], 'run' as unknown as () => void);
    expect(notRun).toThrow(EngineArgumentError);
    expect(notRun).toThrow(/argument run: expected a function, got/);
    expect(ran).toBe(false);
    expect(isMarkedOverwritten(kept)).toBe(false);
  });
});
