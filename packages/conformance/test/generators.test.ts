/** The property generators: reproducible from a seed, and inside the domain each one promises. */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COMBINE,
  csrMatrices,
  layouts,
  PADDING_OFFSET,
  PADDING_VALUE,
  tileCalls,
} from '../src/testing.js';

const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns = 200) =>
  fc.sample(arbitrary, { seed: 42, numRuns });

describe('layouts', () => {
  it('is reproducible from its seed', () => {
    expect(sample(layouts({ combine: true, permuted: true }), 20)).toEqual(
      sample(layouts({ combine: true, permuted: true }), 20),
    );
  });

  it('puts suffix tiles on fewer dimensions than the shape, full tiles on all of them', () => {
    for (const spec of sample(layouts({ tileRank: 'suffix' })))
      expect(spec.tiles[0]!.length).toBeLessThan(spec.dims.length);
    for (const spec of sample(layouts({ tileRank: 'full' })))
      expect(spec.tiles[0]!.length).toBe(spec.dims.length);
  });

  it('writes `*` only in major tile positions, and minor_to_major is a permutation', () => {
    const specs = sample(layouts({ combine: true, permuted: true, minRank: 2 }));
    expect(specs.some((s) => s.tiles[0]!.includes(COMBINE))).toBe(true);
    for (const spec of specs) {
      expect(spec.tiles[0]![spec.tiles[0]!.length - 1]).not.toBe(COMBINE);
      expect([...spec.minorToMajor].sort()).toEqual(spec.dims.map((_, k) => k));
    }
  });
});

describe('layouts: longer tiles, later `*`, empty dimensions', () => {
  const bounds = {
    minRank: 0,
    maxRank: 3,
    minDim: 0,
    levels: { min: 1, max: 3 },
    combine: true,
    combineLater: true,
    longerTiles: true,
    maxLaterTile: 4,
  };

  it('gives tiles at most one dimension longer than what they tile, `*` never most minor', () => {
    const specs = sample(layouts(bounds), 400);
    expect(specs.some((s) => s.tiles[0]!.length > s.dims.length)).toBe(true);
    expect(specs.some((s) => s.dims.length === 0)).toBe(true);
    expect(specs.some((s) => s.dims.includes(0))).toBe(true);
    expect(specs.some((s) => s.tiles.slice(1).some((t) => t.includes(COMBINE)))).toBe(true);
    expect(specs.some((s) => s.tiles.slice(1).some((t) => t.some((e) => e > 2)))).toBe(true);
    for (const spec of specs) {
      const [first, ...later] = spec.tiles;
      expect(first!.length).toBeLessThanOrEqual(spec.dims.length + 1);
      const firstSizes = first!.filter((t) => t !== COMBINE).length;
      for (const tile of [first!, ...later]) expect(tile.at(-1)).not.toBe(COMBINE);
      for (const tile of later) {
        expect(tile.length).toBeLessThanOrEqual(firstSizes + 1);
        expect(Math.max(...tile)).toBeLessThanOrEqual(4);
      }
    }
  });

  it('keeps tiles within the shape and `*` out of later tiles unless asked', () => {
    for (const spec of sample(layouts({ combine: true, levels: { min: 1, max: 3 } }), 400)) {
      expect(spec.tiles[0]!.length).toBeLessThanOrEqual(spec.dims.length);
      expect(spec.dims.every((d) => d >= 1)).toBe(true);
      for (const tile of spec.tiles.slice(1)) {
        expect(tile).not.toContain(COMBINE);
        expect(Math.max(...tile)).toBeLessThanOrEqual(2);
      }
    }
  });
});

describe('tileCalls', () => {
  it('builds PTO-aligned tiles that hold the valid region, padding filled with never-read values', () => {
    for (const call of sample(tileCalls({ padding: 'independent' }))) {
      for (const shape of [call.srcShape, call.idxShape, call.dstShape])
        expect(shape[1] % 8).toBe(0);
      expect(call.idxShape[0]).toBeGreaterThanOrEqual(call.validRow);
      expect(call.srcShape[1]).toBeGreaterThanOrEqual(call.validCol);
      const padding = Array.from(call.idx).filter(
        (_, p) =>
          Math.floor(p / call.idxShape[1]) >= call.validRow ||
          p % call.idxShape[1] >= call.validCol,
      );
      expect(padding.every((k) => k === PADDING_OFFSET)).toBe(true);
      expect(Array.from(call.src).filter((v) => v === PADDING_VALUE).length).toBe(
        call.srcShape[0] * call.srcShape[1] - call.validRow * call.validCol,
      );
    }
  });

  const validOffsets = (
    call: ReturnType<typeof sample<import('../src/testing.js').TileCall>>[number],
  ) =>
    Array.from(call.idx).filter(
      (_, p) =>
        Math.floor(p / call.idxShape[1]) < call.validRow && p % call.idxShape[1] < call.validCol,
    );

  it('draws distinct in-range offsets, or repeating ones', () => {
    for (const call of sample(tileCalls({ offsets: 'distinct' }))) {
      const offsets = validOffsets(call);
      expect(new Set(offsets).size).toBe(offsets.length);
      expect(offsets.every((k) => k >= 0 && k < call.dstShape[0] * call.dstShape[1])).toBe(true);
    }
    const repeating = sample(tileCalls({ offsets: 'repeat' })).map(validOffsets);
    expect(repeating.filter((o) => new Set(o).size < o.length).length).toBeGreaterThan(100);
  });
});

describe('csrMatrices', () => {
  it('builds valid CSR: positions from 0 to nnz, sorted distinct columns per row', () => {
    for (const a of sample(csrMatrices())) {
      expect(a.pos.length).toBe(a.rows + 1);
      expect(a.pos[0]).toBe(0);
      expect(a.pos[a.rows]).toBe(a.crd.length);
      expect(a.vals.length).toBe(a.crd.length);
      for (let i = 0; i < a.rows; i++) {
        const row = a.crd.slice(a.pos[i], a.pos[i + 1]);
        expect(row.every((c, k) => c < a.cols && (k === 0 || c > row[k - 1]!))).toBe(true);
      }
    }
  });
});
