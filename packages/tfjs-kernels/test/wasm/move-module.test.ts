/**
 * The hand-assembled move module on its own: every build (SIMD or 64-bit words, shared or plain
 * memory import) validates, and its copies and fills equal a plain element loop over random
 * tables, lengths and alignments — including runs long enough for the bulk-copy branch.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MoveExports, moveInstance } from '../../src/wasm/move-instance.js';
import {
  BULK_COPY_MIN_BYTES,
  chunkBytes,
  moveModuleBytes,
  UNROLLED_CHUNKS,
} from '../../src/wasm/move-module.js';

const PAGES = 4;
const BUILDS = [
  { simd: true, shared: false },
  { simd: false, shared: false },
  { simd: true, shared: true },
  { simd: false, shared: true },
] as const;

function memoryFor(shared: boolean): WebAssembly.Memory {
  return new WebAssembly.Memory(
    shared ? { initial: PAGES, maximum: PAGES, shared: true } : { initial: PAGES },
  );
}

function instantiate(simd: boolean, shared: boolean, memory: WebAssembly.Memory): MoveExports {
  const module = new WebAssembly.Module(moveModuleBytes({ simd, shared }));
  return new WebAssembly.Instance(module, { env: { memory } }).exports as unknown as MoveExports;
}

/** Regions of the test memory: tables, then source, then destination (byte offsets). */
const TABLE = 0;
const SRC = 65536;
const DST = 2 * 65536;
const REGION_ELEMENTS = 4096; // 4-byte elements per region

/** The first index where two byte arrays differ, or -1 (a fast whole-region comparison). */
function firstDifference(actual: Uint8Array, expected: Uint8Array): number {
  for (let k = 0; k < expected.length; k++) if (actual[k] !== expected[k]) return k;
  return actual.length === expected.length ? -1 : expected.length;
}

/** Random non-overlapping destination runs (t, f, length), in element units. */
const movesTable = fc
  .array(
    fc.record({
      length: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 500, max: 900 })),
      f: fc.integer({ min: 0, max: REGION_ELEMENTS - 900 }),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .chain((runs) =>
    fc.tuple(fc.constant(runs), fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 3 })),
  )
  .map(([runs, gap, start]) => {
    let t = start;
    return runs.map(({ length, f }) => {
      const move = [t, f, length];
      t += length + gap;
      return move;
    });
  })
  .filter((moves) => moves.every(([t, , n]) => t! + n! <= REGION_ELEMENTS));

describe.each(BUILDS)('move module (simd: $simd, shared: $shared)', ({ simd, shared }) => {
  it('validates', () => {
    expect(WebAssembly.validate(moveModuleBytes({ simd, shared }))).toBe(true);
  });

  it.each([0, 2])('moves equal an element loop (shift %i)', (shift) => {
    fc.assert(
      fc.property(movesTable, fc.integer({ min: 1, max: 1 << 30 }), (moves, seed) => {
        const memory = memoryFor(shared);
        const exports = instantiate(simd, shared, memory);
        const bytes = new Uint8Array(memory.buffer);
        for (let k = 0; k < REGION_ELEMENTS * 4; k++) bytes[SRC + k] = (seed * (k + 1)) >>> 13;
        new Int32Array(memory.buffer, TABLE, moves.length * 3).set(moves.flat());
        const expected = bytes.slice(DST, DST + REGION_ELEMENTS * 4);
        const size = 1 << shift;
        for (const [t, f, n] of moves)
          for (let b = 0; b < n! * size; b++) expected[t! * size + b] = bytes[SRC + f! * size + b]!;
        exports.moves(TABLE, moves.length, DST, SRC, shift);
        expect(firstDifference(bytes.subarray(DST, DST + REGION_ELEMENTS * 4), expected)).toBe(-1);
      }),
      { seed: 7, numRuns: 40 },
    );
  });

  it.each([0, 2])(
    'moves of every length around the inline loops and the bulk copy equal an element loop (shift %i)',
    (shift) => {
      const memory = memoryFor(shared);
      const exports = instantiate(simd, shared, memory);
      const bytes = new Uint8Array(memory.buffer);
      for (let k = 0; k < REGION_ELEMENTS * 4; k++) bytes[SRC + k] = (k * 131 + 7) & 0xff;
      const size = 1 << shift;
      const chunk = chunkBytes(simd);
      // Byte lengths at each edge: one chunk, the unrolled block, the bulk-copy threshold.
      const edges = [0, chunk, UNROLLED_CHUNKS * chunk, 2 * UNROLLED_CHUNKS * chunk + chunk];
      const byteLengths = [...edges, BULK_COPY_MIN_BYTES].flatMap((b) => [b - size, b, b + size]);
      const lengths = [...new Set(byteLengths.filter((b) => b >= 0).map((b) => b / size))];
      for (const n of lengths) {
        for (const [t, f] of [
          [0, 0],
          [1, 3],
          [3, 1],
          [2, 5],
        ]) {
          const dst = bytes.subarray(DST, DST + REGION_ELEMENTS * 4);
          dst.fill(0xee);
          const expected = dst.slice();
          for (let b = 0; b < n * size; b++) expected[t! * size + b] = bytes[SRC + f! * size + b]!;
          new Int32Array(memory.buffer, TABLE, 3).set([t!, f!, n]);
          exports.moves(TABLE, 1, DST, SRC, shift);
          expect(firstDifference(dst, expected), `length ${n}, t ${t}, f ${f}`).toBe(-1);
        }
      }
    },
  );

  it.each([0, 2])('strided copies equal an element loop (shift %i)', (shift) => {
    const entry = fc.record({
      t: fc.integer({ min: 0, max: 99 }),
      ts: fc.integer({ min: 1, max: 5 }),
      f: fc.integer({ min: 0, max: 99 }),
      fs: fc.integer({ min: 1, max: 5 }),
      n: fc.integer({ min: 0, max: 60 }),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 6 }), (entries) => {
        const memory = memoryFor(shared);
        const exports = instantiate(simd, shared, memory);
        const size = 1 << shift;
        const src = new Uint8Array(memory.buffer, SRC, 4096);
        src.forEach((_, k) => {
          src[k] = (k * 37 + 11) & 0xff;
        });
        const table = entries.flatMap(({ t, ts, f, fs, n }) => [t, ts, f, fs, n]);
        new Int32Array(memory.buffer, TABLE, table.length).set(table);
        const dst = new Uint8Array(memory.buffer, DST, 4096);
        const expected = dst.slice();
        for (const { t, ts, f, fs, n } of entries)
          for (let i = 0; i < n; i++)
            for (let b = 0; b < size; b++)
              expected[(t + i * ts) * size + b] = src[(f + i * fs) * size + b]!;
        exports.strided(TABLE, entries.length, DST, SRC, shift);
        expect(firstDifference(dst, expected)).toBe(-1);
      }),
      { seed: 11, numRuns: 60 },
    );
  });

  it('fills 32-bit and 8-bit values without touching neighbours', () => {
    const memory = memoryFor(shared);
    const exports = instantiate(simd, shared, memory);
    const words = new Int32Array(memory.buffer, DST, 32);
    words.fill(7);
    // A signalling-NaN pattern: filled as bits, never through a float.
    exports.fill32(DST + 4, 13, 0x7f80_0001);
    expect(Array.from(words.slice(0, 16))).toEqual([7, ...Array(13).fill(0x7f80_0001), 7, 7]);
    const bytes = new Uint8Array(memory.buffer, SRC, 8);
    exports.fill8(SRC + 1, 5, 1);
    expect(Array.from(bytes)).toEqual([0, 1, 1, 1, 1, 1, 0, 0]);
  });
});

describe('moveInstance', () => {
  it('builds one instance per memory and imports a shared memory as shared', () => {
    const plain = memoryFor(false);
    const shared = memoryFor(true);
    expect(moveInstance(plain)).toBe(moveInstance(plain));
    const exports = moveInstance(shared);
    const words = new Int32Array(shared.buffer, DST, 4);
    exports.fill32(DST, 4, -3);
    expect(Array.from(words)).toEqual([-3, -3, -3, -3]);
  });
});
