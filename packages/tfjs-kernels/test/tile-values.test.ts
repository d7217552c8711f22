/**
 * Data-dependent checks of tscatter/tgather: values must fit their declared types, and offsets
 * must address the tile (`bounds: 'error'`) unless skipped (`bounds: 'skip'`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertIndicesInBounds } from '../src/impl/tile-values.js';
import { TileIndexError, TileValueError, tgather, tscatter } from '../src/index.js';
import { expectThrowsWithoutLeak, tf } from './support/tf.js';
import { run } from './support/tile-calls.js';

describe('values must fit their declared types', () => {
  const cases: [string, () => unknown, string][] = [
    [
      's8 data out of range',
      () =>
        run(
          'tscatter',
          { elementType: 's8', indexType: 's16', dstShape: [2, 32] },
          {
            src: [1, 32],
            idx: [1, 16],
            dtype: 'int32',
            srcValues: (k) => (k === 5 ? 200 : k),
          },
        ),
      "tscatter: argument 'src' element 5 = 200 does not fit declared type s8 (integers -128..127)",
    ],
    [
      'u32 data negative',
      () =>
        run(
          'tscatter',
          { elementType: 'u32', indexType: 'u32' },
          { dtype: 'int32', srcValues: (k) => (k === 0 ? -1 : k) },
        ),
      "tscatter: argument 'src' element 0 = -1 does not fit declared type u32 (integers 0..4294967295)",
    ],
    [
      'f16 data not representable',
      () =>
        run(
          'tscatter',
          { elementType: 'f16', indexType: 'u16', dstShape: [2, 16] },
          {
            src: [1, 16],
            idx: [1, 16],
            srcValues: (k) => (k === 3 ? 0.1 : k),
          },
        ),
      "tscatter: argument 'src' element 3 = 0.10000000149011612 does not fit declared type f16",
    ],
    [
      'f16 data beyond 65504',
      () =>
        run(
          'tscatter',
          { elementType: 'f16', indexType: 'u16', dstShape: [2, 16] },
          { src: [1, 16], idx: [1, 16], srcValues: (k) => (k === 0 ? 70000 : k) },
        ),
      "tscatter: argument 'src' element 0 = 70000 does not fit declared type f16",
    ],
    [
      'bf16 data not representable',
      () =>
        run(
          'tscatter',
          { elementType: 'bf16', indexType: 'u16', dstShape: [2, 16] },
          { src: [1, 16], idx: [1, 16], srcValues: (k) => (k === 0 ? 1 + 2 ** -10 : k) },
        ),
      "tscatter: argument 'src' element 0 = 1.0009765625 does not fit declared type bf16",
    ],
    [
      'u16 index negative',
      () =>
        run(
          'tscatter',
          { elementType: 's16', indexType: 'u16', dstShape: [2, 16] },
          { src: [1, 16], idx: [1, 16], dtype: 'int32', idxValues: (k) => (k === 0 ? -3 : k) },
        ),
      "tscatter: argument 'idx' element 0 = -3 does not fit declared type u16 (integers 0..65535)",
    ],
    [
      's16 index too large',
      () =>
        run(
          'tgather',
          { elementType: 's16', indexType: 's16', target: 'any', dstShape: [1, 16] },
          { src: [1, 16], idx: [1, 16], dtype: 'int32', idxValues: (k) => (k === 0 ? 40000 : k) },
        ),
      "tgather: argument 'idx' element 0 = 40000 does not fit declared type s16 (integers -32768..32767)",
    ],
  ];
  for (const [name, call, message] of cases) {
    it(`rejects ${name}`, () => {
      const error = expectThrowsWithoutLeak(call);
      expect(error).toBeInstanceOf(TileValueError);
      expect(error.message).toContain(message);
    });
  }

  it('accepts exactly representable f16 and bf16 values, subnormals and infinities included', () => {
    const f16 = [
      65504,
      -65504,
      2 ** -24,
      3 * 2 ** -24,
      2 ** -14,
      1 + 2 ** -10,
      Number.POSITIVE_INFINITY,
      0,
    ];
    const bf16 = [1 + 2 ** -7, 2 ** 100, -(2 ** -130), Number.NEGATIVE_INFINITY, 0, 0, 0, 0];
    for (const [elementType, values] of [
      ['f16', f16],
      ['bf16', bf16],
    ] as const) {
      const padded = [...values, ...new Array(16 - values.length).fill(0)];
      const out = tf.tidy(() =>
        tscatter(
          tf.tensor2d(padded, [1, 16]),
          tf.tensor2d([Array.from({ length: 16 }, (_, k) => k)], undefined, 'int32'),
          {
            dstShape: [1, 16],
            elementType,
            indexType: 'u16',
          },
        ),
      );
      expect(Array.from(out.dataSync())).toEqual(Array.from(Float32Array.from(padded)));
      out.dispose();
    }
  });
});

describe('bounds', () => {
  const offsets = (bad: number) => (k: number) => (k === 9 ? bad : k);

  it("'error' (default) rejects an offset past the destination, naming the entry", () => {
    const error = expectThrowsWithoutLeak(() => run('tscatter', {}, { idxValues: offsets(16) }));
    expect(error).toBeInstanceOf(TileIndexError);
    expect(error.message).toBe(
      "tscatter: argument 'idx' entry [0, 1, 1] = 16 is outside the addressed tile of 16 elements (valid offsets 0..15); pass bounds: 'skip' to ignore such entries",
    );
  });

  it("'error' rejects a negative s32 offset, and tgather checks against its source tile", () => {
    expect(
      expectThrowsWithoutLeak(() => run('tscatter', {}, { idxValues: offsets(-1) })),
    ).toBeInstanceOf(TileIndexError);
    const error = expectThrowsWithoutLeak(() =>
      run('tgather', {}, { src: [1, 8], idxValues: offsets(8) }),
    );
    expect(error.message).toContain('= 8 is outside the addressed tile of 8 elements');
  });

  it("'error' only looks at the valid region", () => {
    const out = run('tscatter', { validRow: 1 }, { idxValues: offsets(99) });
    expect(out.shape).toEqual([2, 8]);
    out.dispose();
  });

  it("'error' names the first offending entry wherever it sits in a run (random batches, tscatter and tgather)", () => {
    // Runs long enough for the unrolled loops, with bad entries in the body and in the tail.
    const [batch, rows, cols] = [3, 4, 40];
    const size = rows * cols;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: rows }),
        fc.integer({ min: 1, max: cols }),
        fc.array(
          fc.record({
            at: fc.nat(batch * size - 1),
            offset: fc.oneof(
              fc.integer({ min: -300, max: -1 }),
              fc.integer({ min: size, max: 999 }),
            ),
          }),
          { maxLength: 3 },
        ),
        (validRow, validCol, bad) => {
          const idxValues = Int32Array.from({ length: batch * size }, (_, k) => (k * 7) % size);
          for (const { at, offset } of bad) idxValues[at] = offset;
          // Reference: the first entry in batch, row, column order inside the valid region.
          let first: [number, number, number] | null = null;
          for (let b = 0; b < batch && first === null; b++)
            for (let i = 0; i < validRow && first === null; i++)
              for (let j = 0; j < validCol && first === null; j++) {
                const v = idxValues[b * size + i * cols + j]!;
                if (v < 0 || v >= size) first = [b, i, j];
              }
          const src = tf.tensor3d(
            Float32Array.from({ length: batch * size }, (_, k) => k),
            [batch, rows, cols],
          );
          const idx = tf.tensor3d(idxValues, [batch, rows, cols], 'int32');
          const options = { dstShape: [rows, cols], validRow, validCol };
          const calls = [() => tscatter(src, idx, options), () => tgather(src, idx, options)];
          if (first === null) {
            // src holds k at flat position k: scatter moves k to its offset, gather reads it.
            const scattered = new Float32Array(batch * size);
            const gathered = new Float32Array(batch * size);
            for (let b = 0; b < batch; b++)
              for (let i = 0; i < validRow; i++)
                for (let j = 0; j < validCol; j++) {
                  const k = b * size + i * cols + j;
                  scattered[b * size + idxValues[k]!] = k;
                  gathered[k] = b * size + idxValues[k]!;
                }
            const [outScatter, outGather] = calls.map((call) => call());
            expect(outScatter!.dataSync()).toEqual(scattered);
            expect(outGather!.dataSync()).toEqual(gathered);
            tf.dispose([outScatter!, outGather!]);
          } else {
            for (const call of calls) {
              const error = expectThrowsWithoutLeak(call) as TileIndexError;
              expect(error).toBeInstanceOf(TileIndexError);
              expect(error.position).toEqual(first);
              const [b, i, j] = first;
              expect(error.offset).toBe(idxValues[b * size + i * cols + j]);
            }
          }
          tf.dispose([src, idx]);
        },
      ),
      { seed: 11, numRuns: 150 },
    );
  });

  it("'skip' ignores out-of-range entries and applies the rest", () => {
    const out = run('tscatter', { bounds: 'skip' }, { idxValues: offsets(16) });
    const expected = Array.from({ length: 16 }, (_, k) => (k === 9 ? 0 : k));
    expect(Array.from(out.dataSync())).toEqual(expected);
    const gathered = run('tgather', { bounds: 'skip' }, { idxValues: offsets(-4) });
    expect(Array.from(gathered.dataSync())).toEqual(expected);
    tf.dispose([out, gathered]);
  });
});

describe('assertIndicesInBounds (shared with backends that check before launching)', () => {
  const g = {
    batch: 2,
    src: { rows: 2, cols: 8 },
    idx: { rows: 2, cols: 8 },
    dst: { rows: 1, cols: 8 },
    validRow: 2,
    validCol: 3,
  };
  const idx = (bad: number, at: number) =>
    Int32Array.from({ length: 32 }, (_, k) => (k === at ? bad : k % 8));

  it('accepts offsets inside the tile and ignores entries outside the valid region', () => {
    expect(() => assertIndicesInBounds('op', idx(99, 5), g, 8)).not.toThrow();
  });

  it('names batch, row and column of the first offending entry', () => {
    // Flat position 25: batch 1, row 1, column 1.
    expect(() => assertIndicesInBounds('op', idx(8, 25), g, 8)).toThrow(
      "op: argument 'idx' entry [1, 1, 1] = 8 is outside the addressed tile of 8 elements",
    );
    expect(() => assertIndicesInBounds('op', idx(-1, 2), g, 8)).toThrow(TileIndexError);
  });
});
