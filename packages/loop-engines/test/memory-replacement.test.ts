/**
 * The engine memory moves into a larger memory when a call or an engine array needs more room,
 * never `memory.grow`s: growing detaches the old buffer, after which V8 checks every typed-array
 * access of the process for detachment. Over any sequence of growing and shrinking calls,
 * engine arrays allocated and disposed, and inputs kept resident: no buffer the memory ever had
 * is detached, live engine arrays keep their contents, results equal a plain JavaScript loop
 * bit for bit, and each move at least doubles the memory (so there are few of them).
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, type EngineArray, engineArray, markImmutable } from '../src/index.js';
import { engineMemory } from '../src/wasm/runtime/engine-memory.js';
import { mixKernel } from './support/resident-pool.js';

const K = 0.5;
const wasm = compile(mixKernel(K), 'mix', { engine: 'wasm' });

/** x[i] = a[i] * K + b[i % nb], as the mix kernel computes it (f64: the same IEEE operations). */
function mixed(a: Float64Array, b: Float64Array): Float64Array {
  const x = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) x[i] = (a[i] as number) * K + (b[i % b.length] as number);
  return x;
}

/** Elements of at most 8 MiB of f64, so that the memory stays under about 64 MiB. */
const MAX_ELEMENTS = 1 << 20;

/** The first index where `got` and `want` differ bit for bit, or -1 (fast on long arrays). */
function firstDifference(got: Float64Array, want: Float64Array): number {
  const bytes = (a: Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  if (got.length === want.length && bytes(got).equals(bytes(want))) return -1;
  for (let i = 0; i < Math.min(got.length, want.length); i++)
    if (!Object.is(got[i], want[i])) return i;
  return Math.min(got.length, want.length);
}

/** One step: a call over operands, or an engine array reserved or released. */
type Step =
  | { kind: 'call'; scale: number; inEngine: boolean; again: boolean; seed: number }
  | { kind: 'reserve'; scale: number; seed: number }
  | { kind: 'release'; pick: number };

const scale = fc.double({ min: 0.05, max: 2.5, noNaN: true });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('call' as const),
    scale,
    inEngine: fc.boolean(),
    again: fc.boolean(),
    seed: fc.integer(),
  }),
  fc.record({ kind: fc.constant('reserve' as const), scale, seed: fc.integer() }),
  fc.record({ kind: fc.constant('release' as const), pick: fc.nat() }),
);

/** `n` values from `seed`, distinct enough that a misplaced element shows. */
const valuesOf = (n: number, seed: number) =>
  Float64Array.from({ length: n }, (_, i) => ((seed ^ (i * 2654435761)) % 1000003) / 7);

describe('the engine memory grows by moving into a larger memory', () => {
  it('never detaches a buffer; contents, residents and results stay right', () => {
    const buffers: { buffer: ArrayBuffer; bytes: number }[] = [];
    const note = () => {
      const { buffer } = engineMemory().memory;
      if (buffers.at(-1)?.buffer !== buffer) buffers.push({ buffer, bytes: buffer.byteLength });
    };
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 8 }), (steps) => {
        const live: { array: EngineArray<Float64Array>; want: Float64Array }[] = [];
        let resident: { a: Float64Array; b: Float64Array } | undefined;
        try {
          for (const s of steps) {
            note();
            const size = () =>
              Math.max(
                1,
                Math.min(
                  MAX_ELEMENTS,
                  Math.round(
                    ((s as { scale: number }).scale * engineMemory().memory.buffer.byteLength) / 8,
                  ),
                ),
              );
            if (s.kind === 'reserve') {
              const want = valuesOf(size(), s.seed);
              const array = engineArray(Float64Array, want.length);
              array.data.set(want);
              live.push({ array, want });
            } else if (s.kind === 'release') {
              if (live.length > 0) live.splice(s.pick % live.length, 1)[0]?.array.dispose();
            } else {
              // The same immutable inputs again (kept resident), or new ones.
              if (!s.again || resident === undefined) {
                const n = size();
                resident = { a: valuesOf(n, s.seed), b: valuesOf(1 + (n % 97), ~s.seed) };
                markImmutable(resident.a, resident.b);
              }
              const { a, b } = resident;
              const want = mixed(a, b);
              if (s.inEngine) {
                const x = engineArray(Float64Array, a.length);
                try {
                  wasm(a, b, { data: x.data, shape: [a.length] });
                  expect(firstDifference(x.data, want)).toBe(-1);
                } finally {
                  x.dispose();
                }
              } else {
                const x = new Float64Array(a.length);
                wasm(a, b, x);
                expect(firstDifference(x, want)).toBe(-1);
              }
            }
            for (const { array, want } of live) expect(firstDifference(array.data, want)).toBe(-1);
          }
          note();
          for (const { buffer, bytes } of buffers) expect(buffer.byteLength).toBe(bytes);
        } finally {
          for (const { array } of live) array.dispose();
        }
      }),
      { seed: 2911, numRuns: 12 },
    );
    // Each move at least doubled the memory, and the runs made several.
    expect(buffers.length).toBeGreaterThan(4);
    for (let k = 1; k < buffers.length; k++)
      expect(buffers[k]?.bytes).toBeGreaterThanOrEqual(2 * (buffers[k - 1]?.bytes as number));
  });
});
