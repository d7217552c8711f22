/**
 * The reference formulas and loops the properties compare against, checked against sources that
 * are not code: XLA's vectors, the document's figures (tabulated by hand) and the PTO CPU
 * simulator's outputs.
 */
import { describe, expect, it } from 'vitest';
import {
  cpuSimTileCall,
  formatSpec,
  PTO_TSCATTER_CPUSIM,
  parseSpec,
  referenceExpandedShape,
  referenceLinearIndex,
  referenceOffsets,
  referencePhysicalElementCount,
  referenceRelayout,
  referenceTGather,
  referenceTScatter,
  SEED_COMBINED,
  SEED_FIGURES,
  SEED_TILE_CASES,
  type SeedTile,
  XLA_LAYOUT_VECTORS,
} from '../src/testing.js';

describe('referenceLinearIndex', () => {
  const vectors = XLA_LAYOUT_VECTORS.cases.flatMap((v) => (v.kind === 'linear_index' ? [v] : []));

  it.each(vectors)('$shape at [$index] is $expected ($source)', ({ shape, index, expected }) => {
    expect(referenceLinearIndex(parseSpec(shape), index)).toBe(expected);
  });

  it.each(SEED_FIGURES.cases)('reproduces $name of the document, every element', (figure) => {
    expect(referenceOffsets(parseSpec(figure.shape))).toEqual(figure.offsets.flat());
    expect(referenceExpandedShape(parseSpec(figure.shape))).toEqual(figure.expandedShape);
  });

  it.each(SEED_COMBINED.cases)('reproduces the combined-dimensions samples of $name', (example) => {
    const spec = parseSpec(example.shape);
    expect(example.samples.map((s) => referenceLinearIndex(spec, s.index))).toEqual(
      example.samples.map((s) => s.offset),
    );
    expect(referenceExpandedShape(spec)).toEqual(example.expandedShape);
  });
});

describe('referencePhysicalElementCount', () => {
  const sized = XLA_LAYOUT_VECTORS.cases.flatMap((v) =>
    v.kind === 'array_size' && v.expanded_elements !== undefined ? [v] : [],
  );

  it.each(sized)(
    '$shape expands to $expanded_elements elements',
    ({ shape, expanded_elements }) => {
      const spec = parseSpec(shape);
      expect(referenceExpandedShape(spec).reduce((p, d) => p * d, 1)).toBe(expanded_elements);
      expect(referencePhysicalElementCount(spec)).toBe(
        Math.ceil(expanded_elements! / spec.tailPadding) * spec.tailPadding,
      );
    },
  );
});

describe('tiles with more dimensions than the shape', () => {
  // XLA's ShapeUtil::ArraySize counts tile dimensions past the shape's rank as size 1, i.e. the
  // shape is tiled as if it had leading unit dimensions.
  it('tile f32[3] by (2,2) as f32[1,3]: offsets 0,1,4 in 8 slots', () => {
    const longer = parseSpec('f32[3]{0:T(2,2)}');
    // Hand-derived: element i is in tile (0, floor(i/2)) at (0, i%2); tiles hold 2x2 slots.
    expect(referenceOffsets(longer)).toEqual([0, 1, 4]);
    expect(referenceExpandedShape(longer)).toEqual([1, 2, 2, 2]);
    // ArraySize: RoundUpTo(3, 2) * RoundUpTo(1, 2) elements.
    expect(referencePhysicalElementCount(longer)).toBe(4 * 2);
    expect(referenceOffsets(longer)).toEqual(referenceOffsets(parseSpec('f32[1,3]{1,0:T(2,2)}')));
  });

  it('tiles a scalar, and pads a later tile longer than the expanded shape the same way', () => {
    expect(referenceOffsets(parseSpec('f32[]{:T(4)}'))).toEqual([0]);
    expect(referencePhysicalElementCount(parseSpec('f32[]{:T(4)}'))).toBe(4);
    // f32[5]{0:T(2)} expands to [3,2]; the later tile (2,1,1) sees [1,3,2] and expands it to
    // [1,3,2,2,1,1]: element i lands at (floor(i/2), i%2, 0) of the last three, i.e. 4*floor(i/2) + 2*(i%2).
    const later = parseSpec('f32[5]{0:T(2)(2,1,1)}');
    expect(referenceOffsets(later)).toEqual([0, 2, 4, 6, 8]);
    expect(referenceOffsets(later)).toEqual(
      referenceOffsets(parseSpec('f32[1,5]{1,0:T(2)(2,1,1)}')),
    );
    expect(referenceExpandedShape(later)).toEqual([1, 3, 2, 2, 1, 1]);
  });
});

describe('referenceRelayout', () => {
  it("matches the relayout op's documented Figure 1 buffer", () => {
    const values = Array.from({ length: 15 }, (_, k) => k + 1);
    expect(referenceRelayout(parseSpec('f32[3,5]{1,0:T(2,2)}'), values, 0)).toEqual([
      1, 2, 6, 7, 3, 4, 8, 9, 5, 0, 10, 0, 11, 12, 0, 0, 13, 14, 0, 0, 15, 0, 0, 0,
    ]);
  });
});

describe('parseSpec / formatSpec', () => {
  it('round-trips the canonical text of simple arrays', () => {
    for (const text of [
      'f32[3,5]{1,0:T(2,2)}',
      'bf16[8,2,3,1004]{3,2,1,0:T(2,*,*,128)}',
      'f32[3,5]{1,0:T(2,2)L(7)}',
      'pred[8,8,8]{0,2,1:T(8,128)E(32)}',
      's4[3,5]{1,0}',
    ]) {
      expect(formatSpec(parseSpec(text))).toBe(text);
    }
  });

  it('rejects what it does not model', () => {
    expect(() => parseSpec('(f32[2], s8[3])')).toThrow("'text' is not a static dense array shape");
    expect(() => parseSpec('f32[2]{0:Q(1)}')).toThrow('unsupported layout attribute');
  });
});

const storage = (tile: SeedTile) =>
  tile.rows.flatMap((row) => [...row, ...Array<number>(tile.cols - row.length).fill(tile.pad)]);

describe('reference TSCATTER/TGATHER loops', () => {
  it.each(PTO_TSCATTER_CPUSIM.cases.map((c, n) => ({ ...c, n })))(
    'simulator case $n: $dtype[$dst] by $indexDtype[$idx] valid $validRow x $validCol',
    (c) => {
      expect(referenceTScatter(cpuSimTileCall(c))).toEqual(c.expected);
    },
  );

  it.each(SEED_TILE_CASES.cases)('hand-derived $op case $name', (c) => {
    const call = {
      src: storage(c.src),
      srcShape: [c.src.rows.length, c.src.cols] as const,
      idx: storage(c.idx),
      idxShape: [c.idx.rows.length, c.idx.cols] as const,
      dstShape: c.dstShape,
      validRow: c.validRow,
      validCol: c.validCol,
    };
    expect(c.op === 'tscatter' ? referenceTScatter(call) : referenceTGather(call)).toEqual(
      c.expected.flat(),
    );
  });
});
