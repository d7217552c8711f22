/**
 * Memref arguments given as `{data, shape, strides, offset}`: the interpreter, js and wasm
 * take and refuse the same views. A view is checked whole before anything reads it (a junk,
 * fractional or NaN field, a list of the wrong length, an identity-layout memref with other
 * strides or an offset, a buffer shorter than the view's last element), and a view all three
 * take gives the same result on each. Seeded property over views of a strided rank-2 memref
 * (dynamic strides and offset) and an identity-layout one, each field drawn from valid values
 * and junk. Strides are drawn non-negative: a negative stride addresses elements before the
 * offset, which js and wasm do not bound-check (their README says so).
 */
import { isTilekitError } from '@tilekit/errors';
import { parseModule } from '@tilekit/loop-ir';
import { thrownBy } from '@tilekit/test-support/thrown-by';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from '../src/index.js';

/** Copies `m` (rows x cols, any strides) row-major into `out`. */
const COPY = (
  layout: string,
) => `func.func @copy(%m: memref<?x?xf32${layout}>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m, %c0 : memref<?x?xf32${layout}>
  %cols = memref.dim %m, %c1 : memref<?x?xf32${layout}>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %v = memref.load %m[%i, %j] : memref<?x?xf32${layout}>
      %r = arith.muli %i, %cols : index
      %k = arith.addi %r, %j : index
      memref.store %v, %out[%k] : memref<?xf32>
    }
  }
  return
}`;

const LAYOUTS = {
  strided: ', strided<[?, ?], offset: ?>',
  identity: '',
} as const;
const ENGINES = ['interpreter', 'js', 'wasm'] as const;

/** A field's junk: values no view field may hold. */
const junk = fc.constantFrom<unknown>(
  Number.NaN,
  1.5,
  -1,
  2 ** 53,
  '2',
  Symbol('s'),
  {},
  true,
  [1],
  [1, 2, 3],
  [Number.NaN, 1],
  [0.5, 1],
  new Array(2 ** 32 - 1),
);
/** Left out (the default), or null (the same). */
const absent = fc.constantFrom<unknown>(undefined, null);

const view = fc.record({
  rows: fc.integer({ min: 0, max: 4 }),
  cols: fc.integer({ min: 0, max: 4 }),
  extra: fc.integer({ min: -3, max: 6 }),
  shape: fc.oneof(
    { weight: 6, arbitrary: fc.constant('fits' as const) },
    { weight: 1, arbitrary: junk },
  ),
  strides: fc.oneof(
    { weight: 2, arbitrary: fc.constant('row-major' as const) },
    { weight: 3, arbitrary: fc.tuple(fc.nat(6), fc.nat(3)) },
    { weight: 1, arbitrary: absent },
    { weight: 1, arbitrary: junk },
  ),
  offset: fc.oneof(
    { weight: 3, arbitrary: fc.nat(5) },
    { weight: 1, arbitrary: absent },
    { weight: 1, arbitrary: junk },
  ),
});

type Drawn = typeof view extends fc.Arbitrary<infer T> ? T : never;

/** The argument a drawn view stands for, over a buffer of its extent plus `extra` elements. */
function argumentOf(d: Drawn): { arg: Record<string, unknown>; length: number } {
  const strides =
    d.strides === 'row-major' ? [d.cols, 1] : (d.strides as unknown as number[] | undefined);
  const s = Array.isArray(strides) && strides.length === 2 ? strides : [d.cols, 1];
  const start = typeof d.offset === 'number' && Number.isSafeInteger(d.offset) ? d.offset : 0;
  const extent =
    d.rows > 0 && d.cols > 0
      ? start +
        (d.rows - 1) * Math.abs(s[0] as number) +
        (d.cols - 1) * Math.abs(s[1] as number) +
        1
      : 0;
  const length = Math.max(0, extent + d.extra);
  const data = Float32Array.from({ length }, (_, k) => k + 0.25);
  const arg: Record<string, unknown> = {
    data,
    shape: d.shape === 'fits' ? [d.rows, d.cols] : d.shape,
  };
  if (d.strides !== undefined) arg.strides = strides;
  if (d.offset !== undefined) arg.offset = d.offset;
  return { arg, length };
}

/** A drawn view in a line (a list of 2^32 holes as its length, not its holes). */
function brief(d: Drawn): string {
  const field = (v: unknown) =>
    Array.isArray(v) && v.length > 8
      ? `a list of ${v.length}`
      : typeof v === 'symbol'
        ? 'a symbol'
        : JSON.stringify(v);
  return `${d.rows}x${d.cols} (+${d.extra}) shape ${field(d.shape)} strides ${field(d.strides)} offset ${field(d.offset)}`;
}

/** What an engine did with the argument: the output's bytes, or a (typed) error. */
function outcome(
  call: (...args: never[]) => unknown,
  arg: Record<string, unknown>,
  size: number,
): { out?: number[]; error?: unknown } {
  const out = new Float32Array(size).fill(-1);
  const error = thrownBy(() => call(arg as never, out as never));
  return error === undefined ? { out: Array.from(out) } : { error };
}

describe('memref views on every engine', () => {
  for (const [name, layout] of Object.entries(LAYOUTS)) {
    it(`are taken or refused alike, and give one result when taken (${name} layout, seeded)`, () => {
      const module = parseModule(COPY(layout));
      const calls = ENGINES.map((engine) => compile(module, 'copy', { engine }));
      let taken = 0;
      let refused = 0;
      fc.assert(
        fc.property(view, (d) => {
          const { arg } = argumentOf(d);
          const size = d.shape === 'fits' ? d.rows * d.cols : 0;
          const results = calls.map((call) => outcome(call, arg, size));
          const label = `${name}: ${brief(d)}`;
          for (const r of results) {
            if (r.error !== undefined)
              expect(isTilekitError(r.error), `${label}: ${String(r.error)}`).toBe(true);
          }
          const accepted = results.map((r) => r.error === undefined);
          expect(accepted, `${label}: ${results.map((r) => String(r.error)).join(' | ')}`).toEqual(
            accepted.map(() => accepted[0]),
          );
          if (accepted[0]) {
            taken++;
            for (const r of results.slice(1)) expect(r.out, label).toEqual(results[0]?.out);
          } else refused++;
        }),
        { seed: name === 'strided' ? 2611 : 2612, numRuns: 400 },
      );
      // Both outcomes came up often.
      expect(taken).toBeGreaterThan(25);
      expect(refused).toBeGreaterThan(25);
    });
  }
});
