/**
 * The seed document's worked examples (XLA's "Tiled layout" document, docs/tiled_layout.md in
 * openxla/xla; a copy is in the workplace's shared seed documents), with every expected offset
 * derived by hand from its formulas (derivations in comments).
 */
import { describe, expect, it } from 'vitest';
import {
  delinearize,
  expandedShape,
  inverseMap,
  linearIndex,
  offsetMap,
  physicalElementCount,
} from '../src/index.js';

describe('Figure 1: F32[3,5]{1,0:(2,2)}', () => {
  // Tile grid (ceil(3/2), ceil(5/2)) = (2, 3), tiles of 2x2 = 4 elements:
  // offset(r, c) = (floor(r/2)*3 + floor(c/2))*4 + (r%2)*2 + c%2.
  // Row 0: tiles (0,0),(0,0),(0,1),(0,1),(0,2) -> 0, 1, 4, 5, 8
  // Row 1: same tiles, in-tile row 1 (+2)      -> 2, 3, 6, 7, 10
  // Row 2: tile row 1 (+12), in-tile row 0     -> 12, 13, 16, 17, 20
  const figure1 = [
    [0, 1, 4, 5, 8],
    [2, 3, 6, 7, 10],
    [12, 13, 16, 17, 20],
  ];

  it.each(['F32[3,5]{1,0:(2,2)}', 'f32[3,5]{1,0:T(2,2)}'])(
    'maps all 15 elements of %s',
    (shape) => {
      for (let r = 0; r < 3; r++) {
        for (let c = 0; c < 5; c++)
          expect(linearIndex(shape, [r, c]), `(${r},${c})`).toBe(figure1[r]![c]);
      }
    },
  );

  it('reproduces the worked example (2,3) -> 17', () => {
    // linear_index((1,1,0,1), (2,3,2,2)) = (1*3+1)*2*2 + (0*2+1) = 17
    expect(linearIndex('F32[3,5]{1,0:(2,2)}', [2, 3])).toBe(17);
    expect(delinearize('F32[3,5]{1,0:(2,2)}', 17)).toEqual([2, 3]);
  });

  it('has the padded physical shape (2,3,2,2) with 9 padding slots', () => {
    expect(expandedShape('f32[3,5]{1,0:T(2,2)}')).toEqual([2, 3, 2, 2]);
    expect(physicalElementCount('f32[3,5]{1,0:T(2,2)}')).toBe(24);
    const padding = [9, 11, 14, 15, 18, 19, 21, 22, 23]; // slots no figure1 entry lands on
    for (const slot of padding) expect(delinearize('f32[3,5]{1,0:T(2,2)}', slot)).toBeNull();
    expect(Array.from(offsetMap('f32[3,5]{1,0:T(2,2)}'))).toEqual(figure1.flat());
    const inverse = Array.from(inverseMap('f32[3,5]{1,0:T(2,2)}'));
    expect(inverse.filter((x) => x === -1)).toHaveLength(padding.length);
    for (const [logical, offset] of figure1.flat().entries()) expect(inverse[offset]).toBe(logical);
  });
});

describe('Figure 2: 4x8 tiled by (2,4)(2,1)', () => {
  // After (2,4): dims (tileRow, tileCol, r%2, c%4) = (2,2,2,4). The second tile (2,1) splits the
  // in-tile suffix (2,4) into counts (ceil(2/2), ceil(4/1)) = (1,4) and sizes (2,1):
  // final dims (2,2,1,4,2,1), offset = (tileRow*2 + tileCol)*8 + (c%4)*2 + r%2.
  // So each column pair of rows is adjacent in memory, as in the figure's red 2x1 boxes.
  const figure2 = [
    [0, 2, 4, 6, 8, 10, 12, 14],
    [1, 3, 5, 7, 9, 11, 13, 15],
    [16, 18, 20, 22, 24, 26, 28, 30],
    [17, 19, 21, 23, 25, 27, 29, 31],
  ];
  const shape = 'f32[4,8]{1,0:T(2,4)(2,1)}';

  it('maps all 32 elements', () => {
    for (let r = 0; r < 4; r++) {
      for (let c = 0; c < 8; c++)
        expect(linearIndex(shape, [r, c]), `(${r},${c})`).toBe(figure2[r]![c]);
    }
    expect(Array.from(offsetMap(shape))).toEqual(figure2.flat());
    expect(Array.from(offsetMap('F32[4,8]{1,0:(2,4)(2,1)}'))).toEqual(figure2.flat());
  });

  it('has no padding and inverts exactly', () => {
    expect(expandedShape(shape)).toEqual([2, 2, 1, 4, 2, 1]);
    const inverse = Array.from(inverseMap(shape));
    for (const [logical, offset] of figure2.flat().entries()) expect(inverse[offset]).toBe(logical);
    expect(inverse).not.toContain(-1);
  });
});

describe('Combining dimensions: F32[2,7,8,11,10]{4,3,2,1,0} with tile (*,*,2,*,3)', () => {
  // The seed: equivalent to F32[112,110]{1,0} tiled by (2,3). For combined row R and column C:
  // tile grid (56, 37), offset = (floor(R/2)*37 + floor(C/3))*6 + (R%2)*3 + C%3.
  const plainOffset = (R: number, C: number) =>
    (Math.floor(R / 2) * 37 + Math.floor(C / 3)) * 6 + (R % 2) * 3 + (C % 3);
  const shape = 'f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}';

  it('equals [112,110] T(2,3) for every element', () => {
    const map = offsetMap(shape);
    let logical = 0;
    for (let a = 0; a < 2; a++)
      for (let b = 0; b < 7; b++)
        for (let c = 0; c < 8; c++)
          for (let d = 0; d < 11; d++)
            for (let e = 0; e < 10; e++) {
              const expected = plainOffset((a * 7 + b) * 8 + c, d * 10 + e);
              expect(map[logical++]).toBe(expected);
              if ((a + b + c + d + e) % 7 === 0)
                expect(linearIndex(shape, [a, b, c, d, e])).toBe(expected);
            }
    expect(logical).toBe(12320);
  });

  it('matches the flat shape and has its padding', () => {
    expect(expandedShape(shape)).toEqual([56, 37, 2, 3]);
    expect(expandedShape('f32[112,110]{1,0:T(2,3)}')).toEqual([56, 37, 2, 3]);
    expect(physicalElementCount(shape)).toBe(56 * 37 * 6);
    expect(linearIndex(shape, [1, 2, 3, 4, 5])).toBe(
      linearIndex('f32[112,110]{1,0:T(2,3)}', [75, 45]),
    );
    // Column 110 of the last tile column (C = 110) is padding.
    expect(delinearize(shape, plainOffset(0, 110))).toBeNull();
  });
});
